import type { Listing, Listings, ListingsSummary } from '@prison/shared/auction';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeIntersectionObserver } from '../../../test/fake-intersection-observer.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { AuctionCategoryPage } from './auction-category-page.tsx';

const PAGE = 3;
const SELLER = 'a1b2c3d4-0000-4000-8000-000000000001';

const LISTINGS: Listing[] = Array.from({ length: 7 }, (_, i) => ({
  id: `listing-${i}`,
  item: { name: `Ore ${i}`, icon: 'iron_ore', enchants: [] },
  seller: SELLER,
  sellerName: 'MinerMo',
  qty: 10 + i,
  price: `${i + 1}.50`,
}));

const SUMMARY: ListingsSummary = {
  listings: 7,
  sellers: 1,
  totalQuantity: 91,
  totalValue: '409.50',
  floor: '1.50',
  ceiling: '7.50',
  averagePrice: '4.50',
  cheapestSeller: 'MinerMo',
  topSellers: [{ seller: SELLER, sellerName: 'MinerMo', quantity: 91, listings: 7 }],
};

/**
 * The listings endpoint as the server answers it, three to a page: the cursor is the index of the
 * next listing; `quantity_desc` reverses the order. `fail` answers 500 for the pages it names.
 */
function fakeServer(options: { fail?: (cursor: string | null) => boolean } = {}) {
  let listings = [...LISTINGS];
  const fetched = stubFetch(async (request) => {
    const url = new URL(request.url);
    if (url.pathname === '/api/auction/purchase') {
      const { id, qty } = (await request.json()) as { id: string; qty: number };
      listings = listings.map((l) => (l.id === id ? { ...l, qty: l.qty - qty } : l));
      const left = listings.find((l) => l.id === id)!;
      return json({
        id: 'p1',
        listing_id: id,
        qty,
        price: left.price,
        total: left.price,
        remaining: left.qty,
        balance: '100.00',
      });
    }
    const cursor = url.searchParams.get('cursor');
    if (options.fail?.(cursor)) return json({ detail: 'Internal server error' }, 500);
    const sorted = url.searchParams.get('sort') === 'quantity_desc' ? [...listings].reverse() : listings;
    const start = cursor ? Number(cursor) : 0;
    const body: Listings = {
      displayName: 'Ores',
      listings: sorted.slice(start, start + PAGE),
      next_cursor: start + PAGE < sorted.length ? String(start + PAGE) : null,
      summary: cursor ? null : SUMMARY,
    };
    return json(body);
  });
  const listingRequests = () =>
    fetched.requests
      .map((r) => new URL(r.url))
      .filter((u) => u.pathname.endsWith('/listings'))
      .map((u) => u.search);
  return { ...fetched, listingRequests };
}

function renderPage() {
  storeSession([]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const page = (
    <QueryClientProvider client={client}>
      <AuctionCategoryPage />
    </QueryClientProvider>
  );
  // The page reads its category from the route.
  return renderRoute(null, { path: '/auction/ores', routes: [{ path: '/auction/:key', element: page }] });
}

const rowIds = () =>
  Array.from(document.querySelectorAll('[data-listing]')).map((row) => row.getAttribute('data-listing'));

beforeAll(() => configure({ asyncUtilTimeout: 5000 }));
afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.reset();
});

describe('the listings of a category, a page at a time', () => {
  it("shows the first page with the whole category's figures, and loads more with the button", async () => {
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(rowIds()).toEqual(['listing-0', 'listing-1', 'listing-2']));
    // The figures are the category's, from the first page, not the three rows'.
    expect(screen.getByText('Total quantity').nextSibling).toHaveTextContent('91');
    expect(screen.getByText('Total value').nextSibling).toHaveTextContent('$409.50');
    expect(screen.getByText('Ceiling price').nextSibling).toHaveTextContent('$7.50');
    expect(screen.getByText('Showing 3 of 7 listings')).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowIds()).toHaveLength(6));
    expect(screen.getByText('Showing 6 of 7 listings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowIds()).toHaveLength(7));
    // The last page: no more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(server.listingRequests()).toEqual([
      '?sort=price_asc',
      '?sort=price_asc&cursor=3',
      '?sort=price_asc&cursor=6',
    ]);
  });

  it('loads the next page when the end of the list comes into view', async () => {
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    act(() => FakeIntersectionObserver.comeOnScreen());
    await waitFor(() => expect(rowIds()).toHaveLength(6));
    act(() => FakeIntersectionObserver.comeOnScreen());
    await waitFor(() => expect(rowIds()).toHaveLength(7));
    expect(server.listingRequests()).toHaveLength(3);
  });

  it('starts again from the first page of a new sort', async () => {
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowIds()).toHaveLength(6));
    await user.selectOptions(screen.getByLabelText('Sort'), 'quantity_desc');
    await waitFor(() => expect(rowIds()).toEqual(['listing-6', 'listing-5', 'listing-4']));
    expect(server.listingRequests().at(-1)).toBe('?sort=quantity_desc');
  });

  it('asks the server for the minimum quantity once typing pauses', async () => {
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    // Keys go in without a pause between them (delay: null), as a person typing a number does next to
    // the debounce: on a busy machine a pause between keys could otherwise outlast it.
    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Minimum quantity'), '15');
    await waitFor(() => expect(server.listingRequests().at(-1)).toBe('?sort=price_asc&min_qty=15'));
    // Not once per key press.
    expect(server.listingRequests()).not.toContain('?sort=price_asc&min_qty=1');
  });

  it('updates the bought listing on whichever page holds it', async () => {
    const server = fakeServer();
    renderPage();
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rowIds()).toHaveLength(6));
    const row = () => document.querySelector('[data-listing="listing-4"]') as HTMLElement;
    expect(within(row()).getByText('14')).toBeInTheDocument();
    await user.click(within(row()).getByRole('button', { name: /^Buy now/ }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm purchase' }));
    await waitFor(() => expect(row().querySelector('[data-qty]')).toHaveTextContent('13'));
    // Both pages are read again, in order, for the category's new figures.
    await waitFor(() =>
      expect(server.listingRequests().slice(-2)).toEqual(['?sort=price_asc', '?sort=price_asc&cursor=3']),
    );
    expect(rowIds()).toHaveLength(6);
  });

  it('keeps the pages shown when the next one fails, and tries again on request', async () => {
    let failing = true;
    fakeServer({ fail: (cursor) => cursor === '3' && failing });
    renderPage();
    await waitFor(() => expect(rowIds()).toHaveLength(3));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Failed to load listings')).toBeInTheDocument();
    expect(rowIds()).toHaveLength(3);
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rowIds()).toHaveLength(6));
    expect(screen.queryByText('Failed to load listings')).not.toBeInTheDocument();
  });

  it('says "Failed to load listings" when the first page fails', async () => {
    fakeServer({ fail: () => true });
    renderPage();
    expect(await screen.findByText('Failed to load listings')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
