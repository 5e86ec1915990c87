import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';

const SIZES = { sm: 'size-2.5 ring-2', lg: 'size-4 ring-4' } as const;
// The ring cuts the dot out of what it sits on (an avatar's corner).
const RINGS = { surface: 'ring-surface', raised: 'ring-surface-raised' } as const;

/**
 * Green when online, grey when not, with the word for screen readers unless the text beside it
 * already says so (`announce={false}`).
 */
export function OnlineDot({
  online,
  size = 'sm',
  on = 'surface',
  announce = true,
}: {
  online: boolean;
  size?: keyof typeof SIZES;
  on?: keyof typeof RINGS;
  announce?: boolean;
}) {
  const { t } = useLingui();
  return (
    <>
      <span
        aria-hidden
        className={clsx(
          'shrink-0 rounded-full',
          SIZES[size],
          RINGS[on],
          online ? 'bg-emerald-500' : 'bg-zinc-400 dark:bg-zinc-600',
        )}
      />
      {announce && <span className="sr-only">{online ? t`Online` : t`Offline`}</span>}
    </>
  );
}
