// A doc's size limits, its order in the list, its address from its title and the docs search (spec 4
// Docs, 5 Create Doc and Docs search), without zod: the docs pages use them and load no schema
// (docs.ts re-exports them with its schemas).
import { whenUsed } from './when-used.ts';

export const DOC_TITLE_MAX_LENGTH = 200;
/** Markdown is stored as UTF-8: the limit counts bytes, so a page of emoji is held to the same size. */
export const DOC_CONTENT_MAX_BYTES = 100 * 1024;
export const DOC_CONTENT_TOO_LARGE = 'The content is too long: a doc can hold at most 100 KB of text.';
const SLUG_MAX_LENGTH = 80;

/** What ordering and searching read of a doc. */
type TitledDoc = { readonly title: string; readonly slug: string };

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
export function compareDocs(a: TitledDoc, b: TitledDoc): number {
  return collator().compare(a.title, b.title) || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
}

export const sortDocs = <T extends TitledDoc>(docs: readonly T[]): T[] => [...docs].sort(compareDocs);

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
export function matchesDocSearch(doc: TitledDoc, search: string): boolean {
  const needle = search.trim().toLowerCase();
  return !needle || doc.title.toLowerCase().includes(needle) || doc.slug.toLowerCase().includes(needle);
}
