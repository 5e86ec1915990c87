import { clsx } from 'clsx';

/**
 * The grid and coloured glow behind a page's header, fading into the canvas. `glow` is the page's own
 * radial-gradient background (a literal class, so that Tailwind sees it); `height` its extent.
 */
export function PageBackdrop({ glow, height = 'h-[30rem]' }: { glow: string; height?: string }) {
  return (
    <div
      aria-hidden
      className={clsx('pointer-events-none absolute inset-x-0 -top-16 -z-10 overflow-hidden', height)}
    >
      <div className="absolute inset-0 bg-grid opacity-60" />
      <div className={clsx('absolute inset-0', glow)} />
      <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-canvas" />
    </div>
  );
}
