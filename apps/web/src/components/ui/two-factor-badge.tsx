import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { ShieldCheck, ShieldOff } from 'lucide-react';

/** Whether an account's two-factor sign-in is on: the profile's Security card and the staff list. */
export function TwoFactorBadge({ on, className }: { on: boolean; className?: string }) {
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ring-inset',
        on
          ? 'bg-emerald-500/10 text-emerald-800 ring-emerald-500/30 dark:text-emerald-200'
          : 'bg-fg/[0.06] text-fg-muted ring-line-strong',
        className,
      )}
    >
      {on ? <ShieldCheck aria-hidden className="size-3.5" /> : <ShieldOff aria-hidden className="size-3.5" />}
      {on ? <Trans>Two-factor on</Trans> : <Trans>Two-factor off</Trans>}
    </span>
  );
}
