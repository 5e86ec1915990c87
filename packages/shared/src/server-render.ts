// The web app's server renderer (apps/web/src/entry-server.tsx, built into dist/server) as the API
// server loads and calls it (apps/server/src/plugins/server-render.ts).
import type { Language } from './languages.ts';
import type { SiteConfig } from './site-config.ts';

/** The server's answer to a GET of one of its API addresses, asked in process. */
export interface ApiAnswer {
  status: number;
  body: string;
}

export interface RenderRequest {
  /** The page's absolute address. */
  url: string;
  config: SiteConfig;
  /** The language to render the page in, as the server chose it for the request. */
  language: Language;
  /** Whether the visitor's session cookies are there: pages that only a guest sees alike are left to the browser. */
  signedIn: boolean;
  /** Answers a GET of an API path (with its query) as the API would. */
  api: (path: string) => Promise<ApiAnswer>;
}

export type RenderResult =
  /**
   * `html` goes inside #root; `state` is the <script> that hands the data over, to follow it; `title`
   * is the page's <title> element, as the page sets it.
   */
  | { kind: 'page'; status: number; html: string; state: string; title?: string }
  | { kind: 'redirect'; status: number; location: string }
  /** Not a page the server renders (signed-in pages): the browser renders it. */
  | { kind: 'browser' };

/**
 * A page's relative times ("5m ago") count from when it was rendered, so the same data renders to new
 * HTML (and a new ETag) once in each period of this length, counted from the epoch.
 */
export const RENDER_PERIOD_MS = 60_000;

export interface ServerRenderer {
  render(request: RenderRequest): Promise<RenderResult>;
}
