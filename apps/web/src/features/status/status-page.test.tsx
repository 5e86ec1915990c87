import type { ServerStatus, StatusSeries } from '@prison/shared/status';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeIntersectionObserver } from '../../../test/fake-intersection-observer.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute } from '../../../test/render-route.tsx';
import { StatusPage } from './status-page.tsx';

// uPlot draws on a canvas, which happy-dom does not have: the page is tested around the chart, whose
// drawing the end-to-end test (e2e/status.spec.ts) sees in a real browser.
vi.mock('./status-chart.tsx', () => ({
  StatusChart: ({ range, series }: { range: string; series: StatusSeries }) => (
    <div data-testid="status-chart" data-range={range}>
      {series.points.length} points
    </div>
  ),
}));

const HOUR = 3600;
const NOW = 1_760_000_000;
const series = (step: number, values: (number | null)[]): StatusSeries => ({
  step,
  points: values.map((online, i) => [NOW - (values.length - 1 - i) * step, online]),
});
const EMPTY = { step: 300, points: [] };

const status = (over: Partial<ServerStatus> = {}): ServerStatus => ({
  reporting: true,
  online: 42,
  max_online: 200,
  peak_today: 143,
  tps: 19.82,
  mspt: 12.34,
  reported_at: new Date().toISOString(),
  history: {
    day: series(300, [10, null, 143, 90]),
    week: series(HOUR, [5, 20, 30]),
    month: series(4 * HOUR, [1, 2]),
  },
  ...over,
});

function renderPage(path = '/status') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <StatusPage />
    </QueryClientProvider>,
    { path },
  );
}

const card = (label: string) => screen.getByText(label, { selector: 'dt' }).parentElement as HTMLElement;

describe('StatusPage', () => {
  beforeEach(() => {
    FakeWebSocket.reset();
    vi.stubGlobal('WebSocket', FakeWebSocket);
    FakeIntersectionObserver.reset({ onScreenAtOnce: true });
    vi.stubGlobal('IntersectionObserver', FakeIntersectionObserver);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows a reporting server: online of the maximum (live), the peak, TPS, MSPT and the chart', async () => {
    const { requests } = stubFetch(() => json(status()));
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Server status' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading the server status' })).toBeInTheDocument();

    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/status');
    expect(requests[0]!.headers.get('authorization')).toBeNull();
    expect(screen.queryByText('Game server not reporting')).not.toBeInTheDocument();

    // Until the live socket speaks, the polled count stands in; then the live one wins.
    expect(card('Online now')).toHaveTextContent('42 of 200');
    expect(card('Online now')).toHaveTextContent('21% of capacity');
    act(() => FakeWebSocket.latest().message('{"online":57}'));
    expect(card('Online now')).toHaveTextContent('57 of 200');
    expect(new URL(FakeWebSocket.latest().url).pathname).toBe('/ws/players');

    expect(card('Peak today')).toHaveTextContent('143');
    expect(card('TPS')).toHaveTextContent('19.8');
    expect(within(card('TPS')).getByText('Good')).toBeInTheDocument();
    expect(card('MSPT')).toHaveTextContent('12.3 ms');

    // The chart of the last 24 hours, with its text alternative.
    expect(await screen.findByTestId('status-chart')).toHaveAttribute('data-range', 'day');
    expect(screen.getByRole('tab', { name: '24 hours', selected: true })).toBeInTheDocument();
    expect(
      screen.getByRole('figure', { name: /^Players online over the last 24 hours: peak 143 players at/ }),
    ).toHaveAccessibleName(/average 81 players, lowest 10 players, latest 90 players\.$/);
    expect(
      screen.getByText('The most players online per 5 minutes, over the last 24 hours.'),
    ).toBeInTheDocument();
  });

  it('switches the chart between 24 hours, 7 days and 30 days, keeping the range in the address', async () => {
    stubFetch(() => json(status()));
    const { router } = renderPage();
    const user = userEvent.setup();
    await screen.findByTestId('status-chart');

    await user.click(screen.getByRole('tab', { name: '7 days' }));
    expect(await screen.findByTestId('status-chart')).toHaveAttribute('data-range', 'week');
    expect(router.state.location.search).toBe('?range=week');
    expect(screen.getByText('The most players online per hour, over the last 7 days.')).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '30 days' }));
    expect(await screen.findByTestId('status-chart')).toHaveAttribute('data-range', 'month');
    expect(screen.getByRole('figure')).toHaveAccessibleName(
      /^Players online over the last 30 days: peak 2 players/,
    );

    await user.click(screen.getByRole('tab', { name: '24 hours' }));
    expect(router.state.location.search).toBe('');
  });

  it('opens on the range named in the address', async () => {
    stubFetch(() => json(status()));
    renderPage('/status?range=month');
    expect(await screen.findByTestId('status-chart')).toHaveAttribute('data-range', 'month');
  });

  it('says when the game server is not reporting, and does not pass its last count off as live', async () => {
    stubFetch(() => json(status({ reporting: false, reported_at: '2024-05-01T12:00:00Z' })));
    renderPage();
    expect(await screen.findByText('Game server not reporting')).toBeInTheDocument();
    expect(screen.queryByText('Online')).not.toBeInTheDocument();
    expect(screen.getByText(/Last report/)).toHaveTextContent('May 1, 2024');
    expect(card('Online now')).toHaveTextContent(/^Online now—Not reported/);
    expect(card('TPS')).toHaveTextContent('At the last report');
    expect(card('Peak today')).toHaveTextContent('143');
  });

  it('shows a dash for TPS and MSPT when the game server does not report them', async () => {
    stubFetch(() => json(status({ tps: null, mspt: null, max_online: null })));
    renderPage();
    await screen.findByText('Online');
    for (const label of ['TPS', 'MSPT']) {
      expect(card(label)).toHaveTextContent('—');
      expect(card(label)).toHaveTextContent('Not reported by the game server');
    }
    expect(within(card('TPS')).queryByText('Good')).not.toBeInTheDocument();
    expect(card('Online now')).toHaveTextContent(/^Online now42Prisoners in the yard right now$/);
  });

  it('colours the tick rate by its health', async () => {
    stubFetch(() => json(status({ tps: 14.2 })));
    renderPage();
    await screen.findByText('Online');
    expect(within(card('TPS')).getByText('Poor')).toBeInTheDocument();
    expect(within(card('TPS')).getByText('14.2')).toHaveClass('text-rose-700');
  });

  it('shows a friendly empty state while there is no history', async () => {
    stubFetch(() =>
      json(
        status({
          history: { day: series(300, [null, null]), week: EMPTY, month: EMPTY },
        }),
      ),
    );
    renderPage();
    expect(await screen.findByText('No history yet')).toBeInTheDocument();
    expect(screen.queryByTestId('status-chart')).not.toBeInTheDocument();
    expect(screen.queryByRole('figure')).not.toBeInTheDocument();
  });

  it('offers a retry when the status cannot be loaded', async () => {
    let fail = true;
    stubFetch(() => (fail ? json({ detail: 'Down' }, 503) : json(status())));
    renderPage();
    const retry = await screen.findByRole('button', { name: 'Retry' });
    expect(screen.getByText('Could not load the server status.')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(retry);
    expect(await screen.findByText('Online')).toBeInTheDocument();
  });
  it('draws the chart only once it nears the screen (below the fold of a phone, it waits)', async () => {
    stubFetch(() => json(status()));
    FakeIntersectionObserver.onScreenAtOnce = false;
    renderPage();
    expect(
      await screen.findByRole('figure', { name: /^Players online over the last 24 hours/ }),
    ).toBeVisible();
    expect(screen.queryByTestId('status-chart')).not.toBeInTheDocument();
    act(() => FakeIntersectionObserver.comeOnScreen());
    expect(await screen.findByTestId('status-chart')).toHaveAttribute('data-range', 'day');
  });
});
