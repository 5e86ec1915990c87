// What the web build writes to dist/page-hints.json and the server reads to add preload links to a
// public page's HTML (apps/web/src/app/page-hints.ts says which pages need what).

/** The other hosts a page shows images from: players' heads (AVATAR_URL), item icons (ASSET_BASE_URL). */
export type ImageHost = 'avatars' | 'items';

/** A public page's hints in built form: addresses the browser can fetch. */
export interface BuiltPageHint {
  /** A path of the public route set; `*` stands for one path segment. */
  path: string;
  /** Chunk files, for <link rel="modulepreload">. */
  modulepreload: string[];
  /** Data the page asks for at once, for <link rel="preload" as="fetch">. */
  data: string[];
  /** The image hosts its first view shows images from, for <link rel="preconnect">. */
  images?: ImageHost[];
  /** Its own catalogues beyond the site's (apps/web/src/lib/i18n.ts), preloaded in the page's language. */
  catalogues?: string[];
}
