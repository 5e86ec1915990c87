import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Enchant, EnchantRarity } from '@prison/shared/enchants';
import { clsx } from 'clsx';
import { Gem, RotateCcw, SearchX } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatWhole } from '../../lib/money.ts';
import { EnchantCard } from './enchant-card.tsx';
import { RARITY_DESCRIPTION, RARITY_LABEL } from './enchant-labels.ts';
import { type EnchantFilters, groupByRarity, isSearchSuspended } from './enchant-query.ts';
import { RARITY_TONE } from './enchant-tones.ts';

interface ResultsProps {
  filters: EnchantFilters;
  results: Enchant[];
  total: number;
  onReset: () => void;
  /** The list still shows the previous filters while the new ones render. */
  isStale?: boolean;
}

/** The id of a rarity group's heading. */
const rarityHeadingId = (rarity: EnchantRarity) => `rarity-${rarity}`;

/** "11 enchants": how many enchants a group or the catalogue holds. */
function EnchantCount({ count }: { count: number }) {
  const enchants = formatWhole(count);
  return <Plural value={count} one={`${enchants} enchant`} other={`${enchants} enchants`} />;
}

export function EnchantResults({ filters, results, total, onReset, isStale = false }: ResultsProps) {
  const { t } = useLingui();
  const sections = groupByRarity(results);
  const shown = formatWhole(results.length);
  const all = formatWhole(total);
  const rarityCount = sections.length;
  const rarities = formatWhole(rarityCount);
  const search = filters.search.trim();
  return (
    <div className={clsx('transition-opacity', isStale && 'opacity-60')}>
      <p role="status" className="text-sm text-fg-muted">
        {rarityCount > 0 ? (
          <Trans>
            Showing <strong className="font-semibold text-fg tabular-nums">{shown}</strong> of{' '}
            <Plural value={total} one={`${all} enchant`} other={`${all} enchants`} /> in{' '}
            <Plural value={rarityCount} one={`${rarities} rarity`} other={`${rarities} rarities`} />
          </Trans>
        ) : (
          <Trans>
            Showing <strong className="font-semibold text-fg tabular-nums">{shown}</strong> of{' '}
            <Plural value={total} one={`${all} enchant`} other={`${all} enchants`} />
          </Trans>
        )}
      </p>
      {search && isSearchSuspended(filters) && (
        <Alert tone="info" className="mt-3">
          <Trans>
            Text search is paused while a gear or status filter is active, so “{search}” is not applied. Set
            gear and status back to all to search by text.
          </Trans>
        </Alert>
      )}

      {sections.length === 0 ? (
        <EmptyResults onReset={onReset} />
      ) : (
        <div className="mt-8 flex flex-col gap-14">
          {sections.map((section) => (
            <section key={section.rarity} aria-labelledby={rarityHeadingId(section.rarity)}>
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-line pb-4">
                <span
                  className={clsx(
                    'flex size-10 items-center justify-center rounded-xl ring-1 ring-inset',
                    RARITY_TONE[section.rarity].gem,
                  )}
                >
                  <Gem aria-hidden className="size-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <h2
                    id={rarityHeadingId(section.rarity)}
                    className="flex items-baseline gap-3 font-display text-2xl font-bold tracking-tight text-fg"
                  >
                    {t(RARITY_LABEL[section.rarity])}{' '}
                    <span className="rounded-full bg-fg/[0.06] px-2.5 py-0.5 font-sans text-sm font-semibold tracking-normal text-fg-muted tabular-nums">
                      <EnchantCount count={section.enchants.length} />
                    </span>
                  </h2>
                  <p className="mt-1 text-sm text-fg-muted">{t(RARITY_DESCRIPTION[section.rarity])}</p>
                </div>
              </div>
              <ul className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {section.enchants.map((enchant) => (
                  // 47 cards of some sixty elements each: the browser lays out and paints only the
                  // ones near the screen (about 32rem tall until measured).
                  <li
                    key={enchant.name}
                    className="[contain-intrinsic-height:auto_32rem] [content-visibility:auto]"
                  >
                    <EnchantCard enchant={enchant} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

function EmptyResults({ onReset }: { onReset: () => void }) {
  return (
    <section
      aria-labelledby="enchants-empty-title"
      className="mt-8 flex flex-col items-center rounded-2xl border border-dashed border-line-strong bg-surface px-6 py-14 text-center"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <SearchX aria-hidden className="size-7" />
      </span>
      <h2 id="enchants-empty-title" className="mt-5 font-display text-xl font-bold text-fg">
        <Trans>No enchants match your filters</Trans>
      </h2>
      <p className="mt-2 max-w-md text-fg-muted">
        <Trans>
          Try broadening your search or clearing the active filters to explore the full catalogue.
        </Trans>
      </p>
      <button type="button" onClick={onReset} className={buttonClass('primary', 'md', 'mt-6')}>
        <RotateCcw aria-hidden className="size-4" />
        <Trans>Reset filters</Trans>
      </button>
    </section>
  );
}
