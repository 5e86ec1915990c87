import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { PlayerPage as PlayerPageData } from '@prison/shared/players';
import { ChevronLeft } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { playerPath } from '../../components/ui/entity-links.tsx';
import { LivePill } from '../../components/ui/live-status.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { PlayerHero } from '../../components/ui/player-hero.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isNotFound } from '../../lib/api.ts';
import { waitForFirstRender } from '../../lib/query-client.ts';
import { loadPlayerPage, usePlayerFeed, usePlayerPage, useSeedPlayerPage } from './api.ts';
import { DiscordName, PlayerCards, Presence } from './player-cards.tsx';
import { PlayerNotFound } from './player-not-found.tsx';
import { BanNotice, PunishmentHistory } from './player-punishments.tsx';
import { PublicRecord } from './public-record.tsx';

/**
 * The route's loader: the player's page and their punishment history, so that it renders once with
 * them (and the server's HTML holds them).
 */
export const playerLoader = ({ params }: LoaderFunctionArgs) =>
  waitForFirstRender(loadPlayerPage(params.name ?? ''));

/** /players/{name}: a player's public page, by their current name in any case, or by uuid. */
export function PlayerPage({
  staffActions,
}: {
  /** What staff may do about the player (the app's punish button); nothing for anyone else. */
  staffActions?: (player: PlayerPageData) => ReactNode;
} = {}) {
  const { name = '' } = useParams();
  const page = usePlayerPage(name);
  const [gone, setGone] = useState<string | null>(null);
  const { t } = useLingui();

  if (gone === name || isNotFound(page.error)) return <PlayerNotFound />;
  return (
    <div className="relative isolate">
      <PageBackdrop glow="bg-[radial-gradient(36rem_22rem_at_0%_0%,rgb(251_191_36/0.16),transparent_70%),radial-gradient(30rem_20rem_at_100%_0%,rgb(139_92_246/0.12),transparent_70%)]" />
      <div className="container-page pt-8 pb-16 sm:pt-12 sm:pb-24">
        {page.data ? (
          <Player
            name={name}
            player={page.data}
            onGone={() => setGone(name)}
            actions={staffActions?.(page.data)}
          />
        ) : page.isError ? (
          <>
            <title>{pageTitle(t`Player`)}</title>
            <BackLink />
            <LoadError
              className="mt-8"
              message={t`This player's page could not be loaded.`}
              onRetry={() => void page.refetch()}
            />
          </>
        ) : (
          <Loading />
        )}
      </div>
    </div>
  );
}

function BackLink() {
  return (
    <Link
      to="/leaderboard"
      className="inline-flex items-center gap-1 rounded-sm text-sm font-semibold text-fg-muted hover:text-fg"
    >
      <ChevronLeft aria-hidden className="size-4" />
      <Trans>Leaderboard</Trans>
    </Link>
  );
}

/** The player's name is the page's heading. */
const HERO_HEADING = 'h1';

function Player({
  name,
  player,
  onGone,
  actions,
}: {
  name: string;
  player: PlayerPageData;
  onGone: () => void;
  actions?: ReactNode;
}) {
  const status = usePlayerFeed(name, player.uuid, onGone);
  useCurrentNameInAddress(name, player);

  return (
    <>
      <title>{pageTitle(player.username)}</title>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackLink />
        <div className="flex items-center gap-3">
          {actions}
          <LivePill status={status} />
        </div>
      </div>
      <BanNotice player={player} className="mt-6" />
      <p className="mt-6 text-sm font-semibold tracking-wide text-accent uppercase">
        <Trans>Player profile</Trans>
      </p>
      <div className="mt-3 space-y-6">
        <PlayerHero
          player={player}
          level={player.level}
          xp={player.xp}
          heading={HERO_HEADING}
          headingId="player-name"
          avatar={
            <span className="relative shrink-0">
              <PlayerAvatar
                uuid={player.uuid}
                size={80}
                priority
                className="rounded-2xl ring-1 ring-line sm:size-24"
              />
              <span className="absolute -right-1 -bottom-1 flex">
                {/* The presence beside the name says it in words. */}
                <OnlineDot online={player.online} size="lg" announce={false} />
              </span>
            </span>
          }
          details={
            <>
              <RankBadge rank={player.rank} />
              <Presence player={player} />
              {player.discord && <DiscordName name={player.discord.name} />}
            </>
          }
        />
        <PlayerCards player={player} />
        <PublicRecord player={player} />
        <PunishmentHistory player={player} />
      </div>
    </>
  );
}

/**
 * The address names the player's current name: /players/{uuid}, or a name the player has since
 * changed, is replaced (no new history entry) by /players/{name}, whose cache entry is filled first
 * so that the page does not load again.
 */
function useCurrentNameInAddress(name: string, player: PlayerPageData) {
  const navigate = useNavigate();
  const seed = useSeedPlayerPage();
  useEffect(() => {
    if (player.username.toLowerCase() === name.toLowerCase()) return;
    seed(player);
    navigate(playerPath(player.username), { replace: true });
  }, [name, player, navigate, seed]);
}

function Loading() {
  const { t } = useLingui();
  return (
    <div aria-busy="true" data-testid="player-loading">
      <title>{pageTitle(t`Player`)}</title>
      <p className="sr-only" role="status">
        <Trans>Loading the player's page…</Trans>
      </p>
      <Skeleton className="h-5 w-28" />
      <Skeleton className="mt-8 h-64 rounded-3xl" />
      <div className="mt-6 grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-32 rounded-2xl" />
        ))}
      </div>
      <div className="mt-6 grid gap-4 lg:grid-cols-12">
        <Skeleton className="h-72 rounded-2xl lg:col-span-8" />
        <Skeleton className="h-72 rounded-2xl lg:col-span-4" />
      </div>
    </div>
  );
}
