import { clsx } from 'clsx';

// Class recipes rather than components, so the same look applies to <button>, <Link> and <a>.
const base =
  'inline-flex items-center justify-center gap-2 rounded-xl font-semibold whitespace-nowrap transition ' +
  'duration-150 disabled:pointer-events-none disabled:opacity-50 motion-safe:active:scale-[0.98]';

const variants = {
  primary:
    'bg-gradient-to-b from-amber-300 to-amber-500 text-amber-950 shadow-[0_8px_24px_-8px_rgb(245_158_11/0.55)] ' +
    'ring-1 ring-inset ring-amber-200/60 hover:from-amber-200 hover:to-amber-400',
  secondary:
    'bg-surface-raised text-fg ring-1 ring-inset ring-line-strong shadow-card hover:bg-surface-sunken ' +
    'dark:hover:bg-white/[0.06]',
  ghost: 'text-fg-muted hover:bg-fg/[0.06] hover:text-fg',
  // What is not undone by a click (deleting): white on deep rose, 6:1 in both themes.
  danger:
    'bg-rose-700 text-white shadow-[0_8px_24px_-8px_rgb(225_29_72/0.5)] ring-1 ring-inset ring-rose-600 ' +
    'hover:bg-rose-800',
} as const;

const sizes = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
} as const;

export function buttonClass(
  variant: keyof typeof variants = 'primary',
  size: keyof typeof sizes = 'md',
  extra?: string,
): string {
  return clsx(base, variants[variant], sizes[size], extra);
}

export const iconButtonClass =
  'inline-flex size-10 items-center justify-center rounded-xl text-fg-muted transition hover:bg-fg/[0.06] ' +
  'hover:text-fg';
