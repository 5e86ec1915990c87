import { Trans, useLingui } from '@lingui/react/macro';
import { Coins, Crown, Gem, Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { levelProgress } from '../../lib/experience-progress.ts';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { StatTile } from './stat.tsx';

interface HeroPlayer {
  username: string;
  prestige: number;
  lifetime_xp: number;
  /** Exact decimal text (money.ts in the shared package). */
  balance: string;
}

/** Avatar, name, the page's details, Level, Prestige, Lifetime XP, balance and the level bar. */
export function PlayerHero({
  player,
  level,
  xp,
  avatar,
  details,
  heading: Heading = 'h2',
  headingId = 'profile-name',
}: {
  player: HeroPlayer;
  level: number;
  xp: number;
  avatar: ReactNode;
  /** Under the name: the rank badge and whatever else the page tells (gang, presence). */
  details: ReactNode;
  /** h1 where the player is the page's subject, h2 under a page title. */
  heading?: 'h1' | 'h2';
  headingId?: string;
}) {
  const { t } = useLingui();
  const progress = levelProgress(level, xp);
  const percent = Math.floor(progress.percent);
  const fromLevel = formatWhole(progress.level);
  const toLevel = formatWhole(progress.nextLevel);
  const nextLevel = progress.nextLevel;
  const remaining = formatWhole(progress.remaining);
  return (
    <section
      aria-labelledby={headingId}
      className="relative overflow-hidden rounded-3xl border border-line bg-surface p-5 shadow-card sm:p-8"
    >
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 bg-[radial-gradient(30rem_14rem_at_0%_0%,rgb(251_191_36/0.14),transparent_70%)]"
      />
      <div className="relative flex flex-col gap-6 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-4 sm:gap-5">
          {avatar}
          <div className="min-w-0">
            <Heading
              id={headingId}
              className="truncate font-display text-2xl font-bold tracking-tight text-fg sm:text-3xl"
            >
              {player.username}
            </Heading>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2">{details}</div>
          </div>
        </div>
        {/* Balances reach 10^15: the wide figures get their own rows on phones and more room beside. */}
        <dl className="grid grid-cols-2 gap-2.5 sm:grid-cols-[minmax(0,0.7fr)_minmax(0,0.7fr)_minmax(0,1fr)_minmax(0,1.6fr)] lg:min-w-[40rem]">
          <StatTile label={t`Level`} icon={<Sparkles className="size-4" />} value={formatWhole(level)} />
          <StatTile
            label={t`Prestige`}
            icon={<Crown className="size-4" />}
            value={formatWhole(player.prestige ?? 0)}
          />
          <StatTile
            label={t`Lifetime XP`}
            icon={<Gem className="size-4" />}
            value={formatWhole(player.lifetime_xp)}
            className="col-span-2 sm:col-span-1"
          />
          <StatTile
            label={<Trans comment="A player's in-game money">Balance</Trans>}
            icon={<Coins className="size-4" />}
            value={formatMoney(player.balance)}
            className="col-span-2 sm:col-span-1"
          />
        </dl>
      </div>

      <div className="relative mt-7">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
          <p className="font-semibold text-fg">
            <Trans comment="Progress bar heading: the player's level and the next; the arrow is hidden from screen readers, which read the words instead">
              Level {fromLevel}
              <span className="mx-1.5 text-fg-muted" aria-hidden>
                →
              </span>
              <span className="sr-only"> to </span>
              Level {toLevel}
            </Trans>
          </p>
          <p className="text-fg-muted tabular-nums">
            {formatWhole(progress.current)} / {formatWhole(progress.needed)} XP
          </p>
        </div>
        <div
          role="progressbar"
          aria-label={t`Progress to level ${nextLevel}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="mt-2 h-3 overflow-hidden rounded-full bg-fg/[0.08]"
        >
          <div
            className="h-full rounded-full bg-gradient-to-r from-amber-300 to-amber-500 transition-[width] duration-700"
            style={{ width: `${progress.percent}%` }}
          />
        </div>
        <div className="mt-2 flex flex-wrap justify-between gap-x-4 text-xs text-fg-muted tabular-nums">
          <span>
            <Trans>{percent}% complete</Trans>
          </span>
          <span>
            <Trans>{remaining} XP remaining</Trans>
          </span>
        </div>
      </div>
    </section>
  );
}
