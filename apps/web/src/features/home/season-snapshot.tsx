import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Season } from '@prison/shared/site-config';
import { CalendarClock, Crown, ScrollText, Sparkles, Swords } from 'lucide-react';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import { Stat } from '../../components/ui/stat.tsx';

const STATUS_LABEL: Record<Season['status'], MessageDescriptor> = {
  upcoming: msg`Upcoming season`,
  live: msg`Live season`,
  ended: msg`Last season`,
};

/** The season's own tile: the whole width of a phone's grid. */
const FIRST_STAT = 'col-span-2 lg:col-span-1';

/** Spec 2.3 / 9 Season: the season snapshot, from GET /api/config. */
export function SeasonSnapshot({ season }: { season: Season }) {
  const { t } = useLingui();
  const lengthDays = season.lengthDays;
  const days = String(lengthDays);
  const seasonName = season.name;
  const stats = [
    {
      label: t(STATUS_LABEL[season.status]),
      value: seasonName,
      icon: Swords,
      live: season.status === 'live',
    },
    { label: t`Total enchants`, value: String(season.totalEnchants), icon: Sparkles },
    { label: t`Daily quests`, value: String(season.dailyQuests), icon: ScrollText },
    { label: t`Max prestige`, value: String(season.maxPrestige), icon: Crown },
    {
      label: t`Season length`,
      // English writes "days" whatever the number; other languages choose the form by number.
      value: t`${plural(lengthDays, { one: `${days} days`, other: `${days} days` })}`,
      icon: CalendarClock,
    },
  ];

  return (
    <section aria-labelledby="season-title" className="container-page py-12 sm:py-16">
      <SectionHeading id="season-title" eyebrow={t`Season snapshot`} title={t`The numbers behind the season`}>
        <Trans>
          Everything resets each season, so every prisoner starts on equal footing. Here is what {seasonName}{' '}
          holds.
        </Trans>
      </SectionHeading>
      <dl className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {stats.map(({ label, value, icon, live }, index) => (
          <Stat
            key={label}
            label={label}
            icon={icon}
            className={index === 0 ? FIRST_STAT : undefined}
            value={
              live ? (
                <>
                  {value}
                  <span className="self-center rounded-full bg-emerald-500/15 px-2 py-0.5 font-sans text-xs font-semibold tracking-normal text-emerald-700 dark:text-emerald-300">
                    <Trans comment="Badge beside the season's name while the season runs">Live</Trans>
                  </span>
                </>
              ) : (
                value
              )
            }
          />
        ))}
      </dl>
    </section>
  );
}
