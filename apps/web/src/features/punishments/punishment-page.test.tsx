import type { Punishment } from '@prison/shared/punishments';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { DEFAULT_SITE_CONFIG, SiteConfigProvider } from '../../lib/site-config.tsx';
import { PunishmentPage } from './punishment-page.tsx';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function punishment(overrides: Partial<Punishment> = {}): Punishment {
  return {
    id: 1204,
    type: 'ban',
    player: { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' },
    staff: { uuid: '8667ba71-b85a-4004-af54-457a9734eed7', name: 'Steve' },
    reason: 'X-ray',
    issued_at: '2026-11-20T18:02:11.000Z',
    until: null,
    active: true,
    revoked: null,
    source: 'game',
    ...overrides,
  };
}

function renderPage(path = '/punishments/1204') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/punishments/:id', element: <PunishmentPage /> },
      { path: '/punishments', element: <p>Punishments</p> },
      { path: '/players/:name', element: <p>A player</p> },
    ],
    { initialEntries: [path] },
  );
  render(
    <SiteConfigProvider config={DEFAULT_SITE_CONFIG}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </SiteConfigProvider>,
  );
  return { router };
}

/** The value of the field named `label` in `scope`. */
const field = (label: string, scope: HTMLElement = document.body) =>
  within(scope).getByText(label, { selector: 'dt' }).nextElementSibling as HTMLElement;

describe('PunishmentPage', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows every public field of a punishment in force, with links to the player and their punishments', async () => {
    const { requests } = stubFetch(() => json(punishment()));
    renderPage();

    expect(await screen.findByRole('heading', { level: 1, name: 'Ban #1204' })).toBeInTheDocument();
    expect(new URL(requests[0]!.url).pathname).toBe('/api/punishments/1204');
    expect(document.title).toMatch(/^Ban #1204 · Notch · /);
    const article = screen.getByRole('article', { name: 'Ban #1204' });
    expect(within(article).getByText('Permanent')).toBeInTheDocument();
    expect(field('Reason')).toHaveTextContent('X-ray');
    expect(within(field('Issued by')).getByRole('link', { name: 'Steve' })).toHaveAttribute(
      'href',
      '/players/Steve',
    );
    expect(field('Issued')).toHaveTextContent('Nov 20, 2026, 6:02 PM UTC');
    expect(field('Ends')).toHaveTextContent('Never: it is permanent');
    expect(field('Status')).toHaveTextContent('In force');
    expect(screen.queryByRole('region', { name: 'Revoked before its end' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: "Notch's page" })).toHaveAttribute('href', '/players/Notch');
    expect(screen.getByRole('link', { name: 'Search punishments for Notch' })).toHaveAttribute(
      'href',
      '/punishments?q=Notch',
    );
    expect(screen.getByRole('link', { name: 'Punishments' })).toHaveAttribute('href', '/punishments');
  });

  it('says who revoked a punishment, when and why', async () => {
    stubFetch(() =>
      json(
        punishment({
          active: false,
          until: '2026-12-20T18:02:11.000Z',
          revoked: {
            at: '2026-11-22T09:15:00.000Z',
            by: { uuid: null, name: 'OldMod' },
            reason: 'Appeal accepted',
          },
        }),
      ),
    );
    renderPage();
    const revocation = await screen.findByRole('region', { name: 'Revoked before its end' });
    expect(field('Status')).toHaveTextContent('Ended: it was revoked');
    expect(screen.getByRole('article')).toHaveTextContent('Revoked');
    // Named without a uuid, the staff member may be no player of the site: not linked.
    expect(field('Revoked by', revocation)).toHaveTextContent('OldMod');
    expect(within(revocation).queryByRole('link')).not.toBeInTheDocument();
    expect(field('Revoked', revocation)).toHaveTextContent('Nov 22, 2026, 9:15 AM UTC');
    expect(field('Why', revocation)).toHaveTextContent('Appeal accepted');
  });

  it('says a punishment whose end has passed expired, and a console issued it', async () => {
    const until = new Date(Date.now() - DAY - HOUR).toISOString();
    stubFetch(() => json(punishment({ type: 'mute', staff: null, reason: null, until, active: true })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Mute #1204' })).toBeInTheDocument();
    // The answer's `active` is from when it was sent: the page's clock says it has ended.
    expect(field('Status')).toHaveTextContent('Ended: it expired');
    expect(screen.getByRole('article')).toHaveTextContent('Expired');
    expect(field('Ends')).toHaveTextContent('1d ago');
    expect(field('Issued by')).toHaveTextContent('Console');
    expect(field('Reason')).toHaveTextContent('No reason given');
  });

  it('says a kick has no end', async () => {
    stubFetch(() => json(punishment({ type: 'kick', active: false, source: 'litebans' })));
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Kick #1204' })).toBeInTheDocument();
    expect(field('Ends')).toHaveTextContent('A kick has no duration');
    expect(field('Status')).toHaveTextContent('Over');
    expect(screen.getByText("From the server's LiteBans records.")).toBeInTheDocument();
  });

  it('says an unknown or impossible id was not found, at once, with the list to look instead', async () => {
    for (const [id, status] of [
      ['99999', 404],
      ['not-a-number', 400],
    ] as const) {
      const { requests } = stubFetch(() =>
        json({ detail: 'No such punishment', code: 'unknown_punishment' }, status),
      );
      renderPage(`/punishments/${id}`);
      expect(
        await screen.findByRole('heading', { name: "We couldn't find that punishment." }),
      ).toBeInTheDocument();
      expect(document.title).toMatch(/^Punishment not found · /);
      expect(screen.getByRole('link', { name: 'Browse punishments' })).toHaveAttribute(
        'href',
        '/punishments',
      );
      expect(requests, id).toHaveLength(1);
      cleanup();
    }
  });
});
