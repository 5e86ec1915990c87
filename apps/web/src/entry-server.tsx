// Server rendering of the public pages (DESIGN 8), built on its own (`vite build --ssr`, into
// dist/server) and loaded by the API server (apps/server/src/plugins/server-render.ts). React
// Router's static handler matches the address and runs the page's loaders, which fill a query cache
// of this request's own from the API's answers, asked in process; the static router renders the page
// as a signed-out visitor first sees it. The HTML goes out with that cache and the loader data
// (lib/server-state.ts), from which the browser hydrates it without asking again (main.tsx).
import { AsyncLocalStorage } from 'node:async_hooks';
import { type I18n, setupI18n } from '@lingui/core';
import type { Language } from '@prison/shared/languages';
import { RENDER_PERIOD_MS, type RenderRequest, type RenderResult } from '@prison/shared/server-render';
import {
  defaultShouldDehydrateQuery,
  dehydrate,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { type ReactNode, StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { publicRoutes } from './app/public-routes.tsx';
import { chooseRouteSet } from './app/route-set.ts';
import { isHttpError, isNotFound, setPublicFetch } from './lib/api.ts';
import { publicCatalogues, setRenderI18n } from './lib/i18n.ts';
import { LanguageProvider } from './lib/language-provider.tsx';
import { serverRenderQueryClient, setLoaderQueryClient } from './lib/query-client.ts';
import { handedOverError, SERVER_STATE_ID, type ServerState, scriptJson } from './lib/server-state.ts';
import { SiteConfigProvider } from './lib/site-config.tsx';
import { RenderedAt } from './lib/use-now.ts';

interface RenderScope {
  client: QueryClient;
  api: RenderRequest['api'];
  /** The answers the page was rendered from, in order: with its address, the key of its HTML. */
  answers: string[];
  language: Language;
  /** The language's i18n, its catalogue loaded. */
  i18n: I18n;
}

const scope = new AsyncLocalStorage<RenderScope>();
const inScope = (): RenderScope => {
  const current = scope.getStore();
  if (!current) throw new Error('A query ran outside a server render');
  return current;
};

// Loaders and fetchers called while a request renders use that request's cache and its answers,
// and what formats a figure, its language.
setLoaderQueryClient(() => inScope().client);
setRenderI18n(() => scope.getStore()?.i18n);

// One i18n per language, every public page's catalogue loaded: pages render in many languages at once.
const i18nOf = new Map<Language, Promise<I18n>>();
function languageI18n(language: Language): Promise<I18n> {
  let found = i18nOf.get(language);
  if (!found) {
    found = publicCatalogues(language).then((messages) =>
      setupI18n({ locale: language, messages: { [language]: messages } }),
    );
    i18nOf.set(language, found);
  }
  return found;
}
setPublicFetch(async (input) => {
  const current = inScope();
  const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const { status, body } = await current.api(path);
  current.answers.push(`${path} ${status} ${body}`);
  return new Response(status === 204 ? null : body, {
    status,
    headers: { 'content-type': 'application/json' },
  });
});

const routes = publicRoutes();
const handler = createStaticHandler(routes);

/** Rendering a page waits this long at most for its lazy parts; what is left shows its placeholder. */
const RENDER_TIMEOUT_MS = 3000;

// A page's HTML by its address and the answers it was rendered from: the same snapshot renders to the
// same HTML, and rendering is the costly part. Bounded: the oldest entry goes first.
const rendered = new Map<string, RenderResult>();
const RENDERED_KEPT = 200;

const leafHandle = (pathname: string) =>
  matchRoutes(routes, pathname)?.at(-1)?.route.handle as
    | { serverRendered?: boolean; notFound?: boolean; guestOnly?: boolean }
    | undefined;

/** Whether the server renders the page at this path, or leaves it to the browser. */
export function isServerRendered(pathname: string): boolean {
  return leafHandle(pathname)?.serverRendered === true;
}

export async function render(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url);
  // /admin is the admin console where no admin host is configured (spec 2.1), not a missing page.
  if (chooseRouteSet(url, request.config.adminHosts) !== 'public' || !isServerRendered(url.pathname)) {
    return { kind: 'browser' };
  }
  // A page that shows a signed-in visitor something else (the auction's market) is theirs to render.
  if (request.signedIn && leafHandle(url.pathname)?.guestOnly === true) return { kind: 'browser' };
  const current: RenderScope = {
    client: serverRenderQueryClient(),
    api: request.api,
    answers: [],
    language: request.language,
    i18n: await languageI18n(request.language),
  };
  const context = await scope.run(current, () => handler.query(new Request(url)));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return location ? { kind: 'redirect', status: context.status, location } : { kind: 'browser' };
  }
  // Its relative times ("5m ago") count from when it was rendered: a page is rendered again each period.
  const renderedAt = Date.now();
  const key = `${request.language} ${url.pathname}${url.search}\n${Math.floor(renderedAt / RENDER_PERIOD_MS)}\n${current.answers.join('\n')}`;
  const cached = rendered.get(key);
  if (cached) return cached;

  const router = createStaticRouter(handler.dataRoutes, context);
  const page = (
    <StrictMode>
      <SiteConfigProvider config={request.config}>
        <LanguageProvider i18n={current.i18n}>
          <QueryClientProvider client={current.client}>
            {/* hydrate={false}: the router's data goes out with the query cache, in lib/server-state.ts. */}
            <RenderedAt value={renderedAt}>
              <StaticRouterProvider router={router} context={context} hydrate={false} />
            </RenderedAt>
          </QueryClientProvider>
        </LanguageProvider>
      </SiteConfigProvider>
    </StrictMode>
  );
  // A part that suspended while rendering (lazy code loading for the first time) is written after
  // the rest with an inline script that moves it into place, which the Content-Security-Policy
  // refuses. That code has loaded by the end of the render: a second one needs no script.
  // In the request's scope, so that its figures are written in its language.
  let html = await scope.run(current, () => prerendered(page));
  if (html.includes('<script')) html = await scope.run(current, () => prerendered(page));
  if (html.includes('<script')) throw new Error(`${url.pathname} suspends on every render`);
  const queries = dehydrate(current.client, {
    shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
  });
  const state: ServerState = {
    config: request.config,
    language: request.language,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors },
    renderedAt,
    // Failed answers too (a player who does not exist): the browser shows the same page without asking.
    // An error's status and body are not in its JSON: they go as data (query-layout.tsx rebuilds it).
    queries: {
      ...queries,
      queries: queries.queries.map((query) =>
        isHttpError(query.state.error)
          ? { ...query, state: { ...query.state, error: handedOverError(query.state.error) } }
          : query,
      ),
    },
  };
  // A page whose subject does not exist (a player, a gang, an address) is a 404.
  const missing =
    leafHandle(url.pathname)?.notFound === true ||
    queries.queries.some((query) => isNotFound(query.state.error));
  const result: RenderResult = {
    kind: 'page',
    status: missing && context.statusCode === 200 ? 404 : context.statusCode,
    ...withoutHoisted(html),
    state: `<script type="application/json" id="${SERVER_STATE_ID}">${scriptJson(state)}</script>`,
  };
  if (rendered.size >= RENDERED_KEPT) rendered.delete(rendered.keys().next().value!);
  rendered.set(key, result);
  return result;
}

async function prerendered(page: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(page, {
    signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
    // React writes a large part (a long doc) after the rest, with a script to move it into place, to
    // show the rest sooner when streaming. This page goes out whole, and without inline scripts.
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  let html = '';
  for await (const chunk of prelude) html += chunk;
  return html;
}

/**
 * The page without the <title> React puts first, which the server writes into the <head> instead
 * (page-meta.ts, or this one where the page has no link preview), as the browser hoists it there.
 */
function withoutHoisted(html: string): { html: string; title?: string } {
  const title = /^<title>[^<]*<\/title>/.exec(html)?.[0];
  return title ? { html: html.slice(title.length), title } : { html };
}
