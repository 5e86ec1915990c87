// How the profile names the player's punishments and where they stand, on the page's clock (an end
// may have passed since the list came), and where an appeal of theirs stands.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Appeal, OwnPunishment } from '@prison/shared/moderation';
import type { PunishmentType } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { DoorOpen, Gavel, type LucideIcon, MicOff, TriangleAlert } from 'lucide-react';
import { formatTimestamp, profileRelativeTime } from '../../lib/time-format.ts';

const TYPES: Record<PunishmentType, { label: MessageDescriptor; icon: LucideIcon; tone: string }> = {
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
};

export function TypeBadge({ type }: { type: PunishmentType }) {
  const { t } = useLingui();
  const { label, icon: Icon, tone } = TYPES[type];
  return (
    <span
      data-type={type}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset',
        tone,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(label)}
    </span>
  );
}

export const pillClass =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';
export const TONES = {
  rose: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  amber: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  grey: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
  green: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  blue: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
} as const;

/** Where a punishment stands, on the page's clock (an end may have passed since the list came). */
export function Standing({ punishment, now }: { punishment: OwnPunishment; now: number }) {
  if (punishment.revoked) {
    return (
      <span data-standing="revoked" className={clsx(pillClass, TONES.green)}>
        <Trans comment="A punishment lifted before its end (a pardon, an accepted appeal)">Revoked</Trans>
      </span>
    );
  }
  if (punishment.type === 'kick') return null;
  if (punishment.until === null) {
    return (
      <span data-standing="permanent" className={clsx(pillClass, TONES.rose)}>
        <Trans comment="A punishment in force with no end">Permanent</Trans>
      </span>
    );
  }
  const until = punishment.until;
  if (Date.parse(until) <= now) {
    return (
      <span data-standing="expired" className={clsx(pillClass, TONES.grey)}>
        <Trans comment="A punishment whose end has passed">Expired</Trans>
      </span>
    );
  }
  const when = profileRelativeTime(until, now);
  return (
    <span data-standing="until" title={formatTimestamp(until)} className={clsx(pillClass, TONES.amber)}>
      <Trans comment="A punishment in force until a time; {when} is how far ahead, e.g. in 3d">
        Ends {when}
      </Trans>
    </span>
  );
}

export const APPEAL_STATES: Record<Appeal['state'], { label: MessageDescriptor; tone: keyof typeof TONES }> =
  {
    open: {
      label: msg({ message: 'Waiting for staff', comment: 'An appeal staff have not answered yet' }),
      tone: 'blue',
    },
    accepted: { label: msg({ message: 'Accepted', comment: 'An appeal staff accepted' }), tone: 'green' },
    denied: { label: msg({ message: 'Denied', comment: 'An appeal staff denied' }), tone: 'grey' },
  };
