import { matchesDocSearch } from '@prison/shared/doc-text';
import type { Doc } from '@prison/shared/docs';

/** A doc's address on the site, as the reader and the editors show it: "/docs/{slug}". */
export const docAddress = (slug: string) => `/docs/${slug}`;

/** The docs page's query that selects a doc: "?doc={slug}". */
export const docSearch = (slug: string) => `?doc=${encodeURIComponent(slug)}`;

/** The slug a location's hash names (/docs#gangs, spec 2.5), if any. */
export function hashSlug(hash: string): string | null {
  if (!hash || hash === '#') return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/**
 * Spec 2.5: the doc named by ?doc=, else (decided) the doc a #hash names, as the social page links
 * /docs#gangs, else the first of the sorted list. A ?doc= naming no doc selects nothing.
 */
export function selectDoc(docs: readonly Doc[] | undefined, doc: string | null, hash: string | null) {
  if (!docs) return null;
  if (doc) return docs.find((d) => d.slug === doc) ?? null;
  return (hash && docs.find((d) => d.slug === hash)) || docs[0] || null;
}

export const filterDocs = (docs: readonly Doc[], search: string) =>
  docs.filter((doc) => matchesDocSearch(doc, search));

/**
 * Every demo guide opens with "# {its title}", which the reader already shows as the card's heading:
 * a first heading that repeats the title is dropped so it does not appear twice.
 */
export function withoutRepeatedTitle(content: string, title: string): string {
  const match = /^\s*#[ \t]+(.+?)[ \t#]*(?:\r?\n|$)/.exec(content);
  if (!match || match[1]!.trim().toLowerCase() !== title.trim().toLowerCase()) return content;
  return content.slice(match[0].length);
}

/** Minutes to read at an unhurried 220 words a minute; at least one. */
export function readingMinutes(content: string): number {
  const words = content.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  return Math.max(1, Math.round(words / 220));
}
