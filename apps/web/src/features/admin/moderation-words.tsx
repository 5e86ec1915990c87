// How the console names punishments, where they stand, their appeals and what was sent to the game
// server. Where a punishment stands is worked out on the page's clock: a ban whose end has passed
// since the list was read is over.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ActionKind, AppealState, StaffAction } from '@prison/shared/moderation';
import type { Punishment } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { DoorOpen, Gavel, type LucideIcon, MicOff, TriangleAlert, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { profileRelativeTime, timestampTitle } from '../../lib/time-format.ts';

const chipClass =
  'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset';

const KINDS: Record<ActionKind, { label: MessageDescriptor; icon: LucideIcon; tone: string }> = {
  ban: {
    label: msg({ message: 'Ban', comment: 'A punishment type: the player may not join the server' }),
    icon: Gavel,
    tone: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  },
  mute: {
    label: msg({ message: 'Mute', comment: 'A punishment type: the player may not chat' }),
    icon: MicOff,
    tone: 'bg-violet-500/12 text-violet-800 ring-violet-600/25 dark:text-violet-300',
  },
  warning: {
    label: msg({ message: 'Warning', comment: 'A punishment type: a recorded warning' }),
    icon: TriangleAlert,
    tone: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  },
  kick: {
    label: msg({ message: 'Kick', comment: 'A punishment type: the player was removed from the server' }),
    icon: DoorOpen,
    tone: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
  },
  pardon: {
    label: msg({ message: 'Pardon', comment: 'A staff action: a ban, mute or warning lifted' }),
    icon: Undo2,
    tone: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  },
};

/** A punishment's type (or a pardon) as a small coloured badge with its icon. */
export function KindBadge({ kind, className }: { kind: ActionKind; className?: string }) {
  const { t } = useLingui();
  const { label, icon: Icon, tone } = KINDS[kind];
  return (
    <span data-type={kind} className={clsx(chipClass, tone, className)}>
      <Icon aria-hidden className="size-3.5" />
      {t(label)}
    </span>
  );
}

/** A punishment type's name: "Ban". */
export const kindLabel = (kind: ActionKind): MessageDescriptor => KINDS[kind].label;

/** Where a punishment stands now. */
export type Standing =
  | { kind: 'revoked'; at: string }
  | { kind: 'permanent' }
  | { kind: 'until'; until: string }
  | { kind: 'expired'; until: string }
  /** A kick is over as it happens: it has no end. */
  | { kind: 'kick' };

export function standingOf(
  punishment: Pick<Punishment, 'type' | 'until' | 'revoked'>,
  now: number,
): Standing {
  if (punishment.revoked) return { kind: 'revoked', at: punishment.revoked.at };
  if (punishment.type === 'kick') return { kind: 'kick' };
  if (punishment.until === null) return { kind: 'permanent' };
  return Date.parse(punishment.until) > now
    ? { kind: 'until', until: punishment.until }
    : { kind: 'expired', until: punishment.until };
}

/** A ban, mute or warning in force: what a pardon can lift. */
export const isPardonable = (standing: Standing): boolean =>
  standing.kind === 'permanent' || standing.kind === 'until';

const STANDING_TONES: Record<Exclude<Standing['kind'], 'kick'>, string> = {
  permanent: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  until: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  expired: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
  revoked: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
};

const pillClass =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

/** "Permanent", "Ends in 3d" (the exact time on hover), "Expired" or "Revoked"; a kick, a dash. */
export function StandingChip({ standing, now }: { standing: Standing; now: number }) {
  if (standing.kind === 'kick') {
    return (
      <span className="text-sm text-fg-muted">
        <span aria-hidden>—</span>
        <span className="sr-only">
          <Trans comment="In place of an end for a kick, which has none">No end: a kick</Trans>
        </span>
      </span>
    );
  }
  const moment =
    standing.kind === 'revoked' ? standing.at : standing.kind === 'permanent' ? null : standing.until;
  const when = moment === null ? '' : profileRelativeTime(moment, now);
  return (
    <span
      data-standing={standing.kind}
      {...(moment !== null && timestampTitle(moment))}
      className={clsx(pillClass, STANDING_TONES[standing.kind])}
    >
      {standing.kind === 'permanent' ? (
        <Trans comment="A punishment in force with no end">Permanent</Trans>
      ) : standing.kind === 'until' ? (
        <Trans comment="A punishment in force until a time; {when} is how far ahead, e.g. in 3d">
          Ends {when}
        </Trans>
      ) : standing.kind === 'expired' ? (
        <Trans comment="A punishment whose end has passed">Expired</Trans>
      ) : (
        <Trans comment="A punishment lifted before its end (a pardon, an accepted appeal)">Revoked</Trans>
      )}
    </span>
  );
}

const APPEAL_TONES: Record<AppealState, string> = {
  open: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
  accepted: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  denied: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
};

/** Where a punishment's appeal stands. */
export function AppealChip({ state }: { state: AppealState }) {
  return (
    <span data-appeal={state} className={clsx(pillClass, APPEAL_TONES[state])}>
      {state === 'open' ? (
        <Trans comment="A punishment's appeal waiting for staff">Appeal open</Trans>
      ) : state === 'accepted' ? (
        <Trans comment="A punishment's appeal that staff accepted">Appeal accepted</Trans>
      ) : (
        <Trans comment="A punishment's appeal that staff denied">Appeal denied</Trans>
      )}
    </span>
  );
}

const SENT_TONES: Record<StaffAction['state'], string> = {
  sending: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
  sent: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  failed: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
};

/** How a command sent to the game server went. */
export function SentChip({ state }: { state: StaffAction['state'] }) {
  return (
    <span data-state={state} className={clsx(pillClass, SENT_TONES[state])}>
      {state === 'sending' ? (
        <Trans comment="A command on its way to the game server, no answer yet">Sending</Trans>
      ) : state === 'sent' ? (
        <Trans comment="A command the game server ran">Sent</Trans>
      ) : (
        <Trans comment="A command the game server did not get">Failed</Trans>
      )}
    </span>
  );
}

/** Small marks beside a punishment: staff-only ones. */
export function Mark({ children, tone = 'plain' }: { children: ReactNode; tone?: 'plain' | 'warn' }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-[11px] font-semibold ring-1 ring-inset',
        tone === 'warn'
          ? 'bg-amber-400/12 text-amber-800 ring-amber-600/25 dark:text-amber-300'
          : 'bg-fg/[0.05] text-fg-muted ring-line-strong',
      )}
    >
      {children}
    </span>
  );
}
