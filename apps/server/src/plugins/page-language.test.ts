// The language a page goes out in (page-language.ts), and what the HTML says of it (web-app.ts): its
// <html lang>, its catalogue preloaded, and Vary when a header chose it.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../../test/helpers.ts';
import { registerWebApp } from './web-app.ts';

describe('the language of a page', () => {
  const app = Fastify();
  beforeAll(async () => {
    const dist = fakeWebDist();
    writeFileSync(
      join(dist, 'catalogues.json'),
      JSON.stringify({
        en: { site: '/assets/site-en.js', leaderboard: '/assets/leaderboard-en.js' },
        de: { site: '/assets/site-de.js', leaderboard: '/assets/leaderboard-de.js' },
        pl: { site: '/assets/site-pl.js', leaderboard: '/assets/leaderboard-pl.js' },
      }),
    );
    await registerWebApp(app, dist, [], undefined, {}, { offered: ['en', 'de', 'pl'], default: 'en' });
  });
  afterAll(() => app.close());

  const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });
  const langOf = (html: string) => /<html lang="([^"]*)"/.exec(html)?.[1];

  it('is the default without any hint, its catalogue preloaded', async () => {
    const res = await page('/');
    expect(langOf(res.body)).toBe('en');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/site-en.js">');
    expect(res.headers.vary).toBe('accept-encoding, cookie, accept-language');
  });

  it("follows the browser's Accept-Language, among the offered languages", async () => {
    const polish = await page('/leaderboard', { 'accept-language': 'pl-PL,pl;q=0.9,en;q=0.5' });
    expect(langOf(polish.body)).toBe('pl');
    expect(polish.body).toContain('href="/assets/site-pl.js"');
    // The page's own catalogue comes with its chunks.
    expect(polish.body).toContain('<link rel="modulepreload" crossorigin href="/assets/leaderboard-pl.js">');
    expect(polish.body).not.toMatch(/site-en\.js|leaderboard-en\.js/);
    // French is shipped but not offered here: the next one the browser names is.
    expect(langOf((await page('/', { 'accept-language': 'fr, de;q=0.5' })).body)).toBe('de');
    expect(langOf((await page('/', { 'accept-language': 'it' })).body)).toBe('en');
  });

  it("prefers the visitor's cookie to the browser's header", async () => {
    const res = await page('/', { cookie: 'theme=dark; lang=de', 'accept-language': 'pl' });
    expect(langOf(res.body)).toBe('de');
    // A cookie naming what is not offered is ignored.
    expect(langOf((await page('/', { cookie: 'lang=ru', 'accept-language': 'pl' })).body)).toBe('pl');
  });

  it('prefers ?lang= in the address to anything else, and then varies on nothing', async () => {
    const res = await page('/leaderboard?lang=pl', { cookie: 'lang=de', 'accept-language': 'de' });
    expect(langOf(res.body)).toBe('pl');
    expect(res.headers.vary).toBe('accept-encoding');
    expect(langOf((await page('/?lang=xx', { cookie: 'lang=de' })).body)).toBe('de');
  });

  it('gives each language its own ETag', async () => {
    const english = await page('/leaderboard');
    const german = await page('/leaderboard', { 'accept-language': 'de' });
    expect(english.headers.etag).toBeTruthy();
    expect(german.headers.etag).not.toBe(english.headers.etag);
  });
});
