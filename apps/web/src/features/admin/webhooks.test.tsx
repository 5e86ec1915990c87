import type { Webhook, WebhookList } from '@prison/shared/webhooks';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { WebhooksPage } from './webhooks-page.tsx';

const FULL_URL = 'https://discord.com/api/webhooks/1180000000000000000/xAbCdEfGhIjKlMnOpQrStUvWxYz0123456789';

const SALES: Webhook = {
  id: 3,
  url: 'https://discord.com/api/webhooks/1180…/…6789',
  events: ['purchase', 'punishment', 'server'],
  created_at: '2026-11-20T10:00:00.000Z',
  created_by: 'Notch',
  waiting: 2,
  sent: 412,
  last_sent_at: '2026-11-27T18:40:02.000Z',
  last_error: 'Discord answered 500 Internal Server Error',
  parked: [
    {
      id: 9001,
      event: 'purchase',
      title: 'Steve bought 16 × Diamond Pickaxe',
      attempts: 8,
      error: 'Discord answered 500 Internal Server Error',
      created_at: '2026-11-26T08:00:00.000Z',
      parked_at: '2026-11-26T08:41:00.000Z',
    },
  ],
};

const STAFF: Webhook = {
  id: 4,
  url: 'https://discord.com/api/webhooks/1190…/…abcd',
  events: ['appeal'],
  created_at: '2026-11-21T10:00:00.000Z',
  created_by: 'Notch',
  waiting: 0,
  sent: 0,
  last_sent_at: null,
  last_error: null,
  parked: [],
};

const LIST: WebhookList = { webhooks: [SALES, STAFF], allowed_hosts: [] };

/** The webhooks API as the contract answers it; each write changes what the list answers next. */
function stubWebhooksApi(list: WebhookList = LIST) {
  let current = structuredClone(list);
  const put = (webhook: Webhook) => {
    current = { ...current, webhooks: current.webhooks.map((w) => (w.id === webhook.id ? webhook : w)) };
    return json(webhook);
  };
  return stubFetch(async (request) => {
    const path = new URL(request.url).pathname;
    const method = request.method;
    if (path === '/api/admin/webhooks' && method === 'GET') return json(current);
    if (path === '/api/admin/webhooks' && method === 'POST') {
      const { url, events } = (await request.json()) as { url: string; events: Webhook['events'] };
      if (!url.startsWith('https://discord.com/api/webhooks/'))
        return json({ detail: 'A webhook address is https://discord.com/api/webhooks/{id}/{token}' }, 400);
      const made: Webhook = {
        ...STAFF,
        id: 5,
        url: `https://discord.com/api/webhooks/1200…/…${url.slice(-4)}`,
        events,
        created_by: 'Steve',
      };
      current = { ...current, webhooks: [...current.webhooks, made] };
      return json(made);
    }
    const one = /^\/api\/admin\/webhooks\/(\d+)$/.exec(path);
    if (one && method === 'PUT') {
      const { events } = (await request.json()) as { events: Webhook['events'] };
      const webhook = current.webhooks.find((w) => w.id === Number(one[1]))!;
      return put({ ...webhook, events });
    }
    if (one && method === 'DELETE') {
      current = { ...current, webhooks: current.webhooks.filter((w) => w.id !== Number(one[1])) };
      return json(current);
    }
    const retry = /^\/api\/admin\/webhooks\/(\d+)\/messages\/(\d+)\/retry$/.exec(path);
    if (retry && method === 'POST') {
      const webhook = current.webhooks.find((w) => w.id === Number(retry[1]))!;
      return put({
        ...webhook,
        waiting: webhook.waiting + 1,
        parked: webhook.parked.filter((m) => m.id !== Number(retry[2])),
      });
    }
    return json({ detail: 'Not found' }, 404);
  });
}

function renderPage(roles: string[] = ['OWNER']) {
  storeSession(roles, 'Steve');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return renderRoute(
    <QueryClientProvider client={client}>
      <WebhooksPage />
    </QueryClientProvider>,
    { path: '/admin/webhooks' },
  );
}

const webhookItems = async () =>
  within(await screen.findByRole('list', { name: 'Webhooks' })).getAllByRole('listitem', {
    // The parked messages are list items too: only the addresses.
    name: (_, element) => element.hasAttribute('data-webhook'),
  });

const item = async (id: number) => {
  const found = (await webhookItems()).find((li) => li.getAttribute('data-webhook') === String(id));
  if (!found) throw new Error(`no webhook ${id}`);
  return found;
};

describe('WebhooksPage', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each address masked, with its kinds, counts, last error and parked messages', async () => {
    stubWebhooksApi();
    renderPage();
    const items = await webhookItems();
    expect(items.map((li) => li.getAttribute('data-webhook'))).toEqual(['3', '4']);
    const sales = items[0]!;
    expect(sales).toHaveTextContent('https://discord.com/api/webhooks/1180…/…6789');
    expect(within(sales).getByText('Waiting').nextSibling).toHaveTextContent('2');
    expect(within(sales).getByText('Sent, 30 days').nextSibling).toHaveTextContent('412');
    expect(within(sales).getByRole('checkbox', { name: 'Purchases' })).toBeChecked();
    expect(within(sales).getByRole('checkbox', { name: 'Appeals' })).not.toBeChecked();
    expect(sales).toHaveTextContent('Last attempt failed: Discord answered 500 Internal Server Error');
    const parked = within(within(sales).getByRole('region', { name: 'Parked messages' })).getAllByRole(
      'listitem',
    );
    expect(parked).toHaveLength(1);
    expect(parked[0]).toHaveTextContent('Purchases');
    expect(parked[0]).toHaveTextContent('Steve bought 16 × Diamond Pickaxe');
    expect(parked[0]).toHaveTextContent('8 attempts');
    expect(parked[0]!.querySelector('time')).toHaveAttribute('dateTime', '2026-11-26T08:41:00.000Z');

    const staff = items[1]!;
    expect(within(staff).getByText('Last sent').nextSibling).toHaveTextContent('Never');
    expect(within(staff).queryByRole('region', { name: 'Parked messages' })).toBeNull();
    // No address is ever shown in full, and nothing on the page holds one.
    expect(document.body).not.toHaveTextContent(/webhooks\/\d{19}\//);
  });

  it('explains what webhooks do and where Discord gives an address when there are none', async () => {
    stubWebhooksApi({ webhooks: [], allowed_hosts: [] });
    renderPage();
    expect(await screen.findByText('No webhook yet')).toBeInTheDocument();
    expect(screen.getByText(/Integrations → Webhooks/)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Webhooks' })).toBeNull();
  });

  it('adds an address with the kinds ticked, then empties the field', async () => {
    const { requests, paths } = stubWebhooksApi();
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Webhook address');
    await user.type(field, FULL_URL);
    const form = field.closest('form')!;
    await user.click(within(form).getByRole('checkbox', { name: 'Appeals' }));
    await user.click(within(form).getByRole('checkbox', { name: 'Purchases' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('Added: it is listed with its address masked.')).toBeInTheDocument();
    const post = requests.find((r) => r.method === 'POST');
    expect(paths()).toContain('POST /api/admin/webhooks');
    // In the contract's order, whatever order they were ticked in.
    expect(await post!.json()).toEqual({ url: FULL_URL, events: ['purchase', 'appeal'] });
    expect(field).toHaveValue('');
    await vi.waitFor(async () => expect(await webhookItems()).toHaveLength(3));
    expect(document.body).not.toHaveTextContent(FULL_URL);
  });

  it('says what is missing before sending, and the server’s refusal of the address next to the field', async () => {
    const { paths } = stubWebhooksApi();
    renderPage();
    const user = userEvent.setup();
    const field = await screen.findByLabelText('Webhook address');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(screen.getByText('Paste the webhook address from Discord.')).toBeInTheDocument();
    expect(screen.getByText('Pick at least one kind of event.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(paths().filter((p) => p.startsWith('POST'))).toEqual([]);

    await user.type(field, 'https://example.com/api/webhooks/1/abc');
    await user.click(within(field.closest('form')!).getByRole('checkbox', { name: 'Docs' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const refusal = await screen.findByText(
      'A webhook address is https://discord.com/api/webhooks/{id}/{token}',
    );
    expect(field).toHaveAccessibleDescription(expect.stringContaining(refusal.textContent!));
    // The address stays for the owner to correct.
    expect(field).toHaveValue('https://example.com/api/webhooks/1/abc');
  });

  it("saves an address's kinds", async () => {
    const { requests } = stubWebhooksApi();
    renderPage();
    const user = userEvent.setup();
    const staff = await item(4);
    expect(within(staff).queryByRole('button', { name: 'Save kinds' })).toBeNull();
    await user.click(within(staff).getByRole('checkbox', { name: 'Docs' }));
    await user.click(within(staff).getByRole('button', { name: 'Save kinds' }));
    await vi.waitFor(() => expect(within(staff).queryByRole('button', { name: 'Save kinds' })).toBeNull());
    const put = requests.find((r) => r.method === 'PUT')!;
    expect(new URL(put.url).pathname).toBe('/api/admin/webhooks/4');
    expect(await put.json()).toEqual({ events: ['appeal', 'doc'] });
    expect(within(staff).getByRole('checkbox', { name: 'Docs' })).toBeChecked();
  });

  it('retries a parked message at its own address, and the message leaves the parked list', async () => {
    const { paths } = stubWebhooksApi();
    renderPage();
    const user = userEvent.setup();
    const sales = await item(3);
    await user.click(
      within(sales).getByRole('button', { name: 'Retry “Steve bought 16 × Diamond Pickaxe”' }),
    );
    expect(await within(sales).findByText(/waits to be sent again/)).toBeInTheDocument();
    expect(paths()).toContain('POST /api/admin/webhooks/3/messages/9001/retry');
    await vi.waitFor(() =>
      expect(within(sales).queryByRole('region', { name: 'Parked messages' })).toBeNull(),
    );
    expect(within(sales).getByText('Waiting').nextSibling).toHaveTextContent('3');
  });

  it('shows the newest parked messages, and all of them on demand', async () => {
    const parked = Array.from({ length: 5 }, (_, i) => ({
      ...SALES.parked[0]!,
      id: 9001 + i,
      title: `Listing ${i + 1}`,
    }));
    stubWebhooksApi({ ...LIST, webhooks: [{ ...SALES, parked }] });
    renderPage();
    const section = within(await item(3)).getByRole('region', { name: 'Parked messages' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
    const user = userEvent.setup();
    await user.click(within(section).getByRole('button', { name: 'Show all 5 parked messages' }));
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.getAttribute('data-message')),
    ).toEqual(['9001', '9002', '9003', '9004', '9005']);
    await user.click(within(section).getByRole('button', { name: 'Show the newest only' }));
    expect(within(section).getAllByRole('listitem')).toHaveLength(3);
  });

  it("sends a test message and shows Discord's answer, or its refusal", async () => {
    let answer = json({ status: 204 });
    const { paths } = stubFetch((request) => (request.method === 'POST' ? answer : json(LIST)));
    renderPage();
    const user = userEvent.setup();
    const sales = await item(3);
    await user.click(within(sales).getByRole('button', { name: 'Send a test message' }));
    expect(await within(sales).findByText('Sent: Discord answered 204.')).toBeInTheDocument();
    expect(paths()).toContain('POST /api/admin/webhooks/3/test');

    answer = json({ detail: 'Discord answered 404 Unknown Webhook' }, 502);
    await user.click(within(sales).getByRole('button', { name: 'Send a test message' }));
    expect(await within(sales).findByText('Discord answered 404 Unknown Webhook')).toBeInTheDocument();
    expect(within(sales).queryByText(/Sent:/)).toBeNull();
  });

  it('removes an address after a confirmation', async () => {
    const { paths } = stubWebhooksApi();
    renderPage();
    const user = userEvent.setup();
    await user.click(
      await screen.findByRole('button', { name: 'Remove https://discord.com/api/webhooks/1190…/…abcd' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Remove this webhook?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(paths().filter((p) => p.startsWith('DELETE'))).toEqual([]);

    await user.click(
      screen.getByRole('button', { name: 'Remove https://discord.com/api/webhooks/1190…/…abcd' }),
    );
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove webhook' }));
    expect(
      await screen.findByText(/is removed, with the messages that were waiting for it/),
    ).toBeInTheDocument();
    expect(paths().filter((p) => p.startsWith('DELETE'))).toEqual(['DELETE /api/admin/webhooks/4']);
    expect((await webhookItems()).map((li) => li.getAttribute('data-webhook'))).toEqual(['3']);
  });

  it('tells staff who are not owners that the page is the owner’s, without asking the API', async () => {
    const { paths } = stubWebhooksApi();
    renderPage(['ADMIN']);
    expect(
      await screen.findByText(/Only an owner sees and changes the Discord webhooks/),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Webhook address')).toBeNull();
    expect(paths()).toEqual([]);
  });

  it('says why when the list is refused', async () => {
    stubFetch(() => json({ detail: 'You do not have permission to do that' }, 403));
    renderPage();
    expect(await screen.findByText('You do not have permission to do that')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Webhooks' })).toBeNull();
  });
});
