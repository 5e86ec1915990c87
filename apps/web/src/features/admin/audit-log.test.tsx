import type { AuditEvent } from '@prison/shared/admin';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { storeSession } from '../../../test/render-route.tsx';
import { AuditLog } from './audit-log.tsx';

const ADA = '8667ba71-b85a-4004-af54-457a9734eed7';

/** 45 entries, newest (id 45) first: every third one (43, 40...) a doc edit by OwnerOz, the rest commands by AdminAda. */
const LOG: AuditEvent[] = Array.from({ length: 45 }, (_, i) => {
  const id = 45 - i;
  const at = new Date(Date.UTC(2025, 5, 1, 12, 0, id)).toISOString();
  return id % 3 === 1
    ? {
        id,
        at,
        actor_uuid: '1b4e28ba-2fa1-4d4b-9a5e-7c1f3e2d1a00',
        actor_name: 'OwnerOz',
        action: 'doc.edit',
        target: `rules-${id}`,
        outcome: 'ok',
        detail: { revision: 2 },
      }
    : {
        id,
        at,
        actor_uuid: ADA,
        actor_name: 'AdminAda',
        action: 'rcon.command',
        target: `say ${id}`,
        outcome: id === 44 ? 'failed' : 'ok',
        detail: id === 44 ? { error: 'The game server is not reachable over RCON' } : {},
      };
});

/** GET /api/admin/audit over LOG, as the server pages and filters it. */
function stubAuditApi() {
  return stubFetch((request) => {
    const query = new URL(request.url).searchParams;
    const limit = Number(query.get('limit'));
    const before = query.has('before') ? Number(query.get('before')) : Infinity;
    const actor = query.get('actor')?.toLowerCase();
    const matching = LOG.filter(
      (event) =>
        event.id < before &&
        (!actor || event.actor_name.toLowerCase() === actor || event.actor_uuid === actor) &&
        (!query.has('action') || event.action === query.get('action')),
    );
    const events = matching.slice(0, limit);
    return json({ events, next: matching.length > limit ? events.at(-1)!.id : null });
  });
}

function renderLog() {
  storeSession(['ADMIN'], 'AdminAda');
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AuditLog />
    </QueryClientProvider>,
  );
  return screen.getByRole('region', { name: 'Audit log' });
}

const entries = (log: HTMLElement) => within(log).queryAllByRole('listitem');

describe('AuditLog', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows time, actor, action, target and outcome, 20 at a time with Load more', async () => {
    const { requests } = stubAuditApi();
    const log = renderLog();
    const user = userEvent.setup();
    expect(await within(log).findByText('> say 45')).toBeInTheDocument();
    expect(entries(log)).toHaveLength(20);
    const [command, failed, edit] = entries(log) as [HTMLElement, HTMLElement, HTMLElement];
    expect(command).toHaveTextContent('AdminAda · Command · ok');
    expect(within(command).getByRole('time')).toHaveAttribute('datetime', LOG[0]!.at);
    expect(failed).toHaveTextContent('AdminAda · Command · The game server is not reachable over RCON');
    expect(edit).toHaveTextContent('rules-43');
    expect(edit).toHaveTextContent('OwnerOz · Doc edited · ok');
    expect(edit).toHaveTextContent('revision: 2');

    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(entries(log)).toHaveLength(40));
    await user.click(within(log).getByRole('button', { name: 'Load more' }));
    await vi.waitFor(() => expect(entries(log)).toHaveLength(45));
    expect(within(log).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(requests.map((r) => new URL(r.url).search)).toEqual([
      '?limit=20',
      '?limit=20&before=26',
      '?limit=20&before=6',
    ]);
  });

  it('filters by action and by actor, and says when nothing matches', async () => {
    const { requests } = stubAuditApi();
    const log = renderLog();
    const user = userEvent.setup();
    await within(log).findByText('> say 45');

    await user.selectOptions(within(log).getByLabelText('Action'), 'Doc edited');
    await vi.waitFor(() => expect(entries(log)[0]).toHaveTextContent('rules-43'));
    expect(entries(log).every((entry) => entry.textContent?.includes('Doc edited'))).toBe(true);

    await user.type(within(log).getByLabelText('Actor'), ' adminada ');
    expect(await within(log).findByText('Nothing recorded matches these filters.')).toBeInTheDocument();
    await user.selectOptions(within(log).getByLabelText('Action'), 'Command');
    await vi.waitFor(() => expect(entries(log)).toHaveLength(20));
    expect(new URL(requests.at(-1)!.url).search).toBe('?limit=20&actor=adminada&action=rcon.command');
  });

  it('has a sentence of its own when nothing was recorded, and shows why it could not load', async () => {
    stubFetch(() => json({ events: [], next: null }));
    const empty = renderLog();
    expect(await within(empty).findByText('No staff actions have been recorded yet.')).toBeInTheDocument();
    document.body.innerHTML = '';

    stubFetch(() => json({ detail: 'Turn on two-factor sign-in to use the admin console' }, 403));
    const refused = renderLog();
    expect(
      await within(refused).findByText('Turn on two-factor sign-in to use the admin console'),
    ).toBeInTheDocument();
  });
});
