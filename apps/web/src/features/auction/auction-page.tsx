import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { AuctionCategory } from '@prison/shared/auction';
import { pageTitle } from '@prison/shared/brand';
import { ArrowRight, Flame, Layers, Tag, TrendingDown, TrendingUp } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { MiniStat, Stat } from '../../components/ui/stat.tsx';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { useSession } from '../../lib/session.ts';
import { useCategories } from './api.ts';
import {
  CATEGORY_SORTS,
  type CategorySort,
  hotMovers,
  marketStats,
  visibleCategories,
} from './auction-model.ts';
import { ItemIcon } from './item-icon.tsx';
import { SignedOutBanner } from './signed-out-banner.tsx';

const price = (value: string | null) => (value === null ? '—' : formatMoney(value));

/** A category's page. */
const categoryPath = (category: AuctionCategory) => `/auction/${encodeURIComponent(category.key)}`;

/** Spec 2.10: the market's categories, live. */
export function AuctionPage() {
  const { t } = useLingui();
  const session = useSession();
  const categories = useCategories(Boolean(session));
  const unauthorized = (categories.error as { status?: number } | null)?.status === 401;

  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Auction house`)}</title>
      <PageBackdrop glow="bg-[radial-gradient(36rem_22rem_at_0%_0%,rgb(251_191_36/0.18),transparent_70%),radial-gradient(34rem_22rem_at_100%_0%,rgb(14_165_233/0.12),transparent_70%)]" />
      <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
        <PageHeader eyebrow={t`Marketplace`} title={t`Auction house`}>
          <Trans>
            Buy from other prisoners with your in-game balance. Prices update live, and whatever you buy
            arrives in game the moment you confirm.
          </Trans>
        </PageHeader>
        {!session || unauthorized ? (
          <SignedOutBanner redirect="/auction" />
        ) : categories.data ? (
          <Market categories={categories.data} />
        ) : categories.isError ? (
          <Alert tone="error" className="mt-10">
            <Trans>Failed to load categories</Trans>
          </Alert>
        ) : (
          <MarketSkeleton />
        )}
      </div>
    </div>
  );
}

function MarketSkeleton() {
  return (
    <div className="mt-10 space-y-6" aria-busy="true">
      <p className="sr-only">
        <Trans>Loading the market…</Trans>
      </p>
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-24 rounded-2xl" />
        ))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <Skeleton key={i} className="h-40 rounded-2xl" />
        ))}
      </div>
    </div>
  );
}

function Market({ categories }: { categories: AuctionCategory[] }) {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CategorySort>('name');
  const stats = marketStats(categories);
  const shown = visibleCategories(categories, search, sort);
  const movers = hotMovers(categories);
  const sortOptions = CATEGORY_SORTS.map(({ id, label }) => ({ value: id, label: t(label) }));
  const reset = () => {
    setSearch('');
    setSort('name');
  };

  return (
    <>
      <dl className="mt-10 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label={t`Live categories`} value={formatWhole(stats.liveCategories)} icon={Layers} />
        <Stat label={t`Active listings`} value={formatWhole(stats.activeListings)} icon={Tag} />
        <Stat label={t`Market floor`} value={price(stats.floor)} icon={TrendingDown} />
        <Stat label={t`Peak listing`} value={price(stats.peak)} icon={TrendingUp} />
      </dl>

      {movers.length > 0 && (
        <section aria-labelledby="movers-title" className="mt-10">
          <h2 id="movers-title" className="flex items-center gap-2 font-display text-xl font-bold text-fg">
            <Flame aria-hidden className="size-5 text-accent" />
            <Trans>Hot market movers</Trans>
          </h2>
          <ol className="mt-4 grid gap-3 md:grid-cols-3">
            {movers.map((category, index) => (
              <li key={category.key}>
                <Link
                  to={categoryPath(category)}
                  className="group flex items-center gap-3 rounded-2xl border border-amber-500/30 bg-gradient-to-br from-amber-400/10 to-transparent p-4 shadow-card transition hover:border-amber-500/60"
                >
                  <span className="font-display text-2xl font-bold text-accent tabular-nums">
                    {index + 1}
                  </span>
                  <ItemIcon icon={category.icon} size={32} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-semibold text-fg">{category.displayName}</span>
                    <span className="block text-sm text-fg-muted">
                      <MoverListings count={category.count} />
                    </span>
                  </span>
                  <ArrowRight
                    aria-hidden
                    className="size-4 text-fg-muted transition group-hover:translate-x-0.5"
                  />
                </Link>
              </li>
            ))}
          </ol>
        </section>
      )}

      <section aria-labelledby="categories-title" className="mt-12">
        <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
          <h2 id="categories-title" className="font-display text-2xl font-bold tracking-tight text-fg">
            <Trans>Categories</Trans>
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <SearchField
              label={t`Search categories`}
              value={search}
              onChange={setSearch}
              className="sm:w-72"
            />
            <Select
              label={t`Sort by`}
              value={sort}
              onChange={setSort}
              options={sortOptions}
              className="sm:w-44"
            />
          </div>
        </div>
        {shown.length === 0 ? (
          <div className="mt-6 flex flex-col items-start gap-4 rounded-3xl border border-dashed border-line-strong p-8">
            <p className="text-fg-muted">
              <Trans>No categories match your filters</Trans>
            </p>
            <button type="button" onClick={reset} className={buttonClass('secondary', 'sm')}>
              <Trans>Reset filters</Trans>
            </button>
          </div>
        ) : (
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((category) => (
              <li key={category.key} data-category={category.key}>
                <CategoryCard category={category} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * A hot mover's active listings. English writes "listings" whatever the number (the movers have
 * several); other languages choose the form by number.
 */
function MoverListings({ count }: { count: number }) {
  const listings = formatWhole(count);
  return <Plural value={count} one={`${listings} listings`} other={`${listings} listings`} />;
}

function CategoryCard({ category }: { category: AuctionCategory }) {
  const { t } = useLingui();
  const count = category.count;
  const listings = formatWhole(count);
  return (
    <Link
      to={categoryPath(category)}
      className={cardClass(
        'group flex h-full flex-col p-5 transition hover:-translate-y-0.5 hover:border-amber-500/50',
      )}
    >
      <div className="flex items-center gap-3">
        <span className="flex size-12 items-center justify-center rounded-xl bg-surface-sunken ring-1 ring-line">
          <ItemIcon icon={category.icon} size={32} />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-display text-lg font-bold text-fg">
            {category.displayName}
          </span>
          <span className="block text-sm text-fg-muted">
            <Plural value={count} one={`${listings} listing`} other={`${listings} listings`} />
          </span>
        </span>
        <ArrowRight
          aria-hidden
          className="size-4 text-fg-muted transition group-hover:translate-x-0.5 group-hover:text-accent"
        />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-line pt-3 text-sm">
        <MiniStat label={t`Lowest`} value={price(category.lowest)} />
        <MiniStat label={t`Highest`} value={price(category.highest)} />
      </dl>
    </Link>
  );
}
