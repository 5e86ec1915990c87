// How a punishment is named and where it stands, wherever it shows (the punishments pages, a player's
// page, the profile, the console): its type's words and badge, and whether it is in force, ended or
// lifted, worked out on the page's clock (an answer's `active` may have gone stale: a ban whose end
// has passed since is over). Types only from the contract: a public page's first load has no zod.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AppealState } from '@prison/shared/moderation';
import type { Punishment, PunishmentType } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { DoorOpen, Gavel, type LucideIcon, MicOff, TriangleAlert } from 'lucide-react';
import { profileRelativeTime, timestampTitle } from '../../lib/time-format.ts';

/** How a badge reads: its word, its icon and its colours. */
export interface BadgeWords {
  /** One of them: "Ban". */
  one: MessageDescriptor;
  icon: LucideIcon;
  tone: string;
}

interface TypeWords extends BadgeWords {
  /** The tab of them all: "Bans". */
  many: MessageDescriptor;
}

export const TYPE_WORDS: Record<PunishmentType, TypeWords> = {
  ban: {
    one: msg({ message: 'Ban', comment: 'A punishment type: the player may not join the server' }),
    many: msg({ message: 'Bans', comment: 'The tab of the punishments list showing bans' }),
    icon: Gavel,
    tone: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  },
  mute: {
    one: msg({ message: 'Mute', comment: 'A punishment type: the player may not chat' }),
    many: msg({ message: 'Mutes', comment: 'The tab of the punishments list showing mutes' }),
    icon: MicOff,
    tone: 'bg-violet-500/12 text-violet-800 ring-violet-600/25 dark:text-violet-300',
  },
  warning: {
    one: msg({ message: 'Warning', comment: 'A punishment type: a recorded warning' }),
    many: msg({ message: 'Warnings', comment: 'The tab of the punishments list showing warnings' }),
    icon: TriangleAlert,
    tone: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  },
  kick: {
    one: msg({ message: 'Kick', comment: 'A punishment type: the player was removed from the server' }),
    many: msg({ message: 'Kicks', comment: 'The tab of the punishments list showing kicks' }),
    icon: DoorOpen,
    tone: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
  },
};

/** A small coloured badge with its icon; `kind` names it for tests and styles (`data-type`). */
export function WordBadge({
  kind,
  words,
  className,
}: {
  kind: string;
  words: BadgeWords;
  className?: string;
}) {
  const { t } = useLingui();
  const { one, icon: Icon, tone } = words;
  return (
    <span
      data-type={kind}
      className={clsx(
        'inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-0.5 text-[11px] font-bold tracking-wider uppercase ring-1 ring-inset',
        tone,
        className,
      )}
    >
      <Icon aria-hidden className="size-3.5" />
      {t(one)}
    </span>
  );
}

/** A punishment's type as a small coloured badge with its icon. */
export function TypeBadge({ type, className }: { type: PunishmentType; className?: string }) {
  return <WordBadge kind={type} words={TYPE_WORDS[type]} className={className} />;
}

/** A rounded chip of a few words: where a punishment, its appeal or a command stands. */
export const pillClass =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset';

export const PILL_TONES = {
  rose: 'bg-rose-500/12 text-rose-800 ring-rose-600/25 dark:text-rose-300',
  amber: 'bg-amber-400/15 text-amber-800 ring-amber-600/30 dark:text-amber-300',
  grey: 'bg-zinc-500/12 text-zinc-700 ring-zinc-500/25 dark:text-zinc-300',
  green: 'bg-emerald-500/12 text-emerald-800 ring-emerald-600/25 dark:text-emerald-300',
  blue: 'bg-sky-500/12 text-sky-800 ring-sky-600/25 dark:text-sky-300',
} as const;

export type PillTone = keyof typeof PILL_TONES;

/** An appeal's colour, wherever it shows (each place has its own words for it). */
export const APPEAL_TONES: Record<AppealState, PillTone> = {
  open: 'blue',
  accepted: 'green',
  denied: 'grey',
};

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
export const isInForce = (standing: Standing): boolean =>
  standing.kind === 'permanent' || standing.kind === 'until';

const STANDING_TONES: Record<Exclude<Standing['kind'], 'kick'>, PillTone> = {
  permanent: 'rose',
  until: 'amber',
  expired: 'grey',
  revoked: 'green',
};

/**
 * Where a punishment stands, in a few words: "Permanent", "Ends in 3d" (the exact time on hover),
 * "Expired" or "Revoked"; a kick, which has no end, a dash.
 */
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
      className={clsx(pillClass, PILL_TONES[STANDING_TONES[standing.kind]])}
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
        <Trans comment="A punishment lifted before its end (an unban, an accepted appeal)">Revoked</Trans>
      )}
    </span>
  );
}
