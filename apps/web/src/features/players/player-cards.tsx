import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PlayerPage } from '@prison/shared/players';
import { ArrowRight, Shield, Trophy, UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { DiscordMark } from '../../components/ui/discord-mark.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { GangCrest } from '../../components/ui/gang-crest.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { gangRoleLabel } from '../../lib/gang-role.ts';
import { formatWhole } from '../../lib/money.ts';
import { socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';

/** "5m ago", and "just now" rather than "Just now" in the middle of a sentence (in any language). */
function lastSeen(at: string, now: number, language: string): string {
  const text = socialRelativeTime(at, now);
  return text.charAt(0).toLocaleLowerCase(language) + text.slice(1);
}

/**
 * "Online now", or when the player was last seen ("Last seen 5m ago"; "Offline" when never), on its
 * own clock: the time ticks without drawing the page again.
 */
export function Presence({ player }: { player: PlayerPage }) {
  const now = useNow();
  const { i18n } = useLingui();
  const when = player.last_seen_at && lastSeen(player.last_seen_at, now, i18n.locale);
  return (
    <span
      data-online={player.online}
      className="inline-flex items-center gap-2 text-sm font-medium text-fg-muted"
    >
      <OnlineDot online={player.online} announce={false} />
      {player.online ? (
        <span className="text-emerald-700 dark:text-emerald-300">
          <Trans comment="A player's presence">Online now</Trans>
        </span>
      ) : player.last_seen_at ? (
        <span {...timestampTitle(player.last_seen_at)}>
          <Trans comment="A player's presence; when is how long ago, e.g. 5m ago or just now">
            Last seen {when}
          </Trans>
        </span>
      ) : (
        <Trans comment="A player's presence, never seen online">Offline</Trans>
      )}
    </span>
  );
}

/** The Discord account the player linked from their profile, by its name, with Discord's mark. */
export function DiscordName({ name }: { name: string }) {
  const { t } = useLingui();
  return (
    <span
      title={t`Discord account`}
      className="inline-flex min-w-0 items-center gap-1.5 rounded-full bg-[#5865F2]/10 px-2.5 py-0.5 text-sm font-medium text-[#4450C0] ring-1 ring-[#5865F2]/25 ring-inset dark:bg-[#5865F2]/15 dark:text-[#C1C6FF]"
    >
      <DiscordMark className="size-4 shrink-0" />
      <span className="sr-only">
        <Trans comment="Read before the name of the player's Discord account">Discord:</Trans>{' '}
      </span>
      <span className="truncate">{name}</span>
    </span>
  );
}

/** Gang, friends and the way to the ranking, as the profile's cards under its hero. */
export function PlayerCards({ player }: { player: PlayerPage }) {
  const { gang } = player;
  const { t } = useLingui();
  const username = player.username;
  const count = player.friends_count;
  const friends = formatWhole(count);
  return (
    <div className="grid grid-cols-2 gap-4 md:grid-cols-3">
      <Card
        title={t`Gang`}
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
              <p className="text-sm text-fg-muted">{gangRoleLabel(gang.role)}</p>
            </div>
          </div>
        ) : (
          <>
            <p className="font-display text-xl font-bold text-fg">
              <Trans comment="A player in no gang">Unassigned</Trans>
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              <Trans>Not in a gang right now.</Trans>
            </p>
          </>
        )}
      </Card>
      <Card title={t`Friends`} icon={<UsersRound className="size-5" />} titleStyle="label">
        <p className="font-display text-xl font-bold text-fg tabular-nums">
          <Plural value={count} one={`${friends} friend`} other={`${friends} friends`} />
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          <Trans comment="The player's friends are linked in game">Linked in game.</Trans>
        </p>
      </Card>
      <Card title={t`Leaderboard`} icon={<Trophy className="size-5" />} titleStyle="label" tone="accent">
        <p className="text-sm text-fg-muted">
          <Trans>See how {username} ranks against every prisoner.</Trans>
        </p>
        <Link
          to="/leaderboard"
          className="mt-2 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline"
        >
          <Trans>See the ranking</Trans>
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </Card>
    </div>
  );
}
