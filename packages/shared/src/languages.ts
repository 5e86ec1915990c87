// The languages the site speaks (README, Languages): their codes as BCP 47 tags, as the message
// catalogues (locales/{code}/*.po), <html lang> and the account's stored choice name them, and each
// one's name written in itself for the language menu. How a request's language is chosen lives here
// too, so the server (which renders the page) and the browser (which switches it) agree.

export const LANGUAGES = ['en', 'de', 'es', 'fr', 'pl', 'pt-BR', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language whose strings are the specification's and the source of every catalogue. */
export const SOURCE_LANGUAGE: Language = 'en';

/** Each language's name as its speakers write it, for the menu. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fr: 'Français',
  pl: 'Polski',
  'pt-BR': 'Português (Brasil)',
  ru: 'Русский',
};

/** The cookie a visitor's choice is kept in (a signed-in player's is also on their account). */
export const LANGUAGE_COOKIE = 'lang';

/** The query parameter that opens any page in a language (`?lang=de`), so a shared link can carry it. */
export const LANGUAGE_PARAMETER = 'lang';

/**
 * The language among `offered` that `tag` names: exactly (case aside), else by its primary subtag
 * (`pt` and `pt-PT` find `pt-BR`, `de-AT` finds `de`). Undefined when none matches.
 */
export function matchLanguage(
  tag: string | null | undefined,
  offered: readonly Language[],
): Language | undefined {
  if (!tag) return undefined;
  const wanted = tag.trim().toLowerCase();
  if (!/^[a-z]{2,3}(-[a-z0-9]{1,8})*$/.test(wanted)) return undefined;
  const exact = offered.find((language) => language.toLowerCase() === wanted);
  if (exact) return exact;
  const primary = wanted.split('-')[0];
  return offered.find((language) => language.toLowerCase().split('-')[0] === primary);
}

/**
 * The best language among `offered` for an Accept-Language header (RFC 9110 12.5.4): the tags in
 * order of their weight (`q`, 1 when absent; 0 refuses), ties in the order written; `*` takes the
 * first offered. Undefined when nothing in it is offered.
 */
export function negotiateLanguage(
  header: string | null | undefined,
  offered: readonly Language[],
): Language | undefined {
  if (!header) return undefined;
  const ranges = header
    .split(',')
    .slice(0, 32)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return { tag: tag.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.tag && range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return offered[0];
    const found = matchLanguage(tag, offered);
    if (found) return found;
  }
  return undefined;
}

/** A language code the site ships, or undefined. */
export function asLanguage(value: unknown): Language | undefined {
  return typeof value === 'string' ? LANGUAGES.find((language) => language === value) : undefined;
}
