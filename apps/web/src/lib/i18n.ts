// The page's language (docs/translations.md): its catalogues, loaded before the app renders, and the
// language the formatters write numbers and dates in. In the browser there is one language at a time
// (Lingui's `i18n`); the server renders many pages at once, each in its own, so there the language
// comes from the render under way (entry-server.tsx sets where to read it).
import { type I18n, i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { asLanguage, LANGUAGES, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';

export type CataloguePart = 'site' | 'admin';

type CatalogueModule = { messages: Messages };

// Each language's catalogues, one chunk each: a page loads its own language's alone.
const catalogues: Record<CataloguePart, Record<string, () => Promise<CatalogueModule>>> = {
  site: import.meta.glob<CatalogueModule>('../locales/*/site.po', { import: '*' }),
  admin: import.meta.glob<CatalogueModule>('../locales/*/admin.po', { import: '*' }),
};

const cataloguePath = (language: Language, part: CataloguePart) => `../locales/${language}/${part}.po`;

/** The catalogue of `part` in `language`, compiled. */
export async function catalogue(language: Language, part: CataloguePart): Promise<Messages> {
  const load = catalogues[part][cataloguePath(language, part)];
  if (!load) throw new Error(`No ${part} catalogue for ${language}`);
  return (await load()).messages;
}

const loaded = new Set<string>();

/** Loads `part` of `language` into the browser's i18n (once); the language is not switched to. */
export async function loadCatalogue(language: Language, part: CataloguePart = 'site'): Promise<void> {
  const key = `${language}/${part}`;
  if (loaded.has(key)) return;
  i18n.load(language, await catalogue(language, part));
  loaded.add(key);
}

const adminParts = new Set<Language>();

/**
 * Switches the browser to `language`, its site catalogue loaded first (and the admin console's, once
 * the console has asked for it): every `<Trans>` and `useLingui` re-renders in it.
 */
export async function activateLanguage(language: Language): Promise<void> {
  await loadCatalogue(language, 'site');
  if (adminParts.size > 0) await loadCatalogue(language, 'admin');
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The admin console's catalogue in the current language, and in any language switched to later. */
export async function loadAdminCatalogue(): Promise<void> {
  const language = currentLanguage();
  adminParts.add(language);
  await loadCatalogue(language, 'admin');
}

let i18nOfRender: (() => I18n | undefined) | undefined;

/** On the server: where the i18n of the page being rendered is read (entry-server.tsx). */
export function setRenderI18n(source: () => I18n | undefined): void {
  i18nOfRender = source;
}

/**
 * The i18n of the page being rendered: the server's render's, else the browser's. A component reads
 * its own from useLingui(); this is for code outside components (a model's labels, a formatter).
 */
export function activeI18n(): I18n {
  return i18nOfRender?.() ?? i18n;
}

/** A message (a `msg` descriptor, with its values) in the page's language. */
export function translate(message: MessageDescriptor): string {
  return activeI18n()._(message);
}

/** The language of the page being rendered: the server's render's, else the browser's. */
export function currentLanguage(): Language {
  const active = activeI18n().locale;
  return LANGUAGES.find((language) => language === active) ?? SOURCE_LANGUAGE;
}

/** The language the server chose for this page (its `<html lang>`), else the source language. */
export function pageLanguage(): Language {
  const tag = typeof document === 'undefined' ? undefined : document.documentElement.lang;
  return asLanguage(tag) ?? SOURCE_LANGUAGE;
}
