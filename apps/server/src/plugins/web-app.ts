// Hosts the built web app: hashed assets cached for a year, pre-compressed files when present,
// and index.html for every other path outside /api and /ws (the single-page app's routes). A public
// page's index.html also names the chunks and data that page needs (page-hints.json, written by the
// web build from apps/web/src/app/page-hints.ts), so the browser fetches them alongside the entry
// chunk rather than one after the other. A page the previews module knows (page-meta.ts) gets its own
// title, description and link-preview tags, a 404 status when its player or gang does not exist,
// and a redirect from a player's uuid to their name. A public page the web build can render on the
// server (server-render.ts) goes out with its content and the data it was rendered from.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { LANGUAGES, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import type { BuiltPageHint, ImageHost } from '@prison/shared/page-hints';
import type { SiteConfig } from '@prison/shared/site-config';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { errorBody } from './errors.ts';
import { etagOf } from './etag.ts';
import { PageEncoder } from './page-encoding.ts';
import { pageLanguage } from './page-language.ts';
import { escapeHtml, type PageMetaResolver, siteOrigin, withMeta } from './page-meta.ts';
import { apiAnswer, serverRenderer, withRenderedPage } from './server-render.ts';

const API_PATH = /^\/(api|ws)(\/|$)/;
// The cookie the browser mirrors a session's refresh token into (apps/web/src/lib/session-cookies.ts).
const SESSION_COOKIE = /(?:^|;\s*)cp_refresh_token=[^;]/;
// A request for a file (hashed assets, robots.txt, an image) that does not exist is a 404, not the
// app: after a deploy, a stale chunk must fail loudly instead of being handed HTML.
const FILE_PATH = /^\/assets\/|\/[^/]+\.[A-Za-z0-9]{1,8}$/;
// ...except a player's or gang's page, whose name or id may hold a dot (/players/john.doe).
const NAMED_PAGE = /^\/(players|gangs)\/[^/]+$/;

interface Html {
  html: string;
  etag: string;
}

/**
 * A public page's index.html: with its data hints, without (its address has a query string), and for
 * the page rendered on the server, whose chunks the app asks for once the page has painted
 * (`<meta name="app-chunk">`, read by the web app's src/inline/start-app.js): until then the network
 * carries only what the first paint needs.
 */
interface PageHtml {
  full: Html;
  modulesOnly: Html;
  rendered: Html;
}

const withEtag = (html: string): Html => ({ html, etag: etagOf(html) });

/** The origins of the image hosts (AVATAR_URL, ASSET_BASE_URL); none for a relative one (the site itself). */
export type ImageOrigins = Partial<Record<ImageHost, string>>;

/**
 * index.html with each hinted page's preloads, by path; `*` in a path stands for one segment. The
 * connections to the image hosts come first in the head: the stylesheet inline after them is long.
 */
export function pageHtml(
  indexHtml: string,
  hints: readonly BuiltPageHint[],
  imageOrigins: ImageOrigins = {},
  catalogueChunks: Readonly<Record<string, string>> = {},
): (path: string) => PageHtml | undefined {
  const exact = new Map<string, PageHtml>();
  const prefixed: Array<[string, PageHtml]> = [];
  for (const hint of hints) {
    const origins = new Set((hint.images ?? []).flatMap((host) => imageOrigins[host] ?? []));
    const preconnects = [...origins].map((href) => `<link rel="preconnect" href="${escapeHtml(href)}">`);
    const withLinks = (links: string[]) =>
      withEtag(
        indexHtml
          .replace('<head>', () => `<head>${preconnects.join('')}`)
          .replace('</head>', () => `${links.join('')}</head>`),
      );
    // The page's own catalogues, in the language of `indexHtml`, come with its chunks.
    const chunks = [
      ...hint.modulepreload,
      ...(hint.catalogues ?? []).flatMap((part) => catalogueChunks[part] ?? []),
    ];
    const modules = chunks.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`);
    const data = hint.data.map(
      (href) => `<link rel="preload" href="${escapeHtml(href)}" as="fetch" crossorigin="anonymous">`,
    );
    const afterPaint = chunks.map((href) => `<meta name="app-chunk" content="${escapeHtml(href)}">`);
    const html = {
      full: withLinks([...modules, ...data]),
      modulesOnly: withLinks(modules),
      rendered: withLinks(afterPaint),
    };
    if (hint.path.endsWith('/*')) prefixed.push([hint.path.slice(0, -1), html]);
    else exact.set(hint.path, html);
  }
  return (path) => {
    const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    const found = exact.get(trimmed);
    if (found) return found;
    for (const [prefix, html] of prefixed) {
      const rest = trimmed.slice(prefix.length);
      if (trimmed.startsWith(prefix) && rest.length > 0 && !rest.includes('/')) return html;
    }
    return undefined;
  };
}

function readPageHints(webDist: string): BuiltPageHint[] {
  const file = join(webDist, 'page-hints.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as BuiltPageHint[]) : [];
}

/** Each language's catalogue chunks, by catalogue (catalogues.json, written by the web build). */
type CatalogueChunks = Partial<Record<Language, Record<string, string>>>;

function readCatalogues(webDist: string): CatalogueChunks {
  const file = join(webDist, 'catalogues.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as CatalogueChunks) : {};
}

const HTML_TAG = /<html\b([^>]*)>/;

/**
 * index.html in `language`: its `<html lang>`, and its catalogue's chunk named in the head, which the
 * app reads before its first render. Preloaded at once, or, in a page the server rendered (`deferred`),
 * named for after the first paint with the page's other chunks (src/inline/start-app.js).
 */
export function inLanguage(indexHtml: string, language: Language, chunk?: string, deferred = false): string {
  if (!HTML_TAG.test(indexHtml)) throw new Error('index.html no longer has an <html> tag');
  const localized = indexHtml.replace(
    HTML_TAG,
    (_tag, attributes: string) => `<html lang="${language}"${attributes.replace(/\s+lang="[^"]*"/, '')}>`,
  );
  if (!chunk) return localized;
  const href = escapeHtml(chunk);
  const link = deferred
    ? `<meta name="app-chunk" content="${href}">`
    : `<link rel="modulepreload" crossorigin href="${href}">`;
  return localized.replace('</head>', () => `${link}</head>`);
}

interface BuiltApp {
  /** index.html as built, in a language. */
  index: (language: Language) => Html;
  /** A hinted page's index.html in a language, by path. */
  page: (language: Language, path: string) => PageHtml | undefined;
}

/** index.html and the hinted pages' in each language, made when first asked for. */
function languageVariants(
  html: string,
  hints: readonly BuiltPageHint[],
  imageOrigins: ImageOrigins,
  chunks: CatalogueChunks,
): BuiltApp {
  const made = new Map<Language, { index: Html; page: (path: string) => PageHtml | undefined }>();
  const variant = (language: Language) => {
    let found = made.get(language);
    if (!found) {
      const own = chunks[language] ?? {};
      const localized = inLanguage(html, language, own.site);
      const deferred = inLanguage(html, language, own.site, true);
      const live = pageHtml(localized, hints, imageOrigins, own);
      const rendered = pageHtml(deferred, hints, imageOrigins, own);
      found = {
        index: withEtag(localized),
        page: (path) => {
          const page = live(path);
          return page && { ...page, rendered: rendered(path)!.rendered };
        },
      };
      made.set(language, found);
    }
    return found;
  };
  return {
    index: (language) => variant(language).index,
    page: (language, path) => variant(language).page(path),
  };
}

/**
 * The web app in `webDist`, read again whenever index.html changes (a build while the server
 * runs), so that a page never names chunks of an older build. Undefined in the middle of a build.
 */
function builtApp(webDist: string, imageOrigins: ImageOrigins): () => BuiltApp | undefined {
  const index = join(webDist, 'index.html');
  let readAt = Number.NaN;
  let app: BuiltApp | undefined;
  return () => {
    try {
      const changedAt = statSync(index).mtimeMs;
      if (changedAt !== readAt) {
        const html = readFileSync(index, 'utf8');
        app = languageVariants(html, readPageHints(webDist), imageOrigins, readCatalogues(webDist));
        readAt = changedAt;
      }
    } catch {
      // In the middle of a build: the plain index.html for now.
      return undefined;
    }
    return app;
  };
}

export interface LinkPreviews {
  /** The page meta of a public address (modules/previews/pages.ts). */
  resolve: PageMetaResolver;
  /** PUBLIC_URL: the origin of absolute addresses; null takes the request's. */
  publicUrl: string | null;
}

/** Whether the request is for one of ADMIN_HOSTS, named with or without its port (as route-set.ts reads it). */
export function isAdminHost(request: FastifyRequest, adminHosts: readonly string[]): boolean {
  return [request.hostname, request.host].some((host) => adminHosts.includes(host.toLowerCase()));
}

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  adminHosts: readonly string[] = [],
  previews?: LinkPreviews,
  imageOrigins: ImageOrigins = {},
  languages: Config['languages'] = { offered: [...LANGUAGES], default: SOURCE_LANGUAGE },
): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  const current = builtApp(webDist, imageOrigins);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        const hashed = relative(webDist, path).startsWith(`assets${sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  /** The page's meta, or undefined when the lookup fails: the page then goes out as built. */
  async function pageAnswer(request: FastifyRequest, path: string, language: Language) {
    if (!previews) return undefined;
    try {
      return await previews.resolve(path, new URLSearchParams(request.url.split('?')[1] ?? ''), language);
    } catch (err) {
      request.log.warn({ err, path }, 'page meta unavailable');
      return undefined;
    }
  }

  const renderer = serverRenderer(webDist, app.log);
  // Loaded at start rather than by the first visitor, who would wait for it.
  if (built) void renderer();
  // The site's configuration as the browser reads it (GET /api/config), which the renderer hands over.
  let siteConfig: Promise<SiteConfig> | undefined;

  /** The public page rendered on the server, or undefined: the browser renders it (or it failed). */
  async function renderedPage(request: FastifyRequest, language: Language) {
    const render = await renderer();
    if (!render) return undefined;
    try {
      const api = apiAnswer(app, request);
      siteConfig ??= api('/api/config').then(({ body }) => JSON.parse(body) as SiteConfig);
      const url = `${siteOrigin(previews?.publicUrl ?? null, request)}${request.url}`;
      const signedIn = SESSION_COOKIE.test(request.headers.cookie ?? '');
      const result = await render.render({ url, config: await siteConfig, language, signedIn, api });
      return result.kind === 'browser' ? undefined : result;
    } catch (err) {
      siteConfig = undefined;
      request.log.error({ err, url: request.url }, 'server rendering failed: the browser renders the page');
      return undefined;
    }
  }

  const pages = new PageEncoder();
  const sendHtml = (
    request: FastifyRequest,
    reply: FastifyReply,
    { html, etag }: Html,
    vary: readonly string[],
  ) => pages.send(request, reply, html, { etag, vary });

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply
        .code(404)
        .send(errorBody('no_such_endpoint', `No such endpoint: ${request.method} ${path}`));
    }
    if (FILE_PATH.test(path) && !NAMED_PAGE.test(path)) {
      return reply.code(404).send(errorBody('no_such_file', `Not found: ${path}`));
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, or start with `npm start`.');
    }
    reply.header('cache-control', 'no-cache');
    const web = current();
    if (!web) return reply.sendFile('index.html');
    const { language, vary } = pageLanguage(request, languages);
    // An admin host serves the admin console at every path (spec 2.1), none of the public pages.
    if (isAdminHost(request, adminHosts)) return sendHtml(request, reply, web.index(language), vary);
    const hinted = web.page(language, path);
    const answer = await pageAnswer(request, path, language);
    if (answer?.kind === 'redirect') return reply.redirect(answer.location, 301);
    const page = await renderedPage(request, language);
    if (page?.kind === 'redirect') return reply.redirect(page.location, page.status);
    // A rendered page brings its data, and shows before its code is wanted.
    const variant = page ? 'rendered' : request.url.includes('?') ? 'modulesOnly' : 'full';
    const base = hinted?.[variant] ?? web.index(language);
    if (!answer && !page) return sendHtml(request, reply, base, vary);
    let html = page ? withRenderedPage(base.html, page) : base.html;
    if (answer) html = withMeta(html, answer.meta, siteOrigin(previews!.publicUrl, request));
    // A page that does not exist is not worth revalidating: no ETag for a 404.
    if (answer?.status === 404 || page?.status === 404) {
      return pages.send(request, reply, html, { status: 404, vary });
    }
    return sendHtml(request, reply, withEtag(html), vary);
  });
}
