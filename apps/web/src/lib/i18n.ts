// The page's language (docs/translations.md): its catalogues, loaded before the app renders, and the
// language the formatters write numbers and dates in. In the browser there is one language at a time
// (Lingui's `i18n`); the server renders many pages at once, each in its own, so there the language
// comes from the render under way (entry-server.tsx sets where to read it).
import { type I18n, i18n, type MessageDescriptor, type Messages } from '@lingui/core';
import { asLanguage, LANGUAGES, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import { CATALOGUE_PARTS, type CataloguePart } from './catalogue-parts.ts';

export { CATALOGUE_PARTS, type CataloguePart };

type CatalogueModule = { messages: Messages };

// Each language's catalogues, one chunk each: a page loads its own language's alone.
const catalogues = import.meta.glob<CatalogueModule>('../locales/*/*.po', { import: '*' });

/** The catalogue of `part` in `language`, compiled. */
export async function catalogue(language: Language, part: CataloguePart): Promise<Messages> {
  const load = catalogues[`../locales/${language}/${part}.po`];
  if (!load) throw new Error(`No ${part} catalogue for ${language}`);
  return (await load()).messages;
}

/** Every catalogue of `language` but the admin console's, as one: what the server renders pages from. */
export async function publicCatalogues(language: Language): Promise<Messages> {
  const parts = CATALOGUE_PARTS.filter((part) => part !== 'admin');
  const all = await Promise.all(parts.map((part) => catalogue(language, part)));
  return Object.assign({}, ...all);
}

const loaded = new Set<string>();

/** Loads `part` of `language` into the browser's i18n (once); the language is not switched to. */
export async function loadCatalogue(language: Language, part: CataloguePart = 'site'): Promise<void> {
  const key = `${language}/${part}`;
  if (loaded.has(key)) return;
  i18n.load(language, await catalogue(language, part));
  loaded.add(key);
}

/** The pages' catalogues the browser has needed so far: a language switched to gets them all. */
const wanted = new Set<CataloguePart>(['site']);

/**
 * Switches the browser to `language`, its catalogues loaded first (the site's, and each page's this
 * visit has opened): every `<Trans>` and `useLingui` re-renders in it.
 */
export async function activateLanguage(language: Language): Promise<void> {
  switchingTo = language;
  // A page's catalogue asked for meanwhile (the first page's route, as the app starts) comes too.
  for (;;) {
    const parts = [...wanted];
    await Promise.all(parts.map((part) => loadCatalogue(language, part)));
    if (parts.length === wanted.size) break;
  }
  // A later switch won.
  if (switchingTo !== language) return;
  i18n.activate(language);
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

/** The language being switched to, before its catalogues have loaded. */
let switchingTo: Language | undefined;

/**
 * A page's own catalogue, in the page's language and in any language switched to later: its route
 * loads it with its code. On the server, where every page's words are loaded, it does nothing.
 */
export async function loadPageCatalogue(part: CataloguePart): Promise<void> {
  if (typeof window === 'undefined') return;
  wanted.add(part);
  await loadCatalogue(switchingTo ?? currentLanguage(), part);
}

/** The admin console's catalogue (its routes load it before any of its pages renders). */
export const loadAdminCatalogue = (): Promise<void> => loadPageCatalogue('admin');

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
