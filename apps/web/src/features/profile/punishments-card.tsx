// The player's own punishments on their profile (shown only when they have any), newest first, with
// where each stands; a ban or mute in force may be appealed once, and the appeal's state and staff's
// reply show on it, live from the social socket.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Appeal, OwnPunishment } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { Gavel, MessageSquareText } from 'lucide-react';
import { lazy, Suspense, useId, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import {
  APPEAL_TONES,
  PILL_TONES,
  pillClass,
  StandingChip,
  standingOf,
  TypeBadge,
} from '../../components/ui/punishment-badges.tsx';
import { formatTimestamp, socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useOwnPunishments } from './api.ts';

/** Where the player's appeal stands, in the player's words. */
const APPEAL_WORDS: Record<Appeal['state'], MessageDescriptor> = {
  open: msg({ message: 'Waiting for staff', comment: 'An appeal staff have not answered yet' }),
  accepted: msg({ message: 'Accepted', comment: 'An appeal staff accepted' }),
  denied: msg({ message: 'Denied', comment: 'An appeal staff denied' }),
};

// The appeal form checks the contract's limits (and so loads zod): it loads when first opened.
const AppealDialog = lazy(async () => ({ default: (await import('./appeal-dialog.tsx')).AppealDialog }));

/** The player's punishments; nothing at all while they have none (or the list cannot be had). */
export function PunishmentsCard({ token }: { token: string | null }) {
  const { t } = useLingui();
  const titleId = useId();
  const punishments = useOwnPunishments(token).data;
  const now = useNow(15_000);
  const [appealing, setAppealing] = useState<OwnPunishment | null>(null);
  const [sent, setSent] = useState(false);
  if (!punishments || punishments.length === 0) return null;
  return (
    <section aria-labelledby={titleId} className={cardClass('p-5')} id="punishments">
      <div className="flex min-w-0 gap-3">
        <span
          aria-hidden
          className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-rose-500/10 text-rose-700 ring-1 ring-rose-500/25 dark:text-rose-300"
        >
          <Gavel className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 id={titleId} className="font-display text-lg font-bold text-fg">
            <Trans comment="The profile card of the player's own punishments">Punishments</Trans>
          </h3>
          <p className="mt-0.5 text-sm text-pretty text-fg-muted">
            <Trans>
              Bans, mutes, warnings and kicks on your account, newest first. You may appeal a ban or mute in
              force once: staff answer here.
            </Trans>
          </p>
        </div>
      </div>
      <p role="status" className="text-sm text-emerald-800 empty:hidden dark:text-emerald-200">
        {sent && (
          <span className="mt-4 block">
            <Trans>
              Your appeal is sent. Staff answer it here, and this page shows their answer as it comes.
            </Trans>
          </span>
        )}
      </p>
      <ol aria-label={t`Your punishments`} className="mt-4 divide-y divide-line border-t border-line">
        {punishments.map((punishment) => (
          <PunishmentItem
            key={punishment.id}
            punishment={punishment}
            now={now}
            onAppeal={() => {
              setSent(false);
              setAppealing(punishment);
            }}
          />
        ))}
      </ol>
      {appealing && (
        <Suspense fallback={null}>
          <AppealDialog
            key={appealing.id}
            punishment={appealing}
            onClose={() => setAppealing(null)}
            onSent={() => {
              setAppealing(null);
              setSent(true);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

function PunishmentItem({
  punishment,
  now,
  onAppeal,
}: {
  punishment: OwnPunishment;
  now: number;
  onAppeal: () => void;
}) {
  const { t } = useLingui();
  const staffName = punishment.staff?.name;
  const issued = socialRelativeTime(punishment.issued_at, now);
  const standing = standingOf(punishment, now);
  return (
    <li data-punishment={punishment.id} className="py-4">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <TypeBadge type={punishment.type} />
        {/* A kick has no end: nothing stands beside it. */}
        {standing.kind !== 'kick' && (
          <span className="ml-auto">
            <StandingChip standing={standing} now={now} />
          </span>
        )}
      </div>
      <p className={clsx('mt-2 text-sm break-words', punishment.reason ? 'text-fg' : 'text-fg-muted italic')}>
        {punishment.reason ?? t`No reason given`}
      </p>
      <p className="mt-1 text-xs text-fg-muted">
        {punishment.staff ? (
          <Trans comment="Who issued a punishment and when; {issued} is e.g. 3d ago">
            by {staffName} ·{' '}
            <time dateTime={punishment.issued_at} title={formatTimestamp(punishment.issued_at)}>
              {issued}
            </time>
          </Trans>
        ) : (
          <Trans comment="A punishment issued from the server's console, and when; {issued} is e.g. 3d ago">
            by Console ·{' '}
            <time dateTime={punishment.issued_at} title={formatTimestamp(punishment.issued_at)}>
              {issued}
            </time>
          </Trans>
        )}
      </p>
      {punishment.appeal ? (
        <AppealState appeal={punishment.appeal} now={now} />
      ) : (
        punishment.appealable && (
          <button
            type="button"
            onClick={onAppeal}
            aria-label={punishment.type === 'ban' ? t`Appeal this ban` : t`Appeal this mute`}
            className={buttonClass('secondary', 'sm', 'mt-3')}
          >
            <MessageSquareText aria-hidden className="size-4" />
            <Trans comment="Button: opens the form to appeal a ban or mute">Appeal</Trans>
          </button>
        )
      )}
    </li>
  );
}

/** The player's appeal: where it stands, and staff's reply once there is one. */
function AppealState({ appeal, now }: { appeal: Appeal; now: number }) {
  const { t } = useLingui();
  const appealed = socialRelativeTime(appeal.created_at, now);
  const staff = appeal.decided_by?.name;
  return (
    <div data-appeal={appeal.state} className="mt-3 rounded-xl border border-line bg-surface-sunken/60 p-3.5">
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-fg-muted">
        <span className="font-semibold text-fg">
          <Trans comment="Before the state of the player's appeal">Your appeal</Trans>
        </span>
        <span className={clsx(pillClass, PILL_TONES[APPEAL_TONES[appeal.state]])}>
          {t(APPEAL_WORDS[appeal.state])}
        </span>
        <time dateTime={appeal.created_at} title={formatTimestamp(appeal.created_at)} className="ml-auto">
          {appealed}
        </time>
      </p>
      {appeal.reply && (
        <div className="mt-2.5">
          <p className="text-xs font-semibold text-fg-muted">
            {staff ? (
              <Trans comment="Above staff's reply to an appeal; {staff} is the staff member">
                Reply from {staff}
              </Trans>
            ) : (
              <Trans comment="Above staff's reply to an appeal">Reply from staff</Trans>
            )}
          </p>
          <p className="mt-1 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
            {appeal.reply}
          </p>
        </div>
      )}
    </div>
  );
}
