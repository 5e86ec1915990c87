import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Dashboard, DashboardEvent } from '@prison/shared/admin';
import type { ActivityItem } from '@prison/shared/players';
import { Coins, Flame, type LucideIcon, Pickaxe, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { describeActivity } from '../../lib/activity-model.ts';
import { translate } from '../../lib/i18n.ts';
import { formatMoney, formatMoneyCompact, formatWhole } from '../../lib/money.ts';
import { profileRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { MainSiteGangLink, MainSitePlayerLink } from './main-site-links.tsx';

interface Card {
  label: string;
  value: string | null;
  detail: string;
  icon: LucideIcon;
  /** The exact figure when the value is shortened. */
  exact?: string;
}

/** Spec 2.12 card labels and details; a value not known yet is a dash with "Awaiting data". */
export function summaryCards(summary: Dashboard['summary'] | undefined): Card[] {
  const s = summary;
  const maxOnline = s?.max_online == null ? null : formatWhole(s.max_online);
  const xpToday = s ? formatWhole(s.xp_today) : null;
  const profiles = s ? formatWhole(s.total_players) : null;
  return [
    {
      label: translate(msg`Players online`),
      value: s?.online == null ? null : formatWhole(s.online),
      detail: maxOnline !== null ? translate(msg`of ${maxOnline} capacity`) : translate(msg`Live counter`),
      icon: Users,
    },
    {
      label: translate(msg`XP generated (1h)`),
      value: s ? formatWhole(s.xp_last_hour) : null,
      detail: xpToday !== null ? translate(msg`${xpToday} gained today`) : translate(msg`gained today`),
      icon: Flame,
    },
    {
      label: translate(msg`Active miners (24h)`),
      value: s ? formatWhole(s.active_last_day) : null,
      detail:
        profiles !== null
          ? translate(msg`${profiles} total player profiles`)
          : translate(msg`total player profiles`),
      icon: Pickaxe,
    },
    {
      label: translate(msg`Economy total`),
      value: s ? formatMoneyCompact(s.total_balance) : null,
      exact: s ? formatMoney(s.total_balance) : undefined,
      detail: translate(msg`Sum of balances across all players`),
      icon: Coins,
    },
  ];
}

export function SummaryCards({ summary }: { summary: Dashboard['summary'] }) {
  const { t } = useLingui();
  return (
    <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 xl:grid-cols-4">
      {summaryCards(summary).map(({ label, value, detail, icon, exact }) => (
        <Stat
          key={label}
          label={label}
          icon={icon}
          value={value ?? '—'}
          title={exact}
          detail={value === null ? t`Awaiting data` : detail}
        />
      ))}
    </dl>
  );
}

/** Spec 4: four pulsing placeholder cards while the dashboard loads. */
export function SummarySkeleton() {
  return (
    <div
      className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 xl:grid-cols-4"
      aria-hidden
      data-testid="dashboard-loading"
    >
      {[0, 1, 2, 3].map((i) => (
        <StatSkeleton key={i} />
      ))}
    </div>
  );
}

/**
 * An event of the stream, in the words of the profile's activity feed: its player's name (a link to
 * their page when the event names one) and what they did, one sentence.
 */
function EventLine({ event }: { event: DashboardEvent }) {
  const item: ActivityItem = {
    id: event.id,
    occurred_at: event.time,
    actor_uuid: '',
    actor_username: event.player,
    target_uuid: null,
    target_username: null,
    activity_type: event.type,
    activity_text: event.text,
  };
  const view = describeActivity(item);
  const name = view.kind === 'private-message' ? view.from : view.kind === 'generic' ? view.actor : view.name;
  const player: ReactNode = (
    <strong className="font-semibold">
      {event.player ? <MainSitePlayerLink username={event.player}>{name}</MainSitePlayerLink> : name}
    </strong>
  );
  switch (view.kind) {
    case 'presence':
      return view.joined ? (
        <Trans>
          {player} <span className="text-fg-muted">joined the server</span>
        </Trans>
      ) : (
        <Trans>
          {player} <span className="text-fg-muted">left the server</span>
        </Trans>
      );
    case 'chat': {
      const message = view.text;
      return (
        <Trans comment="A chat message the player wrote, in quotes">
          {player} <span className="text-fg-muted">said “{message}”</span>
        </Trans>
      );
    }
    case 'private-message':
      return (
        <Trans>
          {player} <span className="text-fg-muted">sent a private message</span>
        </Trans>
      );
    case 'level-up': {
      const level = view.level;
      return level === null ? (
        <Trans>
          {player} <span className="text-fg-muted">levelled up</span>
        </Trans>
      ) : (
        <Trans>
          {player} <span className="text-fg-muted">reached level {level}</span>
        </Trans>
      );
    }
    case 'gkit':
      return <GkitLine player={player} kit={view.kitName} level={view.level} status={view.status} />;
    case 'generic': {
      // An event of a kind the site has no words for: its own text, else its type.
      const what = view.text ?? view.typeLabel.toLowerCase();
      return (
        <>
          {player} <span className="text-fg-muted">{what}</span>
        </>
      );
    }
  }
}

/** A G-Kit unlocked or upgraded; {kit} is the kit's name as the game shows it. */
function GkitLine({
  player,
  kit,
  level,
  status,
}: {
  player: ReactNode;
  kit: string | null;
  level: number | null;
  status: 'unlocked' | 'upgraded';
}) {
  if (status === 'unlocked') {
    return kit === null ? (
      <Trans>
        {player} <span className="text-fg-muted">unlocked a G-Kit</span>
      </Trans>
    ) : (
      <Trans>
        {player} <span className="text-fg-muted">unlocked {kit} G-Kit</span>
      </Trans>
    );
  }
  if (level === null) {
    return kit === null ? (
      <Trans>
        {player} <span className="text-fg-muted">upgraded a G-Kit</span>
      </Trans>
    ) : (
      <Trans>
        {player} <span className="text-fg-muted">upgraded {kit} G-Kit</span>
      </Trans>
    );
  }
  return kit === null ? (
    <Trans>
      {player} <span className="text-fg-muted">upgraded a G-Kit to level {level}</span>
    </Trans>
  ) : (
    <Trans>
      {player}{' '}
      <span className="text-fg-muted">
        upgraded {kit} G-Kit to level {level}
      </span>
    </Trans>
  );
}

export function ActivityStream({ events }: { events: DashboardEvent[] }) {
  // The stream's own clock: its times move on without drawing the dashboard again.
  const now = useNow(15_000);
  if (events.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        <Trans>No player events yet.</Trans>
      </p>
    );
  return (
    <ol className="divide-y divide-line">
      {events.map((event) => (
        <li key={event.id} className="flex items-start gap-3 py-2.5 text-sm" data-event={event.type}>
          <span className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-500" aria-hidden />
          <p className="min-w-0 flex-1 break-words text-fg">
            <EventLine event={event} />
          </p>
          <time dateTime={event.time} className="shrink-0 text-xs text-fg-muted tabular-nums">
            {profileRelativeTime(event.time, now)}
          </time>
        </li>
      ))}
    </ol>
  );
}

export function TopBalances({ players }: { players: Dashboard['top_players'] }) {
  if (players.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        <Trans>No player balance data available yet.</Trans>
      </p>
    );
  return (
    <ol className="space-y-2">
      {players.map((player, index) => {
        const level = formatWhole(player.level);
        return (
          <li key={player.uuid} className="flex items-center gap-3 text-sm">
            <Rank n={index + 1} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-fg">
                <MainSitePlayerLink username={player.username || player.uuid}>
                  {player.username || player.uuid.slice(0, 8)}
                </MainSitePlayerLink>
              </span>
              <span className="block text-xs text-fg-muted">
                <Trans comment="A player's level in the top balances">Level {level}</Trans>
                {player.rank ? ` · ${player.rank}` : ''}
              </span>
            </span>
            <span className="shrink-0 font-semibold text-fg tabular-nums" title={formatMoney(player.balance)}>
              {formatMoneyCompact(player.balance)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

export function GangLeaders({ gangs }: { gangs: Dashboard['top_gangs'] }) {
  if (gangs.length === 0)
    return (
      <p className="text-sm text-fg-muted">
        <Trans>No gang metrics available.</Trans>
      </p>
    );
  return (
    <ol className="space-y-2">
      {gangs.map((gang, index) => {
        const online = formatWhole(gang.online_count);
        const members = formatWhole(gang.member_count);
        return (
          <li key={gang.id} className="flex items-center gap-3 text-sm">
            <Rank n={index + 1} />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold text-fg">
                <MainSiteGangLink id={gang.id}>{gang.name}</MainSiteGangLink>
              </span>
              <span className="block text-xs text-fg-muted">
                <Trans comment="A gang's members online, of all its members">
                  {online} / {members} online
                </Trans>
              </span>
            </span>
            <span
              className="shrink-0 font-semibold text-fg tabular-nums"
              title={gang.balance == null ? undefined : formatMoney(gang.balance)}
            >
              {gang.balance == null ? '—' : formatMoneyCompact(gang.balance)}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

function Rank({ n }: { n: number }) {
  return (
    <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-amber-400/15 text-xs font-bold text-amber-800 dark:text-amber-300">
      {n}
    </span>
  );
}
