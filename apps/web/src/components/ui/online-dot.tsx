import { clsx } from 'clsx';

/** Green when online, grey when not, with the word for screen readers. */
export function OnlineDot({ online }: { online: boolean }) {
  return (
    <>
      <span
        aria-hidden
        className={clsx(
          'size-2.5 shrink-0 rounded-full ring-2 ring-surface',
          online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-600',
        )}
      />
      <span className="sr-only">{online ? 'Online' : 'Offline'}</span>
    </>
  );
}
