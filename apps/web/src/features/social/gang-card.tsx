import { Trans, useLingui } from '@lingui/react/macro';
import { gangColor } from '@prison/shared/gang-colors';
import type { Gang } from '@prison/shared/social';
import { Coins, Users } from 'lucide-react';
import { cardClass } from '../../components/ui/card.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { GangCrest } from '../../components/ui/gang-crest.tsx';
import { GangRoster } from '../../components/ui/gang-roster.tsx';
import { GangStatusBadge } from '../../components/ui/gang-status-badge.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { MiniStat, StatTile } from '../../components/ui/stat.tsx';
import { gangRoleLabel } from '../../lib/gang-role.ts';
import { formatMoney, formatWhole } from '../../lib/money.ts';

/** Spec 2.8: the player's own gang, with their role, and its roster. */
export function YourGangCard({ gang, role: gameRole }: { gang: Gang; role: string | null }) {
  const { t } = useLingui();
  const role = gangRoleLabel(gameRole ?? 'Member');
  const level = formatWhole(gang.min_level);
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-surface shadow-card">
      <div
        className="h-1.5"
        style={{ background: gangColor(gang.color) }}
        aria-hidden
        data-testid="gang-colour-bar"
      />
      <div className="p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <GangCrest color={gang.color} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-display text-2xl font-bold tracking-tight text-fg">
                <GangLink id={gang.id}>{gang.name}</GangLink>
              </h3>
              <GangStatusBadge status={gang.status} />
            </div>
            <p className="mt-1 text-sm text-fg-muted">
              <Trans>
                Your role: <span className="font-semibold text-fg">{role}</span>
              </Trans>
            </p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-2.5 md:grid-cols-4 xl:grid-cols-2 2xl:grid-cols-4">
          <StatTile
            label={t`Balance`}
            value={formatMoney(gang.balance)}
            icon={<Coins className="size-4" />}
            className="col-span-2 md:col-span-1 xl:col-span-2 2xl:col-span-1"
          />
          <StatTile
            label={t`Members`}
            value={formatWhole(gang.member_count)}
            icon={<Users className="size-4" />}
          />
          <StatTile label={t`Online`} value={formatWhole(gang.online_count)} />
          <StatTile
            label={t`Entry requirement`}
            value={t`Level ${level}`}
            className="col-span-2 md:col-span-1 xl:col-span-2 2xl:col-span-1"
          />
        </dl>
      </div>
      <div className="border-t border-line px-5 py-4 sm:px-6">
        <h4 className="mb-3 text-sm font-semibold text-fg-muted">
          <Trans>Member roster</Trans>
        </h4>
        <GangRoster members={gang.members} look="rows" />
      </div>
    </div>
  );
}

/** A gang in the browser. */
export function GangListCard({ gang }: { gang: Gang }) {
  const { t } = useLingui();
  const online = formatWhole(gang.online_count);
  const members = formatWhole(gang.member_count);
  const level = formatWhole(gang.min_level);
  return (
    <li
      className={cardClass('relative flex flex-col p-4 transition-colors hover:border-line-strong')}
      data-gang={gang.id}
    >
      <div className="flex items-start gap-3">
        <GangCrest color={gang.color} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="truncate font-display text-lg font-bold text-fg">
              {/* The whole card answers a click; the name alone is the link to keyboards and readers. */}
              <GangLink id={gang.id} className="after:absolute after:inset-0 after:rounded-2xl">
                {gang.name}
              </GangLink>
            </h3>
            <GangStatusBadge status={gang.status} />
          </div>
          <p className="text-sm text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <OnlineDot online={gang.online_count > 0} />
              <Trans comment="Members of the gang online, out of all its members">
                {online} / {members} online
              </Trans>
            </span>
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-line pt-3 text-sm">
        <MiniStat label={t`Treasury`} value={formatMoney(gang.balance)} />
        <MiniStat label={t`Entry requirement`} value={t`Level ${level}`} />
      </dl>
    </li>
  );
}
