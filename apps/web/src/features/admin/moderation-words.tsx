// The console's own words beside a punishment (components/ui/punishment-badges.tsx names the
// punishment and where it stands): a pardon among staff actions, where an appeal stands, what was
// sent to the game server, and the marks only staff see.
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ActionKind, AppealState, StaffAction } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import {
  APPEAL_TONES,
  type BadgeWords,
  PILL_TONES,
  type PillTone,
  pillClass,
  TypeBadge,
  WordBadge,
} from '../../components/ui/punishment-badges.tsx';

const PARDON: BadgeWords = {
  one: msg({ message: 'Pardon', comment: 'A staff action: a ban, mute or warning lifted' }),
  icon: Undo2,
  tone: PILL_TONES.green,
};

/** A punishment's type (or a pardon) as a small coloured badge with its icon. */
export function KindBadge({ kind, className }: { kind: ActionKind; className?: string }) {
  return kind === 'pardon' ? (
    <WordBadge kind={kind} words={PARDON} className={className} />
  ) : (
    <TypeBadge type={kind} className={className} />
  );
}

/** Where a punishment's appeal stands. */
export function AppealChip({ state }: { state: AppealState }) {
  return (
    <span data-appeal={state} className={clsx(pillClass, PILL_TONES[APPEAL_TONES[state]])}>
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

const SENT_TONES: Record<StaffAction['state'], PillTone> = { sending: 'blue', sent: 'green', failed: 'rose' };

/** How a command sent to the game server went. */
export function SentChip({ state }: { state: StaffAction['state'] }) {
  return (
    <span data-state={state} className={clsx(pillClass, PILL_TONES[SENT_TONES[state]])}>
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
