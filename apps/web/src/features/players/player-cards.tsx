import type { PlayerPage } from '@prison/shared/players';
import { ArrowRight, Shield, Trophy, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { GangCrest } from '../../components/ui/gang-crest.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { formatWhole } from '../../lib/money.ts';
import { socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';

/** "5m ago", and "just now" rather than "Just now" in the middle of a sentence. */
function lastSeen(at: string, now: number): string {
  const text = socialRelativeTime(at, now);
  return text === 'Just now' ? 'just now' : text;
}

/**
 * "Online now", or when the player was last seen ("Last seen 5m ago"; "Offline" when never), on its
 * own clock: the time ticks without drawing the page again.
 */
export function Presence({ player }: { player: PlayerPage }) {
  const now = useNow();
  return (
    <span
      data-online={player.online}
      className="inline-flex items-center gap-2 text-sm font-medium text-fg-muted"
    >
      <OnlineDot online={player.online} announce={false} />
      {player.online ? (
        <span className="text-emerald-700 dark:text-emerald-300">Online now</span>
      ) : player.last_seen_at ? (
        <span {...timestampTitle(player.last_seen_at)}>Last seen {lastSeen(player.last_seen_at, now)}</span>
      ) : (
        'Offline'
      )}
    </span>
  );
}

/** Gang, friends and the way to the ranking, as the profile's cards under its hero. */
export function PlayerCards({ player }: { player: PlayerPage }) {
  const { gang } = player;
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
      <Card
        title="Gang"
        icon={<Shield className="size-5" />}
        titleStyle="label"
        className="col-span-2 md:col-span-1"
      >
        {gang ? (
          <div className="flex items-center gap-3">
            <GangCrest color={gang.color} />
            <div className="min-w-0">
              <p className="truncate font-display text-xl font-bold text-fg">
                <GangLink id={gang.id}>{gang.name}</GangLink>
              </p>
              <p className="text-sm text-fg-muted">{gang.role}</p>
            </div>
          </div>
        ) : (
          <>
            <p className="font-display text-xl font-bold text-fg">Unassigned</p>
            <p className="mt-1 text-sm text-fg-muted">Not in a gang right now.</p>
          </>
        )}
      </Card>
      <Card title="Friends" icon={<UsersRound className="size-5" />} titleStyle="label">
        <p className="font-display text-xl font-bold text-fg tabular-nums">
          {formatWhole(player.friends_count)} {player.friends_count === 1 ? 'friend' : 'friends'}
        </p>
        <p className="mt-1 text-sm text-fg-muted">Linked in game.</p>
      </Card>
      <Card title="Leaderboard" icon={<Trophy className="size-5" />} titleStyle="label" tone="accent">
        <p className="text-sm text-fg-muted">See how {player.username} ranks against every prisoner.</p>
        <Link
          to="/leaderboard"
          className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
        >
          See the ranking
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </Card>
    </div>
  );
}
