// Server rendering of the public pages (DESIGN 8): the web build's renderer (apps/web/src/
// entry-server.tsx, built into dist/server) turns a public address into the page's HTML and the data
// it was rendered from; web-app.ts puts both into that page's index.html. The renderer asks for its
// data as the browser would, through the API's own routes, but in process (Fastify's inject): the same
// answers from the same snapshots and services, with the visitor's address for the rate limits.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerRenderer } from '@prison/shared/server-render';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';

/**
 * The renderer in `webDist`, imported again whenever its file changes (a build while the server
 * runs), so that it always matches the chunks index.html names. Undefined when the web app was built
 * without it, or in the middle of a build: the pages are then rendered in the browser.
 */
export function serverRenderer(
  webDist: string,
  log: FastifyBaseLogger,
): () => Promise<ServerRenderer | undefined> {
  const file = join(webDist, 'server', 'entry-server.js');
  let loadedAt = Number.NaN;
  let loading: Promise<ServerRenderer | undefined> = Promise.resolve(undefined);
  return () => {
    let changedAt: number;
    try {
      changedAt = statSync(file).mtimeMs;
    } catch {
      return Promise.resolve(undefined);
    }
    if (changedAt !== loadedAt) {
      loadedAt = changedAt;
      loading = import(`${pathToFileURL(file).href}?built=${changedAt}`).catch((err: unknown) => {
        log.error({ err }, 'the server renderer did not load: public pages are rendered in the browser');
        return undefined;
      });
    }
    return loading;
  };
}

/** The API's answer to a GET of `path`, as `request`'s visitor would get it, without the network. */
export function apiAnswer(app: FastifyInstance, request: FastifyRequest) {
  return async (path: string) => {
    const response = await app.inject({
      method: 'GET',
      url: path,
      headers: { accept: 'application/json' },
      remoteAddress: request.ip,
    });
    return { status: response.statusCode, body: response.body };
  };
}

// What index.html holds for a page rendered in the browser alone: its empty root, the message for a
// browser without JavaScript, and the preload of the configuration the app reads before rendering.
const EMPTY_ROOT = '<div id="root"></div>';
const NOSCRIPT = /<noscript>[\s\S]*?<\/noscript>/;
const CONFIG_PRELOAD = /<link rel="preload" href="\/api\/config"[^>]*>/;

const TITLE = /<title>[\s\S]*?<\/title>/;

// React writes what it hoists, as it would into a document's <head>, before the page's own markup:
// the preload of a priority image (a player's avatar), then the page's <title>.
const HOISTED_TITLE = /^((?:<link\b[^>]*>|<meta\b[^>]*>)*)(<title>[^<]*<\/title>)/;

interface RenderedPage {
  html: string;
  state: string;
  title?: string;
}

/**
 * index.html with the rendered page in its root, the handed-over data after it and the page's own
 * title (a page with a link preview gets its tags after this, page-meta.ts). The page works without
 * JavaScript, and the configuration comes with it, so neither the message nor the preload is wanted.
 */
export function withRenderedPage(indexHtml: string, rendered: RenderedPage): string {
  if (!indexHtml.includes(EMPTY_ROOT)) throw new Error(`index.html no longer has ${EMPTY_ROOT}`);
  const page = titleInHead(rendered);
  const titled = page.title ? indexHtml.replace(TITLE, () => page.title!) : indexHtml;
  return titled
    .replace(EMPTY_ROOT, () => `<div id="root">${page.html}</div>${page.state}`)
    .replace(NOSCRIPT, '')
    .replace(CONFIG_PRELOAD, '');
}

/**
 * The page with the <title> React hoisted taken out of its HTML, for the head. The renderer hands over
 * a title that comes first; one behind a hoisted preload (a player's avatar) comes with the HTML, and
 * left there it would be a second title inside #root: invalid, and read twice by anything reading the
 * page's text. In the browser React keeps the page's title in the head, where hydration finds it.
 */
function titleInHead(page: RenderedPage): RenderedPage {
  if (page.title) return page;
  const hoisted = HOISTED_TITLE.exec(page.html);
  if (!hoisted) return page;
  return { ...page, html: hoisted[1]! + page.html.slice(hoisted[0].length), title: hoisted[2]! };
}
