// /punishments/{id}: one punishment, all it shows the public: the player, who gave it and why, when,
// until when, and whether and how it was lifted.
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { Punishment } from '@prison/shared/punishments';
import { ArrowRight, ChevronLeft, Search, Terminal, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, type LoaderFunctionArgs, useParams } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink, playerPath } from '../../components/ui/entity-links.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { StandingChip, standingOf, TYPE_WORDS, TypeBadge } from '../../components/ui/punishment-badges.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isNotFound } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { profileRelativeTime, socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { utcDateTime } from '../../lib/utc-time.ts';
import { punishmentQueryOptions, usePunishment } from './api.ts';
import { writeFilters } from './punishment-filters.ts';
import { PunishmentNotFound } from './punishment-not-found.tsx';

/** The route's loader: the punishment, so that the page renders once with it (and the server's HTML holds it). */
export const punishmentLoader = ({ params }: LoaderFunctionArgs) =>
  waitForFirstRender(queryForFirstRender(punishmentQueryOptions(params.id ?? '')));

export function PunishmentPage() {
  const { id = '' } = useParams();
  const punishment = usePunishment(id);
  const { t } = useLingui();

  if (isNotFound(punishment.error)) return <PunishmentNotFound />;
  return (
    <div className="relative isolate">
      <PageBackdrop glow="bg-[radial-gradient(36rem_22rem_at_0%_0%,rgb(244_63_94/0.12),transparent_70%),radial-gradient(30rem_20rem_at_100%_0%,rgb(251_191_36/0.12),transparent_70%)]" />
      <div className="container-page max-w-4xl pt-8 pb-16 sm:pt-12 sm:pb-24">
        <Link
          to="/punishments"
          className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-fg-muted hover:text-fg"
        >
          <ChevronLeft aria-hidden className="size-4" />
          <Trans>Punishments</Trans>
        </Link>
        {punishment.data ? (
          <Details punishment={punishment.data} />
        ) : punishment.isError ? (
          <>
            <title>{pageTitle(t`Punishment`)}</title>
            <LoadError
              className="mt-8"
              message={errorText(punishment.error, t`This punishment could not be loaded.`)}
              retrying={punishment.isFetching}
              onRetry={() => void punishment.refetch()}
            />
          </>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}

/** "Ban #1204": the punishment's name, on its page and in its title. */
function usePunishmentName(punishment: Punishment): string {
  const { t } = useLingui();
  const type = t(TYPE_WORDS[punishment.type].one);
  const number = punishment.id;
  return t({ message: `${type} #${number}`, comment: 'A punishment by its type and number, e.g. Ban #1204' });
}

function Details({ punishment }: { punishment: Punishment }) {
  const { t } = useLingui();
  const now = useNow();
  const name = usePunishmentName(punishment);
  const { player, staff, reason, revoked } = punishment;
  const username = player.name;
  const standing = standingOf(punishment, now);
  const search = writeFilters({ type: null, status: 'all', q: username, after: null }).toString();

  return (
    <>
      <title>{pageTitle(`${name} · ${username}`)}</title>
      <article aria-labelledby="punishment-title" className={cardClass('mt-6 overflow-hidden')}>
        <header className="flex flex-col gap-5 border-b border-line p-5 sm:flex-row sm:items-center sm:justify-between sm:p-7">
          <div className="flex min-w-0 items-center gap-4">
            <PlayerAvatar
              uuid={player.uuid}
              size={64}
              priority
              className="size-16 rounded-2xl ring-1 ring-line"
            />
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <TypeBadge type={punishment.type} />
                <StandingChip standing={standing} now={now} />
              </div>
              <h1
                id="punishment-title"
                className="mt-2 font-display text-3xl font-bold tracking-tight break-words text-fg sm:text-4xl"
              >
                {name}
              </h1>
              <p className="mt-1 truncate text-fg-muted">
                <PlayerLink username={username} className="font-semibold text-fg" />
              </p>
            </div>
          </div>
        </header>

        <dl className="grid gap-x-8 gap-y-6 p-5 sm:grid-cols-2 sm:p-7">
          <Field label={t({ message: 'Reason', comment: 'Why a punishment was given' })} wide>
            {reason ? (
              <p className="text-lg text-pretty break-words whitespace-pre-line text-fg">{reason}</p>
            ) : (
              <p className="text-fg-muted italic">
                <Trans>No reason given</Trans>
              </p>
            )}
          </Field>
          <Field label={t({ message: 'Issued by', comment: 'Who gave a punishment' })}>
            <Actor actor={staff} />
          </Field>
          <Field label={t({ message: 'Issued', comment: 'When a punishment was given' })}>
            <Moment at={punishment.issued_at} now={now} />
          </Field>
          <Field label={t({ message: 'Ends', comment: 'When a punishment ends' })}>
            {standing.kind === 'kick' ? (
              <p className="text-fg-muted">
                <Trans>A kick has no duration: the player was removed from the server at once.</Trans>
              </p>
            ) : punishment.until === null ? (
              <p className="font-semibold text-fg">
                <Trans comment="A punishment with no end">Never: it is permanent</Trans>
              </p>
            ) : (
              <Moment at={punishment.until} now={now} future />
            )}
          </Field>
          <Field label={t({ message: 'Status', comment: 'Whether a punishment is in force' })}>
            <p className="text-fg">
              {standing.kind === 'permanent' || standing.kind === 'until' ? (
                <Trans>In force</Trans>
              ) : standing.kind === 'expired' ? (
                <Trans>Ended: it expired</Trans>
              ) : standing.kind === 'revoked' ? (
                <Trans>Ended: it was revoked</Trans>
              ) : (
                <Trans comment="The status of a kick">Over</Trans>
              )}
            </p>
          </Field>
        </dl>

        {revoked && <Revocation revoked={revoked} now={now} />}

        <footer className="flex flex-col gap-3 border-t border-line bg-surface-sunken/50 p-5 sm:flex-row sm:flex-wrap sm:items-center sm:p-7">
          <Link to={playerPath(username)} className={buttonClass('secondary', 'md')}>
            <Trans>{username}'s page</Trans>
            <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link to={`/punishments?${search}`} className={buttonClass('ghost', 'md')}>
            <Search aria-hidden className="size-4" />
            <Trans>Search punishments for {username}</Trans>
          </Link>
          {punishment.source === 'litebans' && (
            <p className="text-xs text-fg-muted sm:ml-auto">
              <Trans comment="LiteBans is the name of a plugin that records punishments">
                From the server's LiteBans records.
              </Trans>
            </p>
          )}
        </footer>
      </article>
    </>
  );
}

function Field({ label, wide = false, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-xs font-semibold tracking-wide text-fg-muted uppercase">{label}</dt>
      <dd className="mt-1.5 min-w-0">{children}</dd>
    </div>
  );
}

/** A staff member by name, linked to their page when the site knows them; "Console" for the console. */
function Actor({ actor }: { actor: Punishment['staff'] }) {
  if (!actor) {
    return (
      <p className="inline-flex items-center gap-2 font-semibold text-fg">
        <Terminal aria-hidden className="size-4 text-fg-muted" />
        <Trans comment="Who gave or lifted a punishment: the server's console, not a player">Console</Trans>
      </p>
    );
  }
  return (
    <p className="inline-flex min-w-0 items-center gap-2 font-semibold text-fg">
      {actor.uuid && <PlayerAvatar uuid={actor.uuid} size={24} className="size-6 rounded-md" />}
      <PlayerLink username={actor.uuid && actor.name} className="truncate">
        {actor.name}
      </PlayerLink>
    </p>
  );
}

/**
 * A moment as the date and time in UTC (the server renders this page and cannot know the visitor's
 * time zone), and how long ago or ahead it is, the visitor's own time on hover.
 */
function Moment({ at, now, future = false }: { at: string; now: number; future?: boolean }) {
  const when = utcDateTime(new Date(at));
  const relative = future ? profileRelativeTime(at, now) : socialRelativeTime(at, now);
  return (
    <p className="text-fg">
      <time dateTime={at} {...timestampTitle(at)} className="font-semibold">
        <Trans comment="{when} is a date and time in UTC">{when} UTC</Trans>
      </time>
      <span className="block text-sm text-fg-muted">{relative}</span>
    </p>
  );
}

function Revocation({ revoked, now }: { revoked: NonNullable<Punishment['revoked']>; now: number }) {
  const { t } = useLingui();
  return (
    <section
      aria-labelledby="revoked-title"
      className="border-t border-emerald-500/25 bg-emerald-500/[0.06] p-5 sm:p-7"
    >
      <h2 id="revoked-title" className="flex items-center gap-2 font-display text-lg font-bold text-fg">
        <Undo2 aria-hidden className="size-5 text-emerald-700 dark:text-emerald-300" />
        <Trans>Revoked before its end</Trans>
      </h2>
      <dl className="mt-4 grid gap-x-8 gap-y-5 sm:grid-cols-2">
        <Field label={t({ message: 'Revoked by', comment: 'Who lifted a punishment' })}>
          <Actor actor={revoked.by} />
        </Field>
        <Field label={t({ message: 'Revoked', comment: 'When a punishment was lifted' })}>
          <Moment at={revoked.at} now={now} />
        </Field>
        <Field label={t({ message: 'Why', comment: 'Why a punishment was lifted' })} wide>
          {revoked.reason ? (
            <p className="text-pretty break-words whitespace-pre-line text-fg">{revoked.reason}</p>
          ) : (
            <p className="text-fg-muted italic">
              <Trans>No reason given</Trans>
            </p>
          )}
        </Field>
      </dl>
    </section>
  );
}

function Loading() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" data-testid="punishment-loading">
      <title>{pageTitle(t`Punishment`)}</title>
      <p className="sr-only" role="status">
        <Trans>Loading the punishment…</Trans>
      </p>
      <Skeleton className="mt-6 h-[28rem] rounded-2xl" />
    </div>
  );
}
