import { gangColor, isLight, sixDigitHex } from '@prison/shared/gang-colors';
import { clsx } from 'clsx';
import { Shield } from 'lucide-react';

/** The gang's colour as a crest: text never takes the colour itself, which could be unreadable. */
export function GangCrest({ color, size = 'md' }: { color: string | null; size?: 'md' | 'lg' }) {
  const hex = sixDigitHex(gangColor(color));
  return (
    <span
      aria-hidden
      data-color={hex}
      className={clsx(
        'flex shrink-0 items-center justify-center rounded-xl ring-1 ring-inset ring-black/10 dark:ring-white/15',
        size === 'lg' ? 'size-14' : 'size-10',
      )}
      style={{ background: `linear-gradient(135deg, ${hex}, ${hex}cc)` }}
    >
      <Shield
        className={clsx(
          isLight(hex) ? 'text-black/60' : 'text-white drop-shadow',
          size === 'lg' ? 'size-7' : 'size-5',
        )}
      />
    </span>
  );
}
