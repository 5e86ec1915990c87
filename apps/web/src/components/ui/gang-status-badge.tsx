import { Trans } from '@lingui/react/macro';
import { gangStatusLabel, gangStatusTone } from '@prison/shared/gang-status';
import { clsx } from 'clsx';

const TONES = {
  green: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  amber: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  red: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  neutral: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
} as const;

/** The words of a gang's status: the spec's three in the page's language, any other as the game names it. */
function StatusWords({ status }: { status: string }) {
  if (status === 'Open') return <Trans comment="Gang status: anyone may join">Open</Trans>;
  if (status === 'InviteOnly')
    return <Trans comment="Gang status: players join when invited">Invite only</Trans>;
  if (status === 'Closed') return <Trans comment="Gang status: nobody may join">Closed</Trans>;
  return gangStatusLabel(status);
}

/** A gang's status in its spec 4 colour. */
export function GangStatusBadge({ status }: { status: string }) {
  return (
    <span
      data-tone={gangStatusTone(status)}
      className={clsx(
        'inline-flex shrink-0 items-center rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset',
        TONES[gangStatusTone(status)],
      )}
    >
      <StatusWords status={status} />
    </span>
  );
}
