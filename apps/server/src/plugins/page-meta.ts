// Link previews: the <title>, description, canonical address, Open Graph and Twitter card tags of a
// public page, written into the index.html the server sends for it (web-app.ts), so that a chat app
// or search engine that reads the HTML without running the app sees the page's own title and
// picture. Which page says what is the previews module's business (modules/previews/pages.ts and
// punishment-pages.ts).

import { SITE_NAME } from '@prison/shared/brand';
import type { Language } from '@prison/shared/languages';
import type { FastifyRequest } from 'fastify';

export interface PageMeta {
  /** The whole <title>, as the page itself sets it once running. */
  title: string;
  description: string;
  /** The canonical address's path (and query), from the site's root: `/players/Alice`. */
  path: string;
  /** A preview image's path, 1200x630 PNG; pages without one get a small card. */
  image?: { path: string; alt: string };
  /** Open Graph type: `profile` for a player, `website` otherwise. */
  type?: 'website' | 'profile';
  /** Not-found pages ask search engines not to index them. */
  noindex?: boolean;
}

/** What the HTML of a public address is: a page (found or not) with its meta, or a redirect. */
export type PageAnswer =
  | { kind: 'page'; status: 200 | 404; meta: PageMeta }
  | { kind: 'redirect'; location: string };

/**
 * The previews module's answer for a path and its query, written in `language`; undefined leaves
 * index.html as it is.
 */
export type PageMetaResolver = (
  path: string,
  query: URLSearchParams,
  language: Language,
) => Promise<PageAnswer | undefined>;

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for an attribute value or an element's content. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The site's origin for absolute addresses: PUBLIC_URL when set. Without it, the request's own
 * protocol and host (behind a proxy, as TRUST_PROXY lets Fastify read them), which is right for
 * whoever asked but is only as trustworthy as the Host header: production sets PUBLIC_URL.
 */
export function siteOrigin(publicUrl: string | null, request: FastifyRequest): string {
  if (publicUrl) return publicUrl;
  const host = /^[A-Za-z0-9.:[\]-]+$/.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** The head tags of a page, every value escaped, addresses made absolute with `origin`. */
export function metaTags(meta: PageMeta, origin: string): string {
  const url = `${origin}${meta.path}`;
  const tag = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    tag('name', 'description', meta.description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
  ];
  if (meta.noindex) tags.push(tag('name', 'robots', 'noindex'));
  tags.push(
    tag('property', 'og:site_name', SITE_NAME),
    tag('property', 'og:type', meta.type ?? 'website'),
    tag('property', 'og:title', meta.title),
    tag('property', 'og:description', meta.description),
    tag('property', 'og:url', url),
  );
  if (meta.image) {
    const image = `${origin}${meta.image.path}`;
    tags.push(
      tag('property', 'og:image', image),
      tag('property', 'og:image:type', 'image/png'),
      tag('property', 'og:image:width', '1200'),
      tag('property', 'og:image:height', '630'),
      tag('property', 'og:image:alt', meta.image.alt),
      tag('name', 'twitter:card', 'summary_large_image'),
      tag('name', 'twitter:image', image),
      tag('name', 'twitter:image:alt', meta.image.alt),
    );
  } else {
    tags.push(tag('name', 'twitter:card', 'summary'));
  }
  tags.push(tag('name', 'twitter:title', meta.title), tag('name', 'twitter:description', meta.description));
  return tags.join('');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;

/** index.html with its generic title and description replaced by the page's own tags. */
export function withMeta(html: string, meta: PageMeta, origin: string): string {
  const tags = metaTags(meta, origin);
  const untitled = html.replace(DESCRIPTION, '');
  return TITLE.test(untitled)
    ? untitled.replace(TITLE, () => tags)
    : untitled.replace('</head>', () => `${tags}</head>`);
}

/** Resolvers asked in turn: the first that knows the path answers. */
export const firstPageAnswer =
  (...resolvers: PageMetaResolver[]): PageMetaResolver =>
  async (path, query, language) => {
    for (const resolve of resolvers) {
      const answer = await resolve(path, query, language);
      if (answer) return answer;
    }
    return undefined;
  };
