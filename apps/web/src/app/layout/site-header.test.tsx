import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fake-fetch.ts';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { SiteHeader } from './site-header.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('SiteHeader', () => {
  it('offers Login to guests', () => {
    renderRoute(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('link', { name: 'My Profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it('offers My Profile and Logout to a signed-in player, without Admin', () => {
    storeSession(['DEFAULT', 'ADMIN']);
    renderRoute(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Admin' })).not.toBeInTheDocument();
  });

  it.each(['OWNER', 'web_admin'])(
    'shows the Admin link to %s, pointing at /admin without an admin host',
    (role) => {
      storeSession([role]);
      renderRoute(<SiteHeader />, { path: '/leaderboard?x=1#top' });
      expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute('href', '/admin');
    },
  );

  it('points the Admin link at the first admin host, keeping the path and dropping search and hash', () => {
    storeSession(['OWNER']);
    renderRoute(<SiteHeader />, {
      path: '/leaderboard?x=1#top',
      config: { adminHosts: ['admin.example.com', 'ops.example.com'] },
    });
    expect(screen.getByRole('link', { name: 'Admin' })).toHaveAttribute(
      'href',
      `${window.location.protocol}//admin.example.com/leaderboard`,
    );
  });

  it('ignores a malformed stored user', () => {
    localStorage.setItem('token', 'a.b.c');
    localStorage.setItem('user', '{"username": 5');
    renderRoute(<SiteHeader />);
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('logs out: revokes the refresh token, clears the session and its cookies, then goes to /login', async () => {
    const { requests, paths } = stubFetch(async () => json(null, 204));
    storeSession(['OWNER']);
    for (const cookie of ['cp_token=abc', 'cp_user=def', 'unrelated=1']) {
      // biome-ignore lint/suspicious/noDocumentCookie: the mirror cookies are plain document cookies.
      document.cookie = `${cookie}; Path=/`;
    }
    const { router } = renderRoute(<SiteHeader />, { path: '/social' });
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(document.cookie).not.toMatch(/cp_/);
    expect(document.cookie).toContain('unrelated=1');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('refresh_token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(paths()).toEqual(['POST /api/auth/logout']);
    expect(await requests[0]!.json()).toEqual({ refresh_token: 'refresh' });
  });

  it('marks the current section in the main navigation', () => {
    renderRoute(<SiteHeader />, { path: '/auction/ores' });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Auction' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  it('has a theme toggle with an accessible name', () => {
    renderRoute(<SiteHeader />);
    expect(screen.getByRole('button', { name: /Switch to (light|dark) theme/ })).toBeInTheDocument();
  });

  it('takes its scrolled look past 8 pixels', () => {
    renderRoute(<SiteHeader />);
    const header = screen.getByRole('banner');
    expect(header).not.toHaveAttribute('data-scrolled');
    act(() => {
      window.scrollY = 9;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).toHaveAttribute('data-scrolled');
    act(() => {
      window.scrollY = 8;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(header).not.toHaveAttribute('data-scrolled');
  });

  it('has the site search, labelled, and `/` focuses it', async () => {
    renderRoute(<SiteHeader />);
    const search = screen.getByRole('combobox', { name: 'Search players and gangs' });
    expect(search).toHaveAttribute('id', 'site-search');
    await userEvent.keyboard('/');
    expect(search).toHaveFocus();
  });
});
