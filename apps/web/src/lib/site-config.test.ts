import { SEASON } from '@prison/shared/season';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SITE_CONFIG, loadSiteConfig, templateHost } from './site-config.tsx';

const config = {
  adminHosts: ['admin.example.com'],
  communityInviteUrl: 'https://chat.example.com/invite/prison',
  avatarUrl: 'https://avatars.example.com/{uuid}?size={size}',
  itemIconUrl: '/assets/items/{icon}.png',
  gameVersion: '1.21.4',
  season: SEASON,
  demo: true,
  languages: ['en', 'pl'],
  defaultLanguage: 'pl',
};
const answer =
  (body: unknown, status = 200) =>
  async () =>
    new Response(JSON.stringify(body), { status });

describe('loadSiteConfig', () => {
  it('uses the server configuration when it is valid', async () => {
    expect(await loadSiteConfig(answer(config))).toEqual(config);
  });

  it('falls back to the defaults on an error status, a malformed body or a network failure', async () => {
    expect(await loadSiteConfig(answer(config, 500))).toBe(DEFAULT_SITE_CONFIG);
    expect(await loadSiteConfig(answer({ ...config, adminHosts: 'admin.example.com' }))).toBe(
      DEFAULT_SITE_CONFIG,
    );
    expect(
      await loadSiteConfig(async () => {
        throw new TypeError('Failed to fetch');
      }),
    ).toBe(DEFAULT_SITE_CONFIG);
  });

  it('defaults to no admin host, so the console lives under /admin', () => {
    expect(DEFAULT_SITE_CONFIG.adminHosts).toEqual([]);
  });
});

describe('templateHost', () => {
  it('names the external host of an address template, or null for this site', () => {
    expect(templateHost(config.avatarUrl)).toBe('avatars.example.com');
    expect(templateHost(config.itemIconUrl)).toBeNull();
    expect(templateHost('')).toBeNull();
  });
});
