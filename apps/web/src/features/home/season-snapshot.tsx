import type { Season } from '@prison/shared/site-config';
import { CalendarClock, Crown, ScrollText, Sparkles, Swords } from 'lucide-react';
import { SectionHeading } from '../../components/ui/section-heading.tsx';
import { Stat } from '../../components/ui/stat.tsx';

const STATUS_LABEL: Record<Season['status'], string> = {
  upcoming: 'Upcoming season',
  live: 'Live season',
  ended: 'Last season',
};

/** Spec 2.3 / 9 Season: the season snapshot, from GET /api/config. */
export function SeasonSnapshot({ season }: { season: Season }) {
  const stats = [
    { label: STATUS_LABEL[season.status], value: season.name, icon: Swords, live: season.status === 'live' },
    { label: 'Total enchants', value: String(season.totalEnchants), icon: Sparkles },
    { label: 'Daily quests', value: String(season.dailyQuests), icon: ScrollText },
    { label: 'Max prestige', value: String(season.maxPrestige), icon: Crown },
    { label: 'Season length', value: `${season.lengthDays} days`, icon: CalendarClock },
  ];

  return (
    <section aria-labelledby="season-title" className="container-page py-12 sm:py-16">
      <SectionHeading id="season-title" eyebrow="Season snapshot" title="The numbers behind the season">
        Everything resets each season, so every prisoner starts on equal footing. Here is what {season.name}{' '}
        holds.
      </SectionHeading>
      <dl className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
        {stats.map(({ label, value, icon, live }, index) => (
          <Stat
            key={label}
            label={label}
            icon={icon}
            className={index === 0 ? 'col-span-2 lg:col-span-1' : undefined}
            value={
              live ? (
                <>
                  {value}
                  <span className="self-center rounded-full bg-emerald-500/15 px-2 py-0.5 font-sans text-xs font-semibold tracking-normal text-emerald-700 dark:text-emerald-300">
                    Live
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
