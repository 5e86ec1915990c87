import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Listing, Listings } from '@prison/shared/auction';
import { LISTING_SORTS, type ListingSort } from '@prison/shared/auction-terms';
import { pageTitle } from '@prison/shared/brand';
import { clsx } from 'clsx';
import { ArrowLeft, BarChart3, Medal } from 'lucide-react';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card, cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { controlClass, fieldLabelClass, Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Stat, StatRow } from '../../components/ui/stat.tsx';
import { Toasts, useToasts } from '../../components/ui/toast.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { useSession } from '../../lib/session.ts';
import { useListings, usePurchase } from './api.ts';
import { parseMinQuantity } from './auction-model.ts';
import { ItemEnchants } from './item-enchants.tsx';
import { ItemIcon } from './item-icon.tsx';
import { LoadMore } from './load-more.tsx';
import { PurchaseDialog } from './purchase-dialog.tsx';
import { SignedOutBanner } from './signed-out-banner.tsx';

const SORT_LABELS: Record<ListingSort, MessageDescriptor> = {
  price_asc: msg`Price: low to high`,
  price_desc: msg`Price: high to low`,
  quantity_asc: msg`Quantity: low to high`,
  quantity_desc: msg`Quantity: high to low`,
};

const price = (value: string | null) => (value === null ? '—' : formatMoney(value));

/** The listings while a new sort or minimum is on its way. */
const changingClass = 'opacity-60 transition-opacity';

/** Spec 2.11: one category's listings, with the confirm-purchase dialog. */
export function AuctionCategoryPage() {
  const { t } = useLingui();
  const { key = '' } = useParams();
  const session = useSession();
  const [sort, setSort] = useState<ListingSort>('price_asc');
  const [minText, setMinText] = useState('');
  const listings = useListings(key, { sort, minQty: parseMinQuantity(minText) }, Boolean(session));
  const pages = listings.data?.pages ?? null;
  // A failed next page keeps the pages shown (LoadMore says it); only a failed first page is the error.
  const status = isHttpError(listings.error) && !pages ? listings.error.status : null;
  const displayName = pages?.[0]?.displayName ?? key;
  const { fetchNextPage } = listings;
  // A refetch under way (the window regained focus) finishes first: its pages lead to the next one.
  const loadMore = useCallback(() => void fetchNextPage({ cancelRefetch: false }), [fetchNextPage]);
  const categoryPath = `/auction/${key}`;

  return (
    <div className="container-page pt-10 pb-16 sm:pt-14 sm:pb-24">
      <title>{pageTitle(pages ? t`${displayName} · Auction house` : t`Auction house`)}</title>
      <Link
        to="/auction"
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-fg-muted hover:text-fg"
      >
        <ArrowLeft aria-hidden className="size-4" />
        <Trans>All categories</Trans>
      </Link>
      <header className="mt-4">
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          <Trans>Auction house</Trans>
        </p>
        <h1 className="mt-2 font-display text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
          {pages ? (
            displayName
          ) : status === 404 ? (
            <Trans>No such category</Trans>
          ) : listings.isPending && session ? (
            <>
              <span className="sr-only">
                <Trans>Loading…</Trans>
              </span>
              <span
                aria-hidden
                className="inline-block h-11 w-64 rounded-xl bg-fg/[0.07] align-middle motion-safe:animate-pulse"
              />
            </>
          ) : (
            <Trans>Auction house</Trans>
          )}
        </h1>
      </header>
      {!session || status === 401 ? (
        <SignedOutBanner redirect={categoryPath} />
      ) : status === 404 ? (
        <div className="mt-8 flex flex-col items-start gap-4 rounded-3xl border border-dashed border-line-strong p-8">
          <p className="text-fg-muted">
            <Trans>This category is not on the market. It may have been renamed or emptied.</Trans>
          </p>
          <Link to="/auction" className={buttonClass('secondary', 'sm')}>
            <Trans>Browse all categories</Trans>
          </Link>
        </div>
      ) : listings.isError && !pages ? (
        <Alert tone="error" className="mt-8">
          <Trans>Failed to load listings</Trans>
        </Alert>
      ) : (
        <Market
          categoryKey={key}
          sort={sort}
          onSort={setSort}
          minText={minText}
          onMinText={setMinText}
          pages={pages}
          isChanging={listings.isPlaceholderData}
          more={{
            hasMore: listings.hasNextPage,
            isLoading: listings.isFetchingNextPage,
            failed: listings.isFetchNextPageError,
            onLoad: loadMore,
          }}
          ownUuid={session.user.uuid}
        />
      )}
    </div>
  );
}

/** Every listing of the pages loaded, once: a quantity that changed between two pages may repeat one. */
function listingsOf(pages: readonly Listings[]): Listing[] {
  const seen = new Set<string>();
  return pages.flatMap((page) => page.listings.filter((l) => !seen.has(l.id) && seen.add(l.id)));
}

function Market({
  categoryKey,
  sort,
  onSort,
  minText,
  onMinText,
  pages,
  isChanging,
  more,
  ownUuid,
}: {
  categoryKey: string;
  sort: ListingSort;
  onSort: (sort: ListingSort) => void;
  minText: string;
  onMinText: (text: string) => void;
  pages: Listings[] | null;
  /** A new sort or minimum is on its way: the previous pages still show. */
  isChanging: boolean;
  more: Parameters<typeof LoadMore>[0];
  ownUuid: string;
}) {
  const { t } = useLingui();
  const [buying, setBuying] = useState<Listing | null>(null);
  const { toasts, show, dismiss } = useToasts();
  const purchase = usePurchase(categoryKey);

  // Each opened dialog is one purchase, however often its confirm is retried.
  const open = (listing: Listing) => {
    purchase.begin();
    setBuying(listing);
  };

  const confirm = async (listing: Listing, qty: number) => {
    try {
      const bought = await purchase.buy(listing, qty);
      setBuying(null);
      const quantity = formatWhole(bought.qty);
      const item = listing.item.name;
      const total = formatMoney(bought.total);
      show({
        tone: 'success',
        title: t`Success`,
        text: t`Purchase successful: ${quantity}× ${item} for ${total}.`,
      });
    } catch (error) {
      show({
        tone: 'error',
        title: t`Heads up`,
        text: errorText(error, t`Purchase failed`),
      });
    }
  };

  // The first page carries the whole category's figures.
  const summary = pages?.[0]?.summary;
  if (!pages || !summary) {
    return (
      <div className="mt-8 space-y-4" aria-busy="true">
        <p className="sr-only">
          <Trans>Loading listings…</Trans>
        </p>
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-24 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-80 rounded-2xl" />
      </div>
    );
  }

  const shown = listingsOf(pages);
  const minQty = parseMinQuantity(minText);
  const sellers = summary.topSellers;
  const sortOptions = LISTING_SORTS.map((id) => ({ value: id, label: t(SORT_LABELS[id]) }));
  const listingCount = shown.length;
  const shownCount = formatWhole(listingCount);
  const minimum = formatWhole(minQty);
  const listingTotal = summary.listings;
  const allListings = formatWhole(listingTotal);

  return (
    <>
      <dl className="mt-8 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        <Stat label={t`Total quantity`} value={formatWhole(summary.totalQuantity)} />
        <Stat label={t`Total value`} value={formatMoney(summary.totalValue)} />
        <Stat label={t`Floor price`} value={price(summary.floor)} />
        <Stat label={t`Ceiling price`} value={price(summary.ceiling)} />
      </dl>

      <div className="mt-10 grid gap-8 lg:grid-cols-12">
        <section aria-labelledby="listings-title" className="min-w-0 lg:col-span-8">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <h2 id="listings-title" className="font-display text-2xl font-bold tracking-tight text-fg">
              <Trans>Listings</Trans>
            </h2>
            <div className="flex gap-3">
              <label className="w-36 shrink-0">
                <span className={fieldLabelClass}>
                  <Trans>Minimum quantity</Trans>
                </span>
                <input
                  type="number"
                  min={0}
                  inputMode="numeric"
                  value={minText}
                  onChange={(event) => onMinText(event.target.value)}
                  placeholder="0"
                  className={clsx(controlClass, 'px-3')}
                />
              </label>
              <Select
                label={t`Sort`}
                value={sort}
                onChange={onSort}
                options={sortOptions}
                className="min-w-0 flex-1 sm:w-56 sm:flex-none"
              />
            </div>
          </div>
          {shown.length === 0 ? (
            <p className="mt-5 rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
              {summary.listings === 0 ? (
                <Trans>Nothing is listed in this category right now.</Trans>
              ) : (
                <Trans>No listings have that many units.</Trans>
              )}
            </p>
          ) : (
            <div aria-busy={isChanging} className={isChanging ? changingClass : undefined}>
              {/* Phones get cards: a five-column table would hide the price and the button. */}
              <ul className="mt-5 space-y-3 sm:hidden">
                {shown.map((listing) => (
                  <li key={listing.id} data-listing-card={listing.id} className={cardClass('p-4')}>
                    <div className="flex items-center gap-3">
                      <ItemIcon icon={listing.item.icon} size={28} />
                      <span className="min-w-0 flex-1">
                        <span className="block font-semibold text-fg">{listing.item.name}</span>
                        <ItemEnchants enchants={listing.item.enchants} className="mt-0.5" />
                      </span>
                      <span className="font-semibold text-fg tabular-nums">{formatMoney(listing.price)}</span>
                    </div>
                    <div className="mt-3 flex items-center justify-between gap-3 text-sm">
                      <span className="text-fg-muted">
                        <span className="font-mono text-xs" title={listing.sellerName}>
                          <SellerLink listing={listing} />
                        </span>{' '}
                        · <ListingQuantity listing={listing} />
                      </span>
                      <BuyCell listing={listing} ownUuid={ownUuid} onBuy={open} />
                    </div>
                  </li>
                ))}
              </ul>
              <div className={cardClass('mt-5 hidden overflow-x-auto sm:block')}>
                <table className="w-full min-w-[36rem] text-sm">
                  <thead>
                    <tr className="border-b border-line text-left text-xs font-semibold tracking-wide text-fg-muted uppercase">
                      <th scope="col" className="px-4 py-3">
                        <Trans comment="Listings table column: the item listed">Item</Trans>
                      </th>
                      <th scope="col" className="px-4 py-3">
                        <Trans comment="Listings table column: the player selling">Seller</Trans>
                      </th>
                      <th scope="col" className="px-4 py-3 text-right">
                        <Trans comment="Listings table column, short for quantity">Qty</Trans>
                      </th>
                      <th scope="col" className="px-4 py-3 text-right">
                        <Trans comment="Listings table column: the unit price">Price</Trans>
                      </th>
                      <th scope="col" className="px-4 py-3 text-right">
                        <span className="sr-only">
                          <Trans comment="Listings table column holding the Buy now buttons (read out only)">
                            Action
                          </Trans>
                        </span>
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line">
                    {shown.map((listing) => (
                      <tr key={listing.id} data-listing={listing.id}>
                        <th scope="row" className="px-4 py-3 text-left font-semibold text-fg">
                          <span className="flex items-center gap-2.5">
                            <ItemIcon icon={listing.item.icon} size={24} />
                            <span className="min-w-0">
                              {listing.item.name}
                              <ItemEnchants enchants={listing.item.enchants} className="mt-0.5" />
                            </span>
                          </span>
                        </th>
                        <td className="px-4 py-3 font-mono text-xs text-fg-muted" title={listing.sellerName}>
                          <SellerLink listing={listing} />
                        </td>
                        <td className="px-4 py-3 text-right text-fg tabular-nums" data-qty>
                          {formatWhole(listing.qty)}
                        </td>
                        <td className="px-4 py-3 text-right font-semibold text-fg tabular-nums">
                          {formatMoney(listing.price)}
                        </td>
                        <td className="px-4 py-3 text-right">
                          <BuyCell listing={listing} ownUuid={ownUuid} onBuy={open} />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="mt-4 text-center text-sm text-fg-muted" aria-live="polite">
                {minQty > 0
                  ? t`${plural(listingCount, {
                      one: plural(minQty, {
                        one: `Showing ${shownCount} listing with at least ${minimum} unit`,
                        other: `Showing ${shownCount} listing with at least ${minimum} units`,
                      }),
                      other: plural(minQty, {
                        one: `Showing ${shownCount} listings with at least ${minimum} unit`,
                        other: `Showing ${shownCount} listings with at least ${minimum} units`,
                      }),
                    })}`
                  : // English writes "listings" whatever the total; other languages choose by number.
                    t`${plural(listingTotal, {
                      one: `Showing ${shownCount} of ${allListings} listings`,
                      other: `Showing ${shownCount} of ${allListings} listings`,
                    })}`}
              </p>
              <LoadMore {...more} />
            </div>
          )}
        </section>

        <aside className="min-w-0 space-y-6 lg:col-span-4">
          <Card title={t`Market recap`} icon={<BarChart3 className="size-5" />}>
            <dl className="divide-y divide-line text-sm">
              <StatRow label={t`Listings`} value={formatWhole(summary.listings)} />
              <StatRow label={t`Sellers`} value={formatWhole(summary.sellers)} />
              <StatRow label={t`Average unit price`} value={price(summary.averagePrice)} />
              <StatRow
                label={t`Cheapest seller`}
                value={summary.cheapestSeller ? <PlayerLink username={summary.cheapestSeller} /> : '—'}
              />
            </dl>
          </Card>
          <Card title={t`Top sellers`} icon={<Medal className="size-5" />}>
            {sellers.length === 0 ? (
              <p className="text-sm text-fg-muted">
                <Trans>No sellers yet.</Trans>
              </p>
            ) : (
              <ol className="space-y-2">
                {sellers.map((seller, index) => (
                  <li key={seller.seller} className="flex items-center gap-3 text-sm">
                    <span className="flex size-7 items-center justify-center rounded-full bg-amber-400/15 font-bold text-amber-800 dark:text-amber-300">
                      {index + 1}
                    </span>
                    <span className="min-w-0 flex-1 truncate font-semibold text-fg">
                      <PlayerLink username={seller.sellerName || seller.seller}>
                        {seller.sellerName || seller.seller.slice(0, 8)}
                      </PlayerLink>
                    </span>
                    <span className="text-fg-muted tabular-nums">
                      <Units count={seller.quantity} />
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Card>
        </aside>
      </div>

      <PurchaseDialog listing={buying} onClose={() => setBuying(null)} onConfirm={confirm} />
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </>
  );
}

/** A listing's quantity on a phone's card, after its seller. */
function ListingQuantity({ listing }: { listing: Listing }) {
  const quantity = formatWhole(listing.qty);
  return (
    <Trans comment="Listing card: how many units are listed (Qty is short for quantity)">
      Qty <span className="font-semibold text-fg tabular-nums">{quantity}</span>
    </Trans>
  );
}

/** A top seller's units on sale. */
function Units({ count }: { count: number }) {
  const units = formatWhole(count);
  return <Plural value={count} one={`${units} unit`} other={`${units} units`} />;
}

/**
 * Spec 2.11: the seller shows as the first 8 characters of their uuid, linking to their page (by
 * uuid when the name is unknown: the player page redirects to the name). The name is read out too.
 */
function SellerLink({ listing }: { listing: Listing }) {
  return (
    <PlayerLink username={listing.sellerName || listing.seller}>
      {listing.sellerName && <span className="sr-only">{listing.sellerName}, </span>}
      {listing.seller.slice(0, 8)}
    </PlayerLink>
  );
}

/** Spec 2.11: Buy now, or "Your listing" on the player's own. */
function BuyCell({
  listing,
  ownUuid,
  onBuy,
}: {
  listing: Listing;
  ownUuid: string;
  onBuy: (listing: Listing) => void;
}) {
  const { t } = useLingui();
  if (listing.seller === ownUuid)
    return (
      <span className="text-xs font-semibold text-fg-muted">
        <Trans>Your listing</Trans>
      </span>
    );
  const item = listing.item.name;
  const seller = listing.sellerName;
  return (
    <button
      type="button"
      onClick={() => onBuy(listing)}
      className={buttonClass('primary', 'sm')}
      aria-label={t`Buy now: ${item} from ${seller}`}
    >
      <Trans>Buy now</Trans>
    </button>
  );
}
