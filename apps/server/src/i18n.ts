// The server's own words in each language (docs/translations.md): link previews' titles,
// descriptions and cards. Its catalogues are locales/{language}/server.po beside this module (copied
// into dist/ by the build), read once at start. The server has no macros: a message is written as
// `i18n._('English with {placeholder}', { placeholder })`, its English being its id, which is what
// `npm run i18n:extract` finds and writes into the catalogues. A message a catalogue leaves
// untranslated (an empty msgstr, a fuzzy one, or none at all) is shown in English.
import { readFileSync } from 'node:fs';
import type { I18n, MessageOptions, Messages } from '@lingui/core';
import { setupI18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LANGUAGES, type Language } from '@prison/shared/languages';
import PO from 'pofile';

type Values = Record<string, unknown>;

/** Where the catalogues are: one folder per language, each holding server.po. */
export const SERVER_LOCALES = new URL('./locales/', import.meta.url);

/**
 * The translated messages of a PO file's text, by id (the English msgid). Left out: the header, empty
 * and fuzzy translations, obsolete entries, and entries with a context (the server writes none).
 */
export function parseCatalogue(text: string): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const item of PO.parse(text).items) {
    const translation = item.msgstr[0];
    if (!item.msgid || !translation || item.obsolete || item.flags.fuzzy || item.msgctxt) continue;
    messages[item.msgid] = translation;
  }
  return messages;
}

/** `language`'s catalogue in `dir`; none (everything in English) when it has no file yet. */
export function readCatalogue(language: Language, dir: URL = SERVER_LOCALES): Record<string, string> {
  const file = new URL(`${language}/server.po`, dir);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
  try {
    return parseCatalogue(text);
  } catch (err) {
    throw new Error(`The catalogue ${file.pathname} could not be read`, { cause: err });
  }
}

// Messages are compiled once each: a catalogue's when it is loaded, an untranslated one's (its id)
// the first time it is shown.
const compiled = new Map<string, ReturnType<typeof compileMessage>>();
function compile(message: string): ReturnType<typeof compileMessage> {
  let found = compiled.get(message);
  if (!found) {
    found = compileMessage(message);
    compiled.set(message, found);
  }
  return found;
}

/**
 * Values as Lingui is to show them: it decodes `\uXXXX` and `\xXX` in a message's result, the values
 * in it included, so a backslash in a value (a gang's or a doc's name is free text) is written as an
 * escape of its own, `\x5c`, which decodes back to it.
 */
function asWritten(values: Values | undefined): Values | undefined {
  if (!values) return values;
  const written: Values = {};
  for (const [name, value] of Object.entries(values)) {
    written[name] = typeof value === 'string' ? value.replaceAll('\\', '\\x5c') : value;
  }
  return written;
}

/** An I18n in `language` with `catalogue`'s messages (English for every message it lacks). */
export function createServerI18n(language: Language, catalogue: Record<string, string>): I18n {
  const messages: Messages = {};
  for (const [id, translation] of Object.entries(catalogue)) messages[id] = compile(translation);
  const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
  i18n.setMessagesCompiler(compile);
  const translate = i18n._.bind(i18n);
  i18n._ = ((id: string, values?: Values, options?: MessageOptions) =>
    translate(id, asWritten(values), options)) as I18n['_'];
  i18n.t = i18n._;
  return i18n;
}

/** Every language's I18n, from the catalogues in `dir`. */
export function loadServerI18n(dir: URL = SERVER_LOCALES): Record<Language, I18n> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [language, createServerI18n(language, readCatalogue(language, dir))]),
  ) as Record<Language, I18n>;
}

const shipped = loadServerI18n();

/** The server's messages in `language`, as its catalogue translates them. */
export function serverI18n(language: Language): I18n {
  return shipped[language];
}
