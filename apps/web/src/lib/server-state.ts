// What the server hands over with a page it rendered (entry-server.tsx): the site's configuration,
// the router's loader data and the query cache it rendered from, as JSON in one non-executing
// <script> (the Content-Security-Policy admits no inline script but the theme's). The browser then
// hydrates that HTML from the same data instead of asking for it again (main.tsx, query-layout.tsx).
import type { Language } from '@prison/shared/languages';
import type { SiteConfig } from '@prison/shared/site-config';
import type { HydrationState } from 'react-router';

/** A failed answer as it is handed over: an Error's own fields are not in its JSON. */
export interface HandedOverError {
  status: number;
  body: unknown;
}

export const handedOverError = (error: { status: number; body?: unknown }): HandedOverError => ({
  status: error.status,
  body: error.body,
});

/** The element's id; the server writes it (entry-server.tsx). */
export const SERVER_STATE_ID = 'server-state';

export interface ServerState {
  config: SiteConfig;
  /** The language the page was rendered in: the browser hydrates it in the same. */
  language: Language;
  router: HydrationState;
  /** When the page was rendered (ms since the epoch): its relative times are from then (use-now.ts). */
  renderedAt: number;
  /** TanStack Query's dehydrated cache; typed by query-layout.tsx, so this file stays free of it. */
  queries: unknown;
}

/**
 * JSON that is safe inside a <script> element: `<` is escaped so no `</script>` or `<!--` in a value
 * ends or changes the element, and the line separators some parsers reject are escaped too.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

let read: ServerState | null | undefined;

/** The state the server rendered this page with; null for a page rendered in the browser. */
export function serverState(): ServerState | null {
  if (read === undefined) {
    const text =
      typeof document === 'undefined' ? null : document.getElementById(SERVER_STATE_ID)?.textContent;
    read = text ? (JSON.parse(text) as ServerState) : null;
  }
  return read;
}
