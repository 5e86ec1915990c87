import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { ENCHANTS } from '@prison/shared/enchants';
import { Sparkles } from 'lucide-react';
import { useDeferredValue, useMemo } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { StatTiles, SystemLegend } from './catalogue-overview.tsx';
import { type EnchantFilters, queryEnchants } from './enchant-query.ts';
import { EnchantResults } from './enchant-results.tsx';
import { EnchantToolbar } from './enchant-toolbar.tsx';
import { useEnchantFilters } from './use-enchant-filters.ts';
import { useSearchLanguages } from './use-search-languages.ts';

/** Spec 2.4 Enchants hub: the static catalogue with search, sort and filters kept in the URL. */
export function EnchantsPage() {
  const { t } = useLingui();
  const { filters, update, reset } = useEnchantFilters();
  // The 47 cards render just after the rest of the page (null on the first pass), and while typing the
  // search box stays responsive: the list catches up in the background. The server's HTML holds them,
  // and hydrating it renders them at once too, as it must to match.
  const hydrated = useHydrated();
  const shown = useDeferredValue<EnchantFilters | null>(filters, hydrated ? null : filters);
  // The search reads the enchants' words in the page's language, and in English beside another.
  const languages = useSearchLanguages();
  const results = useMemo(() => shown && queryEnchants(ENCHANTS, shown, languages), [shown, languages]);

  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Enchants`)}</title>
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[34rem]">
        <div className="absolute inset-0 bg-grid opacity-60" />
        <div className="absolute inset-0 bg-[radial-gradient(40rem_26rem_at_0%_0%,rgb(251_191_36/0.18),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(139_92_246/0.14),transparent_70%)] dark:bg-[radial-gradient(40rem_26rem_at_0%_0%,rgb(245_158_11/0.14),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(124_58_237/0.2),transparent_70%)]" />
      </div>

      <div className="container-page flex flex-col gap-10 py-12 sm:py-16">
        <div className="flex flex-col gap-6 lg:flex-row lg:items-end lg:justify-between">
          <PageHeader eyebrow={t`Enchant laboratory`} title={t`Enchants`}>
            <Trans>
              Every enchant of the season in one place. Search by effect, compare rarities and plan your next
              pickaxe, blade or armour set before you spend a single point of energy.
            </Trans>
          </PageHeader>
          <button
            type="button"
            onClick={() => update({ status: 'new' })}
            className={buttonClass('primary', 'lg', 'self-start lg:self-auto')}
          >
            <Sparkles aria-hidden className="size-4" />
            <Trans>Show new enchants</Trans>
          </button>
        </div>

        <StatTiles enchants={ENCHANTS} />
        <SystemLegend enchants={ENCHANTS} />

        <section aria-labelledby="catalogue-title" className="flex flex-col gap-5">
          <h2 id="catalogue-title" className="font-display text-xl font-bold tracking-tight text-fg">
            <Trans>Catalogue</Trans>
          </h2>
          <EnchantToolbar filters={filters} onChange={update} onReset={reset} />
          {shown && results && (
            <EnchantResults
              filters={shown}
              results={results}
              total={ENCHANTS.length}
              onReset={reset}
              isStale={shown !== filters}
            />
          )}
        </section>
      </div>
    </div>
  );
}
