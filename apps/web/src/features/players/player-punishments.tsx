// The punishment parts of a player's page: the ban in force, under the hero, and their newest
// punishments, or a note that they keep them private. Staff and the player themselves are sent the
// history all the same (their bearer goes along, as for the statistics).
import { Trans, useLingui } from '@lingui/react/macro';
import type { PlayerPage } from '@prison/shared/players';
import type { Punishment } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { ArrowRight, EyeOff, Gavel, Lock, ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { StandingChip, standingOf, TypeBadge } from '../../components/ui/punishment-badges.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSession } from '../../lib/session.ts';
import { profileRelativeTime, socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { utcDateTime } from '../../lib/utc-time.ts';
import { HISTORY_LIMIT, usePlayerPunishments } from './api.ts';

const punishmentPath = (id: number) => `/punishments/${id}`;
const searchPath = (username: string) => `/punishments?${new URLSearchParams({ q: username })}`;

/**
 * "X is banned", with when it ends, why, and a link to the ban: while it is in force by the page's
 * clock (the page's `ban` may have ended since it was sent), nothing after.
 */
export function BanNotice({ player, className }: { player: PlayerPage; className?: string }) {
  const now = useNow();
  const { ban } = player;
  if (!ban || (ban.until !== null && Date.parse(ban.until) <= now)) return null;
  const username = player.username;
  const until = ban.until;
  const reason = ban.reason;
  return (
    <section
      aria-labelledby="ban-title"
      data-testid="ban-notice"
      className={clsx(
        'grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 rounded-2xl border border-rose-500/35 bg-rose-500/[0.08] p-4 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:p-5',
        className,
      )}
    >
      <span className="flex size-10 shrink-0 items-center justify-center self-start rounded-xl bg-rose-500/15 text-rose-700 ring-1 ring-rose-500/30 sm:size-11 sm:self-center dark:text-rose-300">
        <Gavel aria-hidden className="size-5" />
      </span>
      <div className="min-w-0">
        <h2 id="ban-title" className="font-display text-lg font-bold text-rose-900 dark:text-rose-100">
          {until === null ? (
            <Trans>{username} is banned permanently</Trans>
          ) : (
            <BannedUntil username={username} until={until} now={now} />
          )}
        </h2>
        <p className="mt-1 text-sm break-words text-rose-900/80 dark:text-rose-100/80">
          {reason ? (
            <Trans comment="Under a player's ban notice: why they were banned">Reason: {reason}</Trans>
          ) : (
            <Trans>No reason given</Trans>
          )}
        </p>
      </div>
      <Link
        to={punishmentPath(ban.id)}
        className="col-start-2 inline-flex shrink-0 items-center gap-1.5 justify-self-start text-sm font-semibold text-rose-800 hover:underline sm:col-start-3 dark:text-rose-200"
      >
        <Trans>See the ban</Trans>
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </section>
  );
}

function BannedUntil({ username, until, now }: { username: string; until: string; now: number }) {
  const date = utcDateTime(new Date(until));
  const when = profileRelativeTime(until, now);
  return (
    <Trans comment="{date} is a date and time in UTC; {when} how far ahead it is, e.g. in 3d">
      {username} is banned until{' '}
      <time dateTime={until} {...timestampTitle(until)}>
        {date} UTC
      </time>{' '}
      ({when})
    </Trans>
  );
}

/**
 * The player's newest punishments with a way to all of them, or a note that they keep them private.
 * The server renders it as a visitor sees it, and the browser hydrates it so before asking with a
 * session (useSession reads no session while hydrating).
 */
export function PunishmentHistory({ player }: { player: PlayerPage }) {
  const { t } = useLingui();
  const session = useSession();
  const hidden = player.punishments_hidden;
  // A visitor is not sent a hidden history: nothing to ask. Signed in, the server decides.
  const history = usePlayerPunishments(player.uuid, !hidden || session !== null);
  const username = player.username;
  const refused = isHttpError(history.error) && history.error.status === 403;

  if (hidden && (session === null || refused)) return <PrivateHistory username={username} />;
  const own = session?.user.uuid === player.uuid;
  return (
    <PageSection
      id="punishments-title"
      title={t`Punishment history`}
      icon={<ScrollText className="size-5" />}
      aside={
        <Link
          to={searchPath(username)}
          className="inline-flex items-center gap-1 text-sm font-semibold text-accent hover:underline"
        >
          <Trans>Search all of {username}'s punishments</Trans>
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      }
    >
      {hidden && history.data && (
        <Alert tone="info" className="mb-4">
          <span className="inline-flex items-center gap-2">
            <EyeOff aria-hidden className="size-4 shrink-0" />
            {own ? (
              <Trans>
                You hide your punishment history from your page: visitors read that it is private.
              </Trans>
            ) : (
              <Trans>{username} hides this from the public: you see it as staff.</Trans>
            )}
          </span>
        </Alert>
      )}
      {history.data ? (
        history.data.punishments.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
            <Trans>No punishments on record. A clean sheet.</Trans>
          </p>
        ) : (
          <HistoryList punishments={history.data.punishments} more={history.data.next_cursor !== null} />
        )
      ) : history.isError ? (
        <LoadError
          message={errorText(history.error, t`The punishment history could not be loaded.`)}
          retrying={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : (
        <div role="status" aria-label={t`Loading the punishment history`} className="space-y-3">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-[4.5rem] rounded-2xl" />
          ))}
        </div>
      )}
    </PageSection>
  );
}

function PrivateHistory({ username }: { username: string }) {
  return (
    <section
      aria-labelledby="punishments-private-title"
      className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-10 text-center"
    >
      <span className="flex size-12 items-center justify-center rounded-2xl bg-fg/[0.06] text-fg-muted">
        <Lock aria-hidden className="size-6" />
      </span>
      <h2 id="punishments-private-title" className="font-display text-xl font-bold text-fg">
        <Trans>{username} keeps their punishment history private.</Trans>
      </h2>
      <p className="max-w-md text-pretty text-fg-muted">
        <Trans>Only they and the staff see it on this page.</Trans>
      </p>
    </section>
  );
}

function HistoryList({ punishments, more }: { punishments: Punishment[]; more: boolean }) {
  // The list's own clock: its relative times tick without drawing the page again.
  const now = useNow();
  const count = HISTORY_LIMIT;
  return (
    <>
      <ol aria-labelledby="punishments-title" className="space-y-3">
        {punishments.map((punishment) => (
          <HistoryEntry key={punishment.id} punishment={punishment} now={now} />
        ))}
      </ol>
      {more && (
        <p className="mt-3 text-sm text-fg-muted">
          <Trans>The newest {count} are shown here.</Trans>
        </p>
      )}
    </>
  );
}

// A phone's card: the type and where it stands, then the reason and who gave it; from sm on, one line.
const ENTRY_LAYOUT =
  "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2 [grid-template-areas:'type_standing'_'body_body'] " +
  "sm:grid-cols-[6.5rem_minmax(0,1fr)_auto] sm:gap-x-4 sm:[grid-template-areas:'type_body_standing']";

function HistoryEntry({ punishment, now }: { punishment: Punishment; now: number }) {
  const { t } = useLingui();
  const standing = standingOf(punishment, now);
  const staffName = punishment.staff?.name;
  const issued = socialRelativeTime(punishment.issued_at, now);
  return (
    <li className={cardClass(clsx(ENTRY_LAYOUT, 'relative p-4 hover:border-line-strong'))}>
      <TypeBadge type={punishment.type} className="w-fit [grid-area:type]" />
      <span className="min-w-0 [grid-area:body]">
        <Link
          to={punishmentPath(punishment.id)}
          className={clsx(
            'line-clamp-2 rounded-sm text-sm break-words after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            punishment.reason ? 'text-fg' : 'text-fg-muted italic',
          )}
        >
          {punishment.reason ?? t`No reason given`}
        </Link>
        <span className="mt-0.5 block text-xs text-fg-muted">
          {staffName ? (
            <Trans comment="Who issued a punishment, and how long ago">
              by {staffName} ·{' '}
              <time
                dateTime={punishment.issued_at}
                {...timestampTitle(punishment.issued_at)}
                className="relative z-10"
              >
                {issued}
              </time>
            </Trans>
          ) : (
            <Trans comment="A punishment issued from the server's console, and how long ago">
              by Console ·{' '}
              <time
                dateTime={punishment.issued_at}
                {...timestampTitle(punishment.issued_at)}
                className="relative z-10"
              >
                {issued}
              </time>
            </Trans>
          )}
        </span>
      </span>
      {/* A kick has no end: its card leaves the place empty. */}
      <span className="justify-self-end [grid-area:standing]">
        {standing.kind !== 'kick' && <StandingChip standing={standing} now={now} />}
      </span>
    </li>
  );
}
