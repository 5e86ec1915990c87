import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { ENCHANT_SYSTEMS, type Enchant } from '@prison/shared/enchants';
import { Crown, Gem, Layers, Pickaxe, Shield } from 'lucide-react';
import { cardClass } from '../../components/ui/card.tsx';
import { Stat } from '../../components/ui/stat.tsx';
import { formatWhole } from '../../lib/money.ts';
import { catalogueStats } from './catalogue-stats.ts';
import { SYSTEM_TAGLINE } from './enchant-text.ts';

/** The first tile: the whole width of a phone's grid. */
const FIRST_TILE = 'col-span-2 lg:col-span-1';

/** Spec 2.4 stat tiles, computed from the catalogue (definitions in catalogue-stats.ts). */
export function StatTiles({ enchants }: { enchants: readonly Enchant[] }) {
  const { t } = useLingui();
  const stats = catalogueStats(enchants);
  const tiles = [
    { label: t`Total enchants`, value: stats.total, note: t`In the Season I laboratory`, icon: Layers },
    {
      label: t`Pickaxe staples`,
      value: stats.pickaxeStaples,
      note: t`Core Progression for the pickaxe`,
      icon: Pickaxe,
    },
    {
      label: t`Gear & weapon updates`,
      value: stats.gearAndWeaponUpdates,
      note: t`New, reworked or returning off the pickaxe`,
      icon: Shield,
    },
    { label: t`Legendary unlocks`, value: stats.legendaryUnlocks, note: t`The rarest tier`, icon: Gem },
    {
      label: t`Prestige exclusives`,
      value: stats.prestigeExclusives,
      note: t`Opened by prestiging`,
      icon: Crown,
    },
  ];
  return (
    <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {tiles.map(({ label, value, note, icon }, index) => (
        <Stat
          key={label}
          label={label}
          value={String(value)}
          icon={icon}
          detail={note}
          className={index === 0 ? FIRST_TILE : undefined}
        />
      ))}
    </dl>
  );
}

/** The five enchant systems: a legend for the accent colour on every card. */
export function SystemLegend({ enchants }: { enchants: readonly Enchant[] }) {
  const { t } = useLingui();
  return (
    <section aria-labelledby="enchant-systems-title">
      <h2 id="enchant-systems-title" className="font-display text-xl font-bold tracking-tight text-fg">
        <Trans>Five enchant systems</Trans>
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {[...ENCHANT_SYSTEMS]
          .sort((a, b) => a.order - b.order)
          .map((system) => {
            const count = enchants.filter((enchant) => enchant.system === system.id).length;
            const shown = formatWhole(count);
            return (
              <li
                key={system.id}
                className={cardClass(
                  'relative overflow-hidden py-3.5 pr-4 pl-5 first:col-span-2 lg:first:col-span-1',
                )}
              >
                <span
                  aria-hidden
                  className="absolute inset-y-0 left-0 w-1"
                  style={{ backgroundColor: system.accent }}
                />
                <p className="text-xs font-semibold tracking-wide text-fg-muted uppercase tabular-nums">
                  <Plural value={count} one={`${shown} enchant`} other={`${shown} enchants`} />
                </p>
                <p className="mt-1 font-semibold text-fg">{system.name}</p>
                <p className="mt-1 hidden text-sm leading-snug text-fg-muted sm:block">
                  {t(SYSTEM_TAGLINE[system.id])}
                </p>
              </li>
            );
          })}
      </ul>
    </section>
  );
}
