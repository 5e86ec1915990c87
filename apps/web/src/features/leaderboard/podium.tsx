import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { LeaderboardEntry } from '@prison/shared/leaderboard';
import { clsx } from 'clsx';
import { Crown, Medal } from 'lucide-react';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { FigureText } from '../../components/ui/figure-text.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { formatWhole } from '../../lib/money.ts';
import { levelText, type MetricInfo, xpText } from './metrics.ts';

// Spec 2.9 / 9: a podium of the top 3.
const PODIUM_SIZE = 3;

const PLACES = [
  {
    label: msg({ message: 'Champion', comment: 'The first place on the leaderboard podium' }),
    icon: Crown,
    chip: 'bg-amber-400/20 text-amber-800 ring-amber-500/40 dark:text-amber-200',
    ring: 'ring-amber-400',
    glow: 'bg-[radial-gradient(18rem_12rem_at_50%_0%,rgb(251_191_36/0.22),transparent_70%)]',
    plinth: 'h-24 from-amber-300/60 to-amber-500/5 dark:from-amber-400/35',
    // The champion stands in the middle, and highest, from the small breakpoint up.
    order: 'sm:order-2',
  },
  {
    label: msg({ message: 'Runner-up', comment: 'The second place on the leaderboard podium' }),
    icon: Medal,
    chip: 'bg-slate-400/20 text-slate-700 ring-slate-400/50 dark:text-slate-200',
    ring: 'ring-slate-300 dark:ring-slate-400',
    glow: 'bg-[radial-gradient(18rem_12rem_at_50%_0%,rgb(148_163_184/0.2),transparent_70%)]',
    plinth: 'h-16 from-slate-300/70 to-slate-400/5 dark:from-slate-400/30',
    order: 'sm:order-1',
  },
  {
    label: msg({ message: 'Contender', comment: 'The third place on the leaderboard podium' }),
    icon: Medal,
    chip: 'bg-orange-500/15 text-orange-800 ring-orange-600/35 dark:text-orange-300',
    ring: 'ring-orange-400 dark:ring-orange-500',
    glow: 'bg-[radial-gradient(18rem_12rem_at_50%_0%,rgb(234_88_12/0.16),transparent_70%)]',
    plinth: 'h-10 from-orange-300/60 to-orange-500/5 dark:from-orange-500/30',
    order: 'sm:order-3',
  },
] as const;

/** A second figure under the name, other than the one the ranking is by. */
function secondary(entry: LeaderboardEntry, metric: MetricInfo): string {
  return metric.id === 'level' ? xpText(formatWhole(entry.xp)) : levelText(formatWhole(entry.level));
}

export function Podium({ entries, metric }: { entries: readonly LeaderboardEntry[]; metric: MetricInfo }) {
  const { t } = useLingui();
  const top = entries.slice(0, PODIUM_SIZE);
  return (
    <section aria-labelledby="podium-title">
      <h2 id="podium-title" className="sr-only">
        <Trans comment="Heading of the top 3 players of the leaderboard">Podium</Trans>
      </h2>
      <ol className="mx-auto grid max-w-5xl gap-3 sm:grid-cols-3 sm:items-end sm:gap-4">
        {top.map((entry, index) => {
          const place = PLACES[index] as (typeof PLACES)[number];
          const Icon = place.icon;
          const placeName = t(place.label);
          const player = entry.username;
          return (
            <li key={entry.uuid} className={clsx('flex flex-col', place.order)}>
              <article
                aria-label={t({
                  message: `${placeName}: ${player}`,
                  comment: 'A place on the podium (Champion...) and the player in it',
                })}
                className={clsx(
                  'relative flex items-center gap-4 overflow-hidden rounded-2xl border border-line bg-surface p-4 shadow-card',
                  'sm:flex-col sm:rounded-b-none sm:border-b-0 sm:px-5 sm:pt-6 sm:pb-5 sm:text-center',
                  index === 0 && 'border-amber-500/40 sm:pt-8',
                )}
              >
                <div aria-hidden className={clsx('pointer-events-none absolute inset-0', place.glow)} />
                <PlayerAvatar
                  uuid={entry.uuid}
                  size={index === 0 ? 88 : 72}
                  className={clsx(
                    'relative rounded-2xl ring-4 ring-offset-2 ring-offset-surface',
                    place.ring,
                    index === 0 ? 'size-16 sm:size-[88px]' : 'size-14 sm:size-[72px]',
                  )}
                />
                <div className="relative flex min-w-0 flex-1 flex-col sm:items-center">
                  <p
                    className={clsx(
                      'inline-flex items-center gap-1.5 self-start rounded-full px-2.5 py-0.5 text-xs font-bold tracking-wide uppercase ring-1 ring-inset sm:self-center',
                      place.chip,
                    )}
                  >
                    <Icon aria-hidden className="size-3.5" />
                    {placeName}
                  </p>
                  <h3 className="mt-2 truncate font-display text-xl font-bold text-fg sm:max-w-full">
                    <PlayerLink username={entry.username} />
                  </h3>
                  <div className="mt-1.5 flex flex-wrap items-center gap-2 sm:justify-center">
                    <RankBadge rank={entry.rank} />
                    <span className="text-xs text-fg-muted tabular-nums">{secondary(entry, metric)}</span>
                  </div>
                  <p className="mt-2 font-display font-bold tracking-tight text-fg tabular-nums sm:mt-3 sm:max-w-full">
                    <FigureText
                      text={metric.show(entry)}
                      short="text-xl sm:text-2xl"
                      long="text-lg lg:text-xl"
                      longest="text-lg lg:text-xl"
                    />
                  </p>
                </div>
              </article>
              <div
                aria-hidden
                className={clsx(
                  'hidden items-start justify-center rounded-b-2xl border border-t-0 border-line bg-gradient-to-b pt-2 font-display text-3xl font-bold text-fg/70 sm:flex',
                  place.plinth,
                )}
              >
                {index + 1}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

export function PodiumSkeleton() {
  return (
    <div className="mx-auto grid max-w-5xl gap-3 sm:grid-cols-3 sm:items-end sm:gap-4" aria-hidden>
      {[56, 72, 48].map((height, i) => (
        <div
          key={i}
          className={cardClass('flex flex-col items-center gap-3 p-6')}
          style={{ minHeight: `${height * 0.25 + 9}rem` }}
        >
          <div className="size-16 rounded-2xl bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="h-4 w-28 rounded bg-fg/[0.08] motion-safe:animate-pulse" />
          <div className="h-3 w-20 rounded bg-fg/[0.06] motion-safe:animate-pulse" />
        </div>
      ))}
    </div>
  );
}
