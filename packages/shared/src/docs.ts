// Docs (spec 2.5, 3 Doc, 5 Create Doc and Docs search, 7 GET/POST /api/docs), and their editing,
// deletion and history (issue 15).
import { z } from 'zod';
import { isStorableText } from './storable.ts';
import { whenUsed } from './when-used.ts';

export const DOC_TITLE_MAX_LENGTH = 200;
/** Markdown is stored as UTF-8: the limit counts bytes, so a page of emoji is held to the same size. */
export const DOC_CONTENT_MAX_BYTES = 100 * 1024;
export const DOC_CONTENT_TOO_LARGE = 'The content is too long: a doc can hold at most 100 KB of text.';
const SLUG_MAX_LENGTH = 80;

export const docSchema = z.object({
  title: z.string(),
  slug: z.string(),
  content: z.string().describe('Markdown; raw HTML is allowed and sanitized when shown'),
  revision: z.number().int().describe('The current revision: an edit names the one it started from'),
});
export type Doc = z.infer<typeof docSchema>;
export const docListSchema = z.array(docSchema);

const UNSTORABLE = 'contains characters that cannot be stored';

/** Spec 5 Create Doc: both fields required and trimmed before sending (and again on arrival). */
export const createDocRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title')
    .max(DOC_TITLE_MAX_LENGTH, `Keep the title to ${DOC_TITLE_MAX_LENGTH} characters or fewer`)
    .refine((title) => !/\p{Cc}/u.test(title), 'The title must be a single line of text')
    .refine(isStorableText, `The title ${UNSTORABLE}`),
  // The size limit is checked separately: too much content is a 413, not a 400.
  content: z
    .string()
    .trim()
    .min(1, 'Write the content')
    .refine(isStorableText, `The content ${UNSTORABLE}`)
    .describe('Markdown, at most 100 KB of UTF-8 (413 above); raw HTML is sanitized when shown'),
});
export type CreateDocRequest = z.input<typeof createDocRequestSchema>;

const revisionNumber = z.number().int().min(1);

/** An edit: the new title and content, and the revision they were written over (409 if it moved). */
export const editDocRequestSchema = createDocRequestSchema.extend({
  revision: revisionNumber.describe('The revision the edit started from'),
});
export type EditDocRequest = z.input<typeof editDocRequestSchema>;

/** Restoring an old revision: the current revision as the page showed it (409 if it moved). */
export const restoreRevisionRequestSchema = z.object({
  revision: revisionNumber.describe('The current revision as the page showed it'),
});

/** The answer to an edit made over an older revision than the current one. */
export const DOC_CHANGED =
  'This doc changed since you opened it. Reload it to see the latest version, then make your changes again.';

export const docSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const docRevisionParamsSchema = docSlugParamsSchema.extend({ n: z.coerce.number().int().min(1) });

/** A deleted doc, as staff see it in their list of deleted docs. */
export const deletedDocSchema = z.object({
  title: z.string(),
  slug: z.string(),
  revision: z.number().int(),
  deleted_at: z.string(),
});
export type DeletedDoc = z.infer<typeof deletedDocSchema>;
export const deletedDocListSchema = z.array(deletedDocSchema);

/** One revision in a doc's history. */
export const docRevisionSchema = z.object({
  revision: z.number().int(),
  title: z.string(),
  /** Who saved it; null when unknown (a guide the site started with). */
  author: z.string().nullable(),
  created_at: z.string(),
  bytes: z.number().int().describe('The size of its content in UTF-8 bytes'),
});
export type DocRevision = z.infer<typeof docRevisionSchema>;
export const docRevisionListSchema = z.array(docRevisionSchema);

/** One revision with its text. */
export const docRevisionTextSchema = docRevisionSchema.extend({ content: z.string() });
export type DocRevisionText = z.infer<typeof docRevisionTextSchema>;

/**
 * WS /api/docs/ws: each listed doc's slug and revision, on connect and whenever a doc is created,
 * edited, deleted or restored. Small on purpose: a page whose list differs loads it again.
 */
export const docsLiveMessageSchema = z.object({
  docs: z.array(z.object({ slug: z.string(), revision: z.number().int() })),
});
export type DocsLiveMessage = z.infer<typeof docsLiveMessageSchema>;

/** UTF-8 length without platform APIs (this file runs in Node and in the browser). */
export function docContentBytes(content: string): number {
  let bytes = 0;
  for (const char of content) {
    const code = char.codePointAt(0)!;
    bytes += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return bytes;
}

const collator = whenUsed(() => new Intl.Collator('en', { sensitivity: 'base', numeric: true }));

/** The one order of the docs list (spec 4 Docs: sorted by title), on the server and after a create. */
export function compareDocs(a: Pick<Doc, 'title' | 'slug'>, b: Pick<Doc, 'title' | 'slug'>): number {
  return collator().compare(a.title, b.title) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

export const sortDocs = <T extends Pick<Doc, 'title' | 'slug'>>(docs: readonly T[]): T[] =>
  [...docs].sort(compareDocs);

// Letters that Unicode normalisation does not take apart into a Latin letter and an accent, and the
// Cyrillic and Greek alphabets, so that most titles keep a readable address.
// biome-ignore format: a table reads better packed
const TRANSLITERATION: Record<string, string> = {
  ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i', ħ: 'h', ŧ: 't', ŋ: 'ng',
  а: 'a', б: 'b', в: 'v', г: 'g', ґ: 'g', д: 'd', е: 'e', ё: 'yo', є: 'ye', ж: 'zh', з: 'z', и: 'i',
  і: 'i', ї: 'yi', й: 'y', к: 'k', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't',
  у: 'u', ў: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch', ъ: '', ы: 'y', ь: '', э: 'e',
  ю: 'yu', я: 'ya',
  α: 'a', β: 'v', γ: 'g', δ: 'd', ε: 'e', ζ: 'z', η: 'i', θ: 'th', ι: 'i', κ: 'k', λ: 'l', μ: 'm',
  ν: 'n', ξ: 'x', ο: 'o', π: 'p', ρ: 'r', σ: 's', ς: 's', τ: 't', υ: 'y', φ: 'f', χ: 'ch', ψ: 'ps',
  ω: 'o',
};

const transliterate = (text: string) => Array.from(text, (char) => TRANSLITERATION[char] ?? char).join('');

/** Used when nothing of a title survives (Chinese, Arabic, emoji...); the server numbers repeats. */
export const FALLBACK_SLUG = 'doc';

/**
 * A doc's address from its title: lower-case ASCII letters and digits joined by single hyphens,
 * at most 80 characters. The server makes it unique with a -2, -3... suffix.
 */
export function slugify(title: string): string {
  const latin = transliterate(
    // Mapping before and after decomposition: й and ё are letters of their own, ά is α plus an accent.
    transliterate(title.toLowerCase()).normalize('NFKD').replace(/\p{M}/gu, ''),
  )
    .replace(/['’]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (latin.length <= SLUG_MAX_LENGTH) return latin || FALLBACK_SLUG;
  const cut = latin.slice(0, SLUG_MAX_LENGTH + 1);
  const lastBreak = cut.lastIndexOf('-');
  return (lastBreak > 0 ? cut.slice(0, lastBreak) : cut.slice(0, SLUG_MAX_LENGTH)).replace(/-+$/, '');
}

/** Spec 5 Docs search: trimmed, case-insensitive, over the title or the slug. */
export function matchesDocSearch(doc: Pick<Doc, 'title' | 'slug'>, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || doc.title.toLowerCase().includes(needle) || doc.slug.toLowerCase().includes(needle);
}
