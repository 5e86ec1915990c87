// Hosts the built web app: hashed assets cached for a year, pre-compressed files when present,
// and index.html for every other path outside /api and /ws (the single-page app's routes). A public
// page's index.html also names the chunks and data that page needs (page-hints.json, written by the
// web build from apps/web/src/app/page-hints.ts), so the browser fetches them alongside the entry
// chunk rather than one after the other.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/(api|ws)(\/|$)/;
// A request for a file (hashed assets, robots.txt, an image) that does not exist is a 404, not the
// app: after a deploy, a stale chunk must fail loudly instead of being handed HTML.
const FILE_PATH = /^\/assets\/|\/[^/]+\.[A-Za-z0-9]{1,8}$/;

interface PageHint {
  path: string;
  modulepreload: string[];
  data: string[];
}

interface Html {
  html: string;
  etag: string;
}

/** A public page's index.html: with its data hints, and without (its address has a query string). */
interface PageHtml {
  full: Html;
  modulesOnly: Html;
}

const withEtag = (html: string): Html => ({
  html,
  etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
});

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** index.html with each hinted page's preloads, by path; `*` in a path stands for one segment. */
export function pageHtml(
  indexHtml: string,
  hints: readonly PageHint[],
): (path: string) => PageHtml | undefined {
  const exact = new Map<string, PageHtml>();
  const prefixed: Array<[string, PageHtml]> = [];
  const withLinks = (links: string[]) =>
    withEtag(indexHtml.replace('</head>', () => `${links.join('')}</head>`));
  for (const hint of hints) {
    const modules = hint.modulepreload.map(
      (href) => `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}">`,
    );
    const data = hint.data.map(
      (href) => `<link rel="preload" href="${escapeAttribute(href)}" as="fetch" crossorigin="anonymous">`,
    );
    const html = { full: withLinks([...modules, ...data]), modulesOnly: withLinks(modules) };
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

function readPageHints(webDist: string): PageHint[] {
  const file = join(webDist, 'page-hints.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as PageHint[]) : [];
}

/**
 * The hinted pages of the web app in `webDist`, read again whenever index.html changes (a build
 * while the server runs), so that a page never names chunks of an older build.
 */
function builtPages(webDist: string): () => (path: string) => PageHtml | undefined {
  const index = join(webDist, 'index.html');
  let readAt = Number.NaN;
  let pages: (path: string) => PageHtml | undefined = () => undefined;
  return () => {
    try {
      const changedAt = statSync(index).mtimeMs;
      if (changedAt !== readAt) {
        pages = pageHtml(readFileSync(index, 'utf8'), readPageHints(webDist));
        readAt = changedAt;
      }
    } catch {
      // In the middle of a build: the plain index.html for now.
      return () => undefined;
    }
    return pages;
  };
}

/** Whether an If-None-Match header names `etag`. */
const matches = (header: string | undefined, etag: string) =>
  header?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag) ?? false;

export async function registerWebApp(
  app: FastifyInstance,
  webDist: string,
  adminHosts: readonly string[] = [],
): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  const pages = builtPages(webDist);
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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
    }
    if (FILE_PATH.test(path)) return reply.code(404).send({ detail: `Not found: ${path}` });
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, or start with `npm start`.');
    }
    reply.header('cache-control', 'no-cache');
    // An admin host (named with or without its port, as route-set.ts reads it) serves the admin
    // console at every path (spec 2.1), none of the public pages.
    const adminHost = [request.hostname, request.host].some((h) => adminHosts.includes(h.toLowerCase()));
    const page = adminHost ? undefined : pages()(path);
    if (!page) return reply.sendFile('index.html');
    const { html, etag } = request.url.includes('?') ? page.modulesOnly : page.full;
    reply.header('etag', etag);
    if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}
