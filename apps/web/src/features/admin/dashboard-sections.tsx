import type { Dashboard, DashboardEvent } from '@prison/shared/admin';
import type { ActivityItem } from '@prison/shared/players';
import { Coins, Flame, type LucideIcon, Pickaxe, Users } from 'lucide-react';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { describeActivity } from '../../lib/activity-model.ts';
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
  return [
    {
      label: 'Players online',
      value: s?.online == null ? null : formatWhole(s.online),
      detail: s?.max_online != null ? `of ${formatWhole(s.max_online)} capacity` : 'Live counter',
      icon: Users,
    },
    {
      label: 'XP generated (1h)',
      value: s ? formatWhole(s.xp_last_hour) : null,
      detail: s ? `${formatWhole(s.xp_today)} gained today` : 'gained today',
      icon: Flame,
    },
    {
      label: 'Active miners (24h)',
      value: s ? formatWhole(s.active_last_day) : null,
      detail: s ? `${formatWhole(s.total_players)} total player profiles` : 'total player profiles',
      icon: Pickaxe,
    },
    {
      label: 'Economy total',
      value: s ? formatMoneyCompact(s.total_balance) : null,
      exact: s ? formatMoney(s.total_balance) : undefined,
      detail: 'Sum of balances across all players',
      icon: Coins,
    },
  ];
}

export function SummaryCards({ summary }: { summary: Dashboard['summary'] }) {
  return (
    <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 xl:grid-cols-4">
      {summaryCards(summary).map(({ label, value, detail, icon, exact }) => (
        <Stat
          key={label}
          label={label}
          icon={icon}
          value={value ?? '—'}
          title={exact}
          detail={value === null ? 'Awaiting data' : detail}
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

/** An event of the stream, in the words of the profile's activity feed. */
function eventLine(event: DashboardEvent): { who: string; what: string } {
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
  switch (view.kind) {
    case 'presence':
      return { who: view.name, what: view.joined ? 'joined the server' : 'left the server' };
    case 'chat':
      return { who: view.name, what: `said “${view.text}”` };
    case 'private-message':
      return { who: view.from, what: 'sent a private message' };
    case 'level-up':
      return { who: view.name, what: view.level === null ? 'levelled up' : `reached level ${view.level}` };
    case 'gkit':
      return {
        who: view.name,
        what: `${view.status === 'unlocked' ? 'unlocked' : 'upgraded'} ${view.kitName ?? 'a'} G-Kit${view.level !== null && view.status === 'upgraded' ? ` to level ${view.level}` : ''}`,
      };
    case 'generic':
      return { who: view.actor, what: view.text ?? view.typeLabel.toLowerCase() };
  }
}

export function ActivityStream({ events }: { events: DashboardEvent[] }) {
  // The stream's own clock: its times move on without drawing the dashboard again.
  const now = useNow(15_000);
  if (events.length === 0) return <p className="text-sm text-fg-muted">No player events yet.</p>;
  return (
    <ol className="divide-y divide-line">
      {events.map((event) => {
        const line = eventLine(event);
        return (
          <li key={event.id} className="flex items-start gap-3 py-2.5 text-sm" data-event={event.type}>
            <span className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-500" aria-hidden />
            <p className="min-w-0 flex-1 break-words text-fg">
              <strong className="font-semibold">
                {event.player ? (
                  <MainSitePlayerLink username={event.player}>{line.who}</MainSitePlayerLink>
                ) : (
                  line.who
                )}
              </strong>{' '}
              <span className="text-fg-muted">{line.what}</span>
            </p>
            <time dateTime={event.time} className="shrink-0 text-xs text-fg-muted tabular-nums">
              {profileRelativeTime(event.time, now)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}

export function TopBalances({ players }: { players: Dashboard['top_players'] }) {
  if (players.length === 0)
    return <p className="text-sm text-fg-muted">No player balance data available yet.</p>;
  return (
    <ol className="space-y-2">
      {players.map((player, index) => (
        <li key={player.uuid} className="flex items-center gap-3 text-sm">
          <Rank n={index + 1} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-fg">
              <MainSitePlayerLink username={player.username || player.uuid}>
                {player.username || player.uuid.slice(0, 8)}
              </MainSitePlayerLink>
            </span>
            <span className="block text-xs text-fg-muted">
              Level {formatWhole(player.level)}
              {player.rank ? ` · ${player.rank}` : ''}
            </span>
          </span>
          <span className="shrink-0 font-semibold text-fg tabular-nums" title={formatMoney(player.balance)}>
            {formatMoneyCompact(player.balance)}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function GangLeaders({ gangs }: { gangs: Dashboard['top_gangs'] }) {
  if (gangs.length === 0) return <p className="text-sm text-fg-muted">No gang metrics available.</p>;
  return (
    <ol className="space-y-2">
      {gangs.map((gang, index) => (
        <li key={gang.id} className="flex items-center gap-3 text-sm">
          <Rank n={index + 1} />
          <span className="min-w-0 flex-1">
            <span className="block truncate font-semibold text-fg">
              <MainSiteGangLink id={gang.id}>{gang.name}</MainSiteGangLink>
            </span>
            <span className="block text-xs text-fg-muted">
              {formatWhole(gang.online_count)} / {formatWhole(gang.member_count)} online
            </span>
          </span>
          <span
            className="shrink-0 font-semibold text-fg tabular-nums"
            title={gang.balance == null ? undefined : formatMoney(gang.balance)}
          >
            {gang.balance == null ? '—' : formatMoneyCompact(gang.balance)}
          </span>
        </li>
      ))}
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
