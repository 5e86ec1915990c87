import { Trans, useLingui } from '@lingui/react/macro';
import { gangColor, sixDigitHex } from '@prison/shared/gang-colors';
import type { Gang } from '@prison/shared/social';
import { Coins, Crown, Radio, Swords, Users } from 'lucide-react';
import type { CSSProperties } from 'react';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { GangCrest } from '../../components/ui/gang-crest.tsx';
import { GangStatusBadge } from '../../components/ui/gang-status-badge.tsx';
import { StatTile } from '../../components/ui/stat.tsx';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { gangInk } from './gang-ink.ts';

/** The gang's card: its name in its colour, status, leader, treasury, members, online and entry level. */
export function GangCard({ gang }: { gang: Gang }) {
  const color = sixDigitHex(gangColor(gang.color));
  const ink = gangInk(color);
  const leader = gang.members.find((member) => member.role.toLowerCase() === 'leader');
  // Without a name, the first 8 characters of the uuid.
  const leaderName = leader && (leader.username ?? leader.uuid.slice(0, 8));
  const { t } = useLingui();
  const level = formatWhole(gang.min_level);
  return (
    <section
      aria-labelledby="gang-name"
      className="relative overflow-hidden rounded-3xl border border-line bg-surface shadow-card"
    >
      <div aria-hidden className="h-2" style={{ background: color }} data-testid="gang-colour-bar" />
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 opacity-70 dark:opacity-50"
        style={{ backgroundImage: `radial-gradient(32rem 16rem at 0% 0%, ${color}33, transparent 70%)` }}
      />
      <div className="relative flex flex-col gap-6 p-5 sm:p-8 lg:flex-row lg:items-center lg:justify-between">
        <div className="flex min-w-0 items-center gap-4 sm:gap-5">
          <GangCrest color={gang.color} size="lg" />
          <div className="min-w-0">
            <h1
              id="gang-name"
              data-ink={ink.light}
              className="truncate font-display text-3xl font-bold tracking-tight text-(--gang-ink) sm:text-4xl dark:text-(--gang-ink-dark)"
              style={{ '--gang-ink': ink.light, '--gang-ink-dark': ink.dark } as CSSProperties}
            >
              {gang.name}
            </h1>
            <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-fg-muted">
              <GangStatusBadge status={gang.status} />
              {leader && (
                <span className="inline-flex min-w-0 items-center gap-1.5">
                  <Crown aria-hidden className="size-4 text-accent" />
                  <Trans>
                    Led by{' '}
                    <PlayerLink username={leader.username} className="truncate font-semibold text-fg">
                      {leaderName}
                    </PlayerLink>
                  </Trans>
                </span>
              )}
            </div>
          </div>
        </div>
        <dl className="grid grid-cols-2 gap-2.5 sm:grid-cols-[minmax(0,1.6fr)_minmax(0,0.8fr)_minmax(0,0.8fr)_minmax(0,1fr)] lg:min-w-[36rem]">
          <StatTile
            label={t`Treasury`}
            icon={<Coins className="size-4" />}
            value={formatMoney(gang.balance)}
            className="col-span-2 sm:col-span-1"
          />
          <StatTile
            label={t`Members`}
            icon={<Users className="size-4" />}
            value={formatWhole(gang.member_count)}
          />
          <StatTile
            label={t`Online`}
            icon={<Radio className="size-4" />}
            value={formatWhole(gang.online_count)}
          />
          <StatTile
            label={t`Entry requirement`}
            icon={<Swords className="size-4" />}
            value={t`Level ${level}`}
            className="col-span-2 sm:col-span-1"
          />
        </dl>
      </div>
    </section>
  );
}
