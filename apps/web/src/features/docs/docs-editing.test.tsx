import { DOC_CHANGED, type Doc } from '@prison/shared/docs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, settle, stubFetch } from '../../../test/fake-fetch.ts';
import { FakeWebSocket } from '../../../test/fake-web-socket.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { DocsPage } from './docs-page.tsx';

const RULES: Doc = {
  title: 'Server Rules',
  slug: 'rules',
  content: '1. Be kind\n2. No griefing',
  revision: 1,
};
const GANGS: Doc = { title: 'Gangs', slug: 'gangs', content: 'A crew of players.', revision: 4 };

type Handler = (request: Request) => Response | Promise<Response>;

/** The docs page against a fake API: `routes` by "METHOD /path", over a list and no deleted docs. */
function renderDocs(
  path: string,
  routes: Record<string, Handler> = {},
  list: () => Doc[] = () => [GANGS, RULES],
) {
  const fetched = stubFetch(async (request) => {
    const route = routes[`${request.method} ${new URL(request.url).pathname}`];
    if (route) return route(request);
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/docs') return json(list());
    if (request.method === 'GET' && new URL(request.url).pathname === '/api/docs/deleted') return json([]);
    return json({ detail: 'Not Found' }, 404);
  });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const rendered = renderRoute(
    <QueryClientProvider client={client}>
      <DocsPage />
    </QueryClientProvider>,
    { path },
  );
  return { ...rendered, ...fetched };
}

const reader = () => screen.getByRole('article');
const editor = () => screen.getByRole('region', { name: /^Edit “/ });
const findReader = async () => within(await screen.findByRole('article'));
const index = () => screen.getByRole('region', { name: 'Docs Index' });
const sent = async (requests: Request[], method: string) => {
  const request = requests.find((r) => r.method === method);
  return request && { path: new URL(request.url).pathname, body: await request.clone().text() };
};

beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./markdown.tsx');
});
beforeEach(() => {
  FakeWebSocket.reset();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('editing a doc', () => {
  it('offers Edit, History and Delete to staff only', async () => {
    renderDocs('/docs?doc=rules');
    await (await findReader()).findByText('Be kind');
    expect(within(reader()).queryByRole('button')).not.toBeInTheDocument();
  });

  it('edits in the card with the Create Doc fields, and saves over the revision it opened', async () => {
    storeSession(['DOCS_EDITOR']);
    const saved = { ...RULES, title: 'Yard Rules', content: '1. Be kind\n2. No spitting', revision: 2 };
    const { requests } = renderDocs('/docs?doc=rules', { 'PUT /api/docs/rules': () => json(saved) });
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'Edit' }));

    const editor = await screen.findByRole('region', { name: 'Edit “Server Rules”' });
    const title = within(editor).getByLabelText('Title');
    expect(title).toHaveValue('Server Rules');
    // Once the editor has mounted (it loads on demand: doc-editors.tsx).
    await waitFor(() => expect(title).toHaveFocus());
    expect(within(editor).getByText('/docs/rules', { selector: 'code' })).toBeInTheDocument();
    const content = within(editor).getByLabelText('Markdown content');
    expect(content).toHaveValue(RULES.content);
    await user.clear(title);
    await user.type(title, ' Yard Rules ');
    await user.clear(content);
    await user.type(content, '1. Be kind{enter}2. No spitting');
    expect(await within(editor).findByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    await user.click(within(editor).getByRole('button', { name: 'Save changes' }));

    expect(await sent(requests, 'PUT')).toEqual({
      path: '/api/docs/rules',
      body: JSON.stringify({ title: 'Yard Rules', content: '1. Be kind\n2. No spitting', revision: 1 }),
    });
    expect(
      await (await findReader()).findByRole('heading', { level: 2, name: 'Yard Rules' }),
    ).toBeInTheDocument();
    expect(within(reader()).getByRole('status')).toHaveTextContent('Saved as revision 2');
    expect(within(reader()).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(within(index()).getByRole('link', { name: /Yard Rules/ })).toBeInTheDocument();
  });

  it('says so when the doc changed since it was opened, and Reload loads the current text', async () => {
    storeSession(['OWNER']);
    const theirs = { ...RULES, content: 'Their version.', revision: 3 };
    const { requests } = renderDocs('/docs?doc=rules', {
      'PUT /api/docs/rules': async (request) =>
        (await request.json()).revision === 3
          ? json({ ...theirs, content: 'Mine.', revision: 4 })
          : json({ detail: DOC_CHANGED }, 409),
      'GET /api/docs/rules/revisions': () =>
        json(
          [3, 2, 1].map((revision) => ({
            revision,
            title: RULES.title,
            author: 'Someone',
            created_at: '2025-01-02T03:04:05Z',
            bytes: 10,
          })),
        ),
      'GET /api/docs/rules/revisions/3': () =>
        json({
          revision: 3,
          title: RULES.title,
          author: 'Someone',
          created_at: '2025-01-02T03:04:05Z',
          bytes: 14,
          content: theirs.content,
        }),
    });
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'Edit' }));
    await user.type(within(editor()).getByLabelText('Markdown content'), '{enter}3. Mine');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(DOC_CHANGED);
    expect(within(editor()).getByLabelText('Markdown content')).toHaveValue(`${RULES.content}\n3. Mine`);
    await user.click(within(alert).getByRole('button', { name: 'Reload' }));
    await waitFor(() =>
      expect(within(editor()).getByLabelText('Markdown content')).toHaveValue('Their version.'),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('Editing revision 3')).toBeInTheDocument();

    await user.clear(within(editor()).getByLabelText('Markdown content'));
    await user.type(within(editor()).getByLabelText('Markdown content'), 'Mine.');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await (await findReader()).findByText('Mine.')).toBeInTheDocument();
    const puts = requests.filter((r) => r.method === 'PUT');
    expect(await Promise.all(puts.map(async (r) => (await r.clone().json()).revision))).toEqual([1, 3]);
  });

  it('warns while the writer types when the live list shows a newer revision', async () => {
    storeSession(['WEB_ADMIN']);
    let current = [GANGS, RULES];
    renderDocs('/docs?doc=rules', {}, () => current);
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'Edit' }));
    current = [GANGS, { ...RULES, content: 'Changed elsewhere.', revision: 2 }];
    await act(async () => {
      FakeWebSocket.latest().message(
        JSON.stringify({
          docs: [
            { slug: 'gangs', revision: 4 },
            { slug: 'rules', revision: 2 },
          ],
        }),
      );
      await settle();
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone saved this doc after you opened it.');
    expect(within(editor()).getByLabelText('Markdown content')).toHaveValue(RULES.content);
  });
});

describe('the live list', () => {
  it('reads the list again when the feed names a revision the page does not have', async () => {
    let current = [GANGS, RULES];
    const { paths } = renderDocs('/docs?doc=rules', {}, () => current);
    await (await findReader()).findByText('Be kind');
    expect(FakeWebSocket.latest().url).toBe(`ws://${location.host}/api/docs/ws`);
    const listReads = () => paths().filter((p) => p === 'GET /api/docs').length;
    await act(async () => {
      FakeWebSocket.latest().message(
        JSON.stringify({
          docs: [
            { slug: 'gangs', revision: 4 },
            { slug: 'rules', revision: 1 },
          ],
        }),
      );
      await settle();
    });
    expect(listReads()).toBe(1);
    current = [GANGS, { ...RULES, content: 'Rewritten live.', revision: 2 }];
    await act(async () => {
      FakeWebSocket.latest().message(
        JSON.stringify({
          docs: [
            { slug: 'gangs', revision: 4 },
            { slug: 'rules', revision: 2 },
          ],
        }),
      );
      await settle();
    });
    expect(await (await findReader()).findByText('Rewritten live.')).toBeInTheDocument();
    expect(listReads()).toBe(2);
  });
});

describe('deleting and restoring', () => {
  it('asks before deleting, then takes the doc out of the list and shows the first one', async () => {
    storeSession(['ADMIN']);
    let current = [GANGS, RULES];
    const { router, requests } = renderDocs(
      '/docs?doc=rules',
      {
        'DELETE /api/docs/rules': () => {
          current = [GANGS];
          return json(null, 204);
        },
      },
      () => current,
    );
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this doc?' });
    expect(dialog).toHaveTextContent('“Server Rules” leaves the docs list for everyone at once.');
    await user.click(within(dialog).getByRole('button', { name: 'Delete doc' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await sent(requests, 'DELETE')).toEqual({ path: '/api/docs/rules', body: '' });
    expect(router.state.location.search).toBe('');
    // The first doc is fetched after the list changes: wait for it.
    expect(await (await findReader()).findByRole('heading', { level: 2, name: 'Gangs' })).toBeInTheDocument();
    expect(
      within(index())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Gangs/gangs']);
  });

  it('lists the deleted docs for staff, and Restore puts one back and selects it', async () => {
    storeSession(['DOCS_EDITOR']);
    let deleted = [
      { title: 'Old Mines', slug: 'old-mines', revision: 2, deleted_at: '2025-01-02T03:04:05Z' },
    ];
    const oldMines: Doc = { title: 'Old Mines', slug: 'old-mines', content: 'Closed.', revision: 2 };
    const { router } = renderDocs('/docs', {
      'GET /api/docs/deleted': () => json(deleted),
      'POST /api/docs/old-mines/restore': () => {
        deleted = [];
        return json(oldMines);
      },
    });
    const section = await screen.findByRole('region', { name: 'Deleted docs' });
    expect(section).toHaveTextContent('Old Mines/old-mines · deleted');
    await userEvent.click(within(section).getByRole('button', { name: 'Restore Old Mines' }));

    expect(
      await (await findReader()).findByRole('heading', { level: 2, name: 'Old Mines' }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('?doc=old-mines');
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Deleted docs' })).not.toBeInTheDocument(),
    );
  });
});

describe('history', () => {
  const revisions = [
    {
      revision: 3,
      title: 'Server Rules',
      author: 'HeadWarden',
      created_at: '2025-03-01T10:00:00Z',
      bytes: 25,
    },
    { revision: 2, title: 'Rules', author: 'QuillHolder', created_at: '2025-02-01T10:00:00Z', bytes: 2048 },
    { revision: 1, title: 'Rules', author: null, created_at: '2025-01-01T10:00:00Z', bytes: 9 },
  ];
  const current: Doc = { ...RULES, revision: 3 };

  it('lists every revision, shows what changed since the one before, and restores a revision', async () => {
    storeSession(['OWNER']);
    const { requests } = renderDocs(
      '/docs?doc=rules',
      {
        'GET /api/docs/rules/revisions': () => json(revisions),
        'GET /api/docs/rules/revisions/2': () =>
          json({ ...revisions[1], content: '1. Be kind\n2. No running' }),
        'POST /api/docs/rules/revisions/2/restore': () =>
          json({ ...current, title: 'Rules', content: '1. Be kind\n2. No running', revision: 4 }),
      },
      () => [GANGS, current],
    );
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'History' }));

    const history = screen.getByRole('region', { name: 'History of “Server Rules”' });
    const entries = await within(history).findAllByRole('listitem');
    expect(entries.map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^Revision 3CurrentHeadWarden.* · 25 B$/),
      expect.stringMatching(/^Revision 2QuillHolder.* · 2\.0 KB$/),
      expect.stringMatching(/^Revision 1Unknown author.* · 9 B$/),
    ]);
    // At first, the revision the last save replaced.
    expect(within(entries[1]!).getByRole('button')).toHaveAttribute('aria-pressed', 'true');
    expect(
      await within(history).findByRole('heading', { name: 'Revision 2 → current text' }),
    ).toBeInTheDocument();
    expect(within(history).getByText('Removed:', { exact: false }).parentElement).toHaveTextContent(
      '2. No running',
    );
    expect(within(history).getByText('Added:', { exact: false }).parentElement).toHaveTextContent(
      '2. No griefing',
    );
    expect(within(history).getByText('Title:').parentElement).toHaveTextContent(
      'Title: Rules → Server Rules',
    );

    await user.click(within(history).getByRole('button', { name: 'Restore revision 2' }));
    expect(await sent(requests, 'POST')).toEqual({
      path: '/api/docs/rules/revisions/2/restore',
      body: JSON.stringify({ revision: 3 }),
    });
    expect(await within(history).findByRole('status')).toHaveTextContent(
      'Revision 2 is restored as revision 4, the current text.',
    );
    await user.click(within(history).getByRole('button', { name: 'Back to doc' }));
    expect(within(reader()).getByRole('heading', { level: 2, name: 'Rules' })).toBeInTheDocument();
    expect(within(reader()).getByRole('button', { name: 'History' })).toHaveFocus();
  });

  it('says the current revision has nothing to compare, and a stale restore offers Reload', async () => {
    storeSession(['OWNER']);
    renderDocs(
      '/docs?doc=rules',
      {
        'GET /api/docs/rules/revisions': () => json(revisions),
        'GET /api/docs/rules/revisions/1': () => json({ ...revisions[2], content: '1. Be kind' }),
        'POST /api/docs/rules/revisions/1/restore': () => json({ detail: DOC_CHANGED }, 409),
      },
      () => [GANGS, current],
    );
    const user = userEvent.setup();
    await user.click(await (await findReader()).findByRole('button', { name: 'History' }));
    const history = screen.getByRole('region', { name: 'History of “Server Rules”' });
    await user.click(await within(history).findByRole('button', { name: /^Revision 3/ }));
    expect(
      within(history).getByRole('heading', { name: 'Revision 3 is the current text' }),
    ).toBeInTheDocument();
    expect(within(history).queryByRole('button', { name: /^Restore/ })).not.toBeInTheDocument();

    await user.click(within(history).getByRole('button', { name: /^Revision 1/ }));
    await user.click(await within(history).findByRole('button', { name: 'Restore revision 1' }));
    const alert = await within(history).findByRole('alert');
    expect(alert).toHaveTextContent(DOC_CHANGED);
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
