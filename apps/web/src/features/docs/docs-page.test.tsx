import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { DocsPage } from './docs-page.tsx';

const DOCS = [
  {
    title: 'Enchants Guide',
    slug: 'enchants',
    content: '# Enchants Guide\n\n## The five systems\n\nPick well.',
    revision: 1,
  },
  { title: 'Gangs', slug: 'gangs', content: 'A crew of **players**.', revision: 1 },
  { title: 'Server Rules', slug: 'rules', content: '1. Be kind', revision: 1 },
];

function renderDocs(path = '/docs', docs: unknown = DOCS, onPost?: (request: Request) => Promise<Response>) {
  const fetched = stubFetch(async (request) => {
    if (request.method === 'POST' && onPost) return onPost(request);
    if (docs instanceof Promise) return docs;
    return docs === 500 ? json({ detail: 'Internal server error' }, 500) : json(docs);
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

const index = () => screen.getByRole('region', { name: 'Docs Index' });
const reader = () => screen.getByRole('article');
const findReader = async () => within(await screen.findByRole('article'));

// The markdown code is its own chunk; loaded once up front so that a busy machine does not make the
// first test that renders markdown wait past Testing Library's default second.
beforeAll(async () => {
  configure({ asyncUtilTimeout: 5000 });
  await import('./markdown.tsx');
});
afterEach(() => vi.unstubAllGlobals());

describe('DocsPage', () => {
  it('shows 6 placeholders in the index while the docs load', () => {
    renderDocs('/docs', new Promise(() => {}));
    expect(screen.getByRole('heading', { level: 1, name: 'Docs' })).toBeInTheDocument();
    expect(within(index()).getAllByTestId('doc-skeleton')).toHaveLength(6);
    expect(within(index()).getByRole('status')).toHaveTextContent('Loading docs…');
  });

  it('lists title and /slug, and selects the first doc of the sorted list by itself', async () => {
    renderDocs('/docs', [DOCS[2], DOCS[1], DOCS[0]]);
    const links = await within(index()).findAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Enchants Guide/enchants',
      'Gangs/gangs',
      'Server Rules/rules',
    ]);
    expect(within(reader()).getByText('/docs/enchants')).toBeInTheDocument();
    expect(within(reader()).getByRole('heading', { level: 2, name: 'Enchants Guide' })).toBeInTheDocument();
    // The rendered markdown, without its first heading repeating the title.
    expect(await within(reader()).findByRole('heading', { name: 'The five systems' })).toBeInTheDocument();
    expect(within(reader()).getAllByRole('heading', { name: 'Enchants Guide' })).toHaveLength(1);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(document.title).toBe('Enchants Guide · Docs · Vaultbreak');
  });

  it('selects the doc named by ?doc=, and reads #slug like it (the social page links /docs#gangs)', async () => {
    renderDocs('/docs?doc=rules');
    expect(await (await findReader()).findByText('/docs/rules')).toBeInTheDocument();
    expect(within(index()).getByRole('link', { name: /Server Rules/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('selects the doc a hash names', async () => {
    renderDocs('/docs#gangs');
    expect(await (await findReader()).findByText('/docs/gangs')).toBeInTheDocument();
    expect(await within(reader()).findByText('players')).toBeInTheDocument();
  });

  it('selects nothing for an unknown ?doc=', async () => {
    renderDocs('/docs?doc=nope');
    expect(await screen.findByText('Select a document to read its details.')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('selects a doc when its entry is clicked', async () => {
    const { router } = renderDocs();
    await userEvent.click(await within(index()).findByRole('link', { name: /Gangs/ }));
    expect(router.state.location.search).toBe('?doc=gangs');
    expect(await within(reader()).findByText('/docs/gangs')).toBeInTheDocument();
  });

  it.each([
    ['empty', []],
    ['failed to load', 500],
  ])('says "No docs available." when the list is %s', async (_, docs) => {
    renderDocs('/docs', docs);
    expect(await within(index()).findByText('No docs available.')).toBeInTheDocument();
    expect(screen.getByText('Select a document to read its details.')).toBeInTheDocument();
  });

  it('filters by title or slug, trimmed and case-insensitive', async () => {
    renderDocs();
    const search = await screen.findByRole('searchbox', { name: 'Search docs' });
    expect(search).toHaveAttribute('placeholder', 'Search docs');
    const user = userEvent.setup();
    await user.type(search, '  GUIDE ');
    expect(
      within(index())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Enchants Guide/enchants']);
    await user.clear(search);
    await user.type(search, 'rules');
    expect(
      within(index())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Server Rules/rules']);
    await user.type(search, 'zzz');
    expect(within(index()).getByText('No docs match your search.')).toBeInTheDocument();
    // The selection stays on screen while the index is filtered.
    expect(within(reader()).getByText('/docs/enchants')).toBeInTheDocument();
  });

  it('shows guests a sign-in hint instead of the Create Doc card', async () => {
    renderDocs();
    await within(index()).findAllByRole('link');
    expect(screen.queryByRole('heading', { name: 'Create Doc' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login?redirect=/docs');
  });

  it('shows a player without a docs role that their account cannot write docs', async () => {
    storeSession(['VIP']);
    renderDocs();
    await within(index()).findAllByRole('link');
    expect(screen.queryByRole('heading', { name: 'Create Doc' })).not.toBeInTheDocument();
    expect(screen.getByText(/Your account cannot write docs/)).toBeInTheDocument();
  });

  it.each(['ADMIN', 'owner', 'WEB_ADMIN', 'DOCS_EDITOR'])('shows the Create Doc card to %s', async (role) => {
    storeSession([role]);
    renderDocs();
    expect(await screen.findByRole('heading', { name: 'Create Doc' })).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toBeRequired();
    expect(screen.getByLabelText('Markdown content')).toHaveAttribute('rows', '10');
    expect(screen.getByLabelText('Markdown content')).toBeRequired();
  });
});

describe('Create Doc', () => {
  it('previews the markdown, creates the doc, adds it in title order and selects it', async () => {
    storeSession(['DOCS_EDITOR']);
    let answer!: (response: Response) => void;
    const { router, requests } = renderDocs('/docs?doc=rules', DOCS, () => new Promise((r) => (answer = r)));
    const user = userEvent.setup();
    await within(index()).findAllByRole('link');

    await user.type(screen.getByLabelText('Title'), '  Fishing Spots ');
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Markdown content'), '   ');
    expect(screen.queryByRole('heading', { name: 'Preview' })).not.toBeInTheDocument();
    await user.type(
      screen.getByLabelText('Markdown content'),
      '## Where to cast{enter}{enter}Try the **lake**.',
    );
    expect(await screen.findByRole('heading', { name: 'Preview' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Where to cast' })).toBeInTheDocument();
    expect(screen.getByText('/docs/fishing-spots')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create' }));
    const busy = screen.getByRole('button', { name: 'Creating…' });
    expect(busy).toBeDisabled();
    const post = requests.find((r) => r.method === 'POST')!;
    expect(new URL(post.url).pathname).toBe('/api/docs');
    expect(post.headers.get('authorization')).toBe('Bearer header.payload.signature');
    expect(await post.json()).toEqual({
      title: 'Fishing Spots',
      content: '## Where to cast\n\nTry the **lake**.',
    });

    answer(
      json({ title: 'Fishing Spots', slug: 'fishing-spots', content: '## Where to cast', revision: 1 }, 201),
    );
    expect(await within(reader()).findByText('/docs/fishing-spots')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?doc=fishing-spots');
    expect(
      within(index())
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual([
      'Enchants Guide/enchants',
      'Fishing Spots/fishing-spots',
      'Gangs/gangs',
      'Server Rules/rules',
    ]);
    expect(screen.getByRole('button', { name: 'Create' })).toBeEnabled();
    expect(screen.getByLabelText('Title')).toHaveValue('');
    expect(screen.getByLabelText('Markdown content')).toHaveValue('');
  });

  it('says "Failed to create doc." in the footer when the server refuses', async () => {
    storeSession(['OWNER']);
    renderDocs('/docs', DOCS, async () => json({ detail: 'Internal server error' }, 500));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Broken');
    await user.type(screen.getByLabelText('Markdown content'), 'Text');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to create doc\.$/);
    expect(screen.getByLabelText('Title')).toHaveValue('Broken');
  });

  it('adds the reason to a refusal the writer can act on', async () => {
    storeSession(['OWNER']);
    renderDocs('/docs', DOCS, async () => json({ detail: 'You do not have permission to do that' }, 403));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), 'Mine now');
    await user.type(screen.getByLabelText('Markdown content'), 'Text');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to create doc. You do not have permission to do that',
    );
  });

  it('requires both fields (after trimming) before sending anything', async () => {
    storeSession(['OWNER']);
    const onPost = vi.fn();
    const { requests } = renderDocs('/docs', DOCS, onPost);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Title'), '   ');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect(screen.getByText('Enter a title')).toBeInTheDocument();
    expect(screen.getByText('Write the content')).toBeInTheDocument();
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Title')).toHaveFocus();
    await waitFor(() => expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0));
    expect(onPost).not.toHaveBeenCalled();
  });
});
