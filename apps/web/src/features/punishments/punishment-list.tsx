// The rows of the punishments list: a card each on a phone, a line each from lg on. Each row is a
// link to the punishment's page (its reason stretched over the row); the player and the staff member
// inside it link to their own pages.
import { Trans, useLingui } from '@lingui/react/macro';
import type { Punishment } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { StandingChip, standingOf, TypeBadge } from '../../components/ui/punishment-badges.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';

export const punishmentPath = (id: number) => `/punishments/${id}`;

// A phone's card: the type and where it stands, then the player, then the reason and who gave it.
// From lg on, one line: type, player, reason, where it stands.
const ROW_LAYOUT =
  "grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-3 gap-y-2.5 [grid-template-areas:'type_standing'_'player_player'_'body_body'] " +
  "lg:grid-cols-[7.5rem_minmax(0,13rem)_minmax(0,1fr)_auto] lg:gap-x-5 lg:[grid-template-areas:'type_player_body_standing']";

export function PunishmentList({
  punishments,
  labelledBy,
}: {
  punishments: Punishment[];
  labelledBy: string;
}) {
  // The list's own clock: its relative times tick without drawing the page again.
  const now = useNow();
  return (
    <ol
      aria-labelledby={labelledBy}
      className="space-y-3 lg:space-y-0 lg:divide-y lg:divide-line lg:overflow-hidden lg:rounded-2xl lg:border lg:border-line lg:bg-surface lg:shadow-card"
    >
      {punishments.map((punishment) => (
        <PunishmentRow key={punishment.id} punishment={punishment} now={now} />
      ))}
    </ol>
  );
}

function PunishmentRow({ punishment, now }: { punishment: Punishment; now: number }) {
  const { t } = useLingui();
  const { player, staff, reason } = punishment;
  const staffName = staff?.name;
  const issued = socialRelativeTime(punishment.issued_at, now);
  const id = punishment.id;
  return (
    <li
      data-punishment={id}
      className={cardClass(
        clsx(
          ROW_LAYOUT,
          'relative p-4 transition-colors hover:border-line-strong',
          'lg:rounded-none lg:border-0 lg:bg-transparent lg:px-5 lg:py-3.5 lg:shadow-none lg:hover:bg-fg/[0.03]',
        ),
      )}
    >
      <span className="[grid-area:type]">
        <TypeBadge type={punishment.type} />
      </span>
      <span className="flex min-w-0 items-center gap-2.5 [grid-area:player]">
        <PlayerAvatar uuid={player.uuid} size={28} className="size-7 rounded-md" />
        <PlayerLink
          username={player.name}
          className="relative z-10 truncate font-display font-semibold text-fg"
        />
      </span>
      <span className="min-w-0 [grid-area:body]">
        <Link
          to={punishmentPath(id)}
          className={clsx(
            'line-clamp-2 rounded-sm text-sm break-words focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent',
            // The whole row answers a click, as the link.
            'after:absolute after:inset-0 after:rounded-2xl lg:after:rounded-none',
            reason ? 'text-fg' : 'text-fg-muted italic',
          )}
        >
          {reason ?? t`No reason given`}
        </Link>
        <span className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-fg-muted">
          {/* A staff member the punishment names without a uuid may be no player of the site: unlinked. */}
          {staff ? (
            <Trans comment="Who issued a punishment, under its reason">
              by{' '}
              <PlayerLink username={staff.uuid && staffName} className="relative z-10 font-semibold text-fg">
                {staffName}
              </PlayerLink>
            </Trans>
          ) : (
            <Trans comment="Under a punishment's reason: issued from the server's console, by no player">
              by Console
            </Trans>
          )}
          <span aria-hidden>·</span>
          <time
            dateTime={punishment.issued_at}
            {...timestampTitle(punishment.issued_at)}
            className="relative z-10"
          >
            {issued}
          </time>
          <span aria-hidden>·</span>
          <span className="tabular-nums">#{id}</span>
        </span>
      </span>
      <span className="justify-self-end [grid-area:standing]">
        <StandingChip standing={standingOf(punishment, now)} now={now} />
      </span>
    </li>
  );
}

/** Rows of placeholders while a page of the list loads. */
export function PunishmentListSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div className="space-y-3 lg:space-y-0 lg:divide-y lg:divide-line lg:rounded-2xl lg:border lg:border-line lg:bg-surface">
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          className={cardClass(
            clsx(
              ROW_LAYOUT,
              'p-4 lg:rounded-none lg:border-0 lg:bg-transparent lg:px-5 lg:py-4 lg:shadow-none',
            ),
          )}
        >
          <Skeleton className="h-5 w-20 rounded-md [grid-area:type]" />
          <Skeleton className="h-7 w-36 [grid-area:player]" />
          <Skeleton className="h-9 w-full max-w-md [grid-area:body]" />
          <Skeleton className="h-6 w-24 justify-self-end rounded-full [grid-area:standing]" />
        </div>
      ))}
    </div>
  );
}
