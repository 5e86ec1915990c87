// Checks the message catalogues of every shipped language against English (docs/translations.md,
// The checks): each message translated, none fuzzy, each translation valid ICU MessageFormat with
// English's placeholders and tags, its selects' cases, and for each plural the categories the
// language's plural rules have (CLDR, as Intl.PluralRules knows them). The test
// (src/app/translations.test.ts) fails on any problem; run it alone with
// `node --import tsx apps/web/scripts/catalogues.ts`.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseIcu, type Token } from '@messageformat/parser';
import { LANGUAGES, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import PO from 'pofile';
import { CATALOGUE_PARTS } from '../src/lib/catalogue-parts.ts';

/** The catalogues, relative to the repository's root, with `{language}` for the folder. */
export const CATALOGUES = [
  ...CATALOGUE_PARTS.map((part) => `apps/web/src/locales/{language}/${part}.po`),
  'apps/server/src/locales/{language}/server.po',
];

export interface CatalogueProblem {
  file: string;
  message: string;
  problem: string;
}

export interface CatalogueEntry {
  key: string;
  id: string;
  translation: string;
  fuzzy: boolean;
}

/** A PO file's messages by key (context and id). */
export function readCatalogue(path: string): Map<string, CatalogueEntry> {
  const po = PO.parse(readFileSync(path, 'utf8'));
  const entries = new Map<string, CatalogueEntry>();
  for (const item of po.items) {
    if (item.obsolete) continue;
    const key = `${item.msgctxt ?? ''}\u0004${item.msgid}`;
    entries.set(key, {
      key,
      id: item.msgid,
      translation: item.msgstr.join(''),
      fuzzy: item.flags.fuzzy === true,
    });
  }
  return entries;
}

/** What a message's translations must keep: its placeholders, tags and selects, and its plurals. */
interface Shape {
  placeholders: Set<string>;
  tags: string[];
  selects: Map<string, string[]>;
  plurals: Map<string, { ordinal: boolean; keys: string[] }>;
}

function shapeOf(message: string): Shape {
  const shape: Shape = { placeholders: new Set(), tags: [], selects: new Map(), plurals: new Map() };
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'content') {
        shape.tags.push(...(token.value.match(/<\/?\d+\/?>/g) ?? []));
      } else if (token.type === 'argument' || token.type === 'function') {
        shape.placeholders.add(token.arg);
      } else if (token.type === 'select') {
        shape.placeholders.add(token.arg);
        shape.selects.set(token.arg, token.cases.map((c) => c.key).sort());
        for (const c of token.cases) walk(c.tokens);
      } else if (token.type === 'plural' || token.type === 'selectordinal') {
        shape.placeholders.add(token.arg);
        const keys = token.cases.map((c) => c.key).filter((key) => !key.startsWith('='));
        shape.plurals.set(token.arg, { ordinal: token.type === 'selectordinal', keys: keys.sort() });
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parseIcu(message, { strict: false }));
  shape.tags.sort();
  return shape;
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, index) => item === b[index]);

/** The plural categories a language's translations must write: CLDR's, as Intl.PluralRules has them. */
export function pluralCategories(language: Language, ordinal = false): string[] {
  return [
    ...new Intl.PluralRules(language, { type: ordinal ? 'ordinal' : 'cardinal' }).resolvedOptions()
      .pluralCategories,
  ].sort();
}

/** What is wrong with `translation` of the English `source` in `language`; none when it is right. */
export function translationProblems(source: string, translation: string, language: Language): string[] {
  let wanted: Shape;
  let written: Shape;
  try {
    wanted = shapeOf(source);
  } catch (err) {
    return [`the English is not valid ICU MessageFormat: ${(err as Error).message}`];
  }
  try {
    written = shapeOf(translation);
  } catch (err) {
    return [`not valid ICU MessageFormat: ${(err as Error).message}`];
  }
  const problems: string[] = [];
  const missing = [...wanted.placeholders].filter((name) => !written.placeholders.has(name));
  const extra = [...written.placeholders].filter((name) => !wanted.placeholders.has(name));
  if (missing.length > 0) problems.push(`placeholders missing: {${missing.join('}, {')}}`);
  if (extra.length > 0) problems.push(`placeholders English does not have: {${extra.join('}, {')}}`);
  if (!same(wanted.tags, written.tags)) {
    problems.push(
      `tags ${written.tags.join(' ') || 'none'} where English has ${wanted.tags.join(' ') || 'none'}`,
    );
  }
  for (const [name, cases] of wanted.selects) {
    const own = written.selects.get(name);
    if (!own || !same(own, cases)) problems.push(`{${name}, select} must have the cases ${cases.join(', ')}`);
  }
  for (const [name, { ordinal }] of wanted.plurals) {
    const own = written.plurals.get(name);
    const needed = pluralCategories(language, ordinal);
    if (!own) problems.push(`{${name}} must be a plural`);
    else if (!same(own.keys, needed)) {
      problems.push(`{${name}, plural} has ${own.keys.join(', ')}: ${language} needs ${needed.join(', ')}`);
    }
  }
  return problems;
}

/** Every problem of every shipped language's catalogues, against English's. */
export function catalogueProblems(
  root: string,
  languages: readonly Language[] = LANGUAGES,
): CatalogueProblem[] {
  const problems: CatalogueProblem[] = [];
  for (const template of CATALOGUES) {
    const path = (language: Language) => join(root, template.replace('{language}', language));
    const english = readCatalogue(path(SOURCE_LANGUAGE));
    for (const entry of english.values()) {
      // English's own plurals have English's categories.
      for (const problem of translationProblems(entry.id, entry.translation || entry.id, SOURCE_LANGUAGE)) {
        problems.push({ file: path(SOURCE_LANGUAGE), message: entry.id, problem });
      }
    }
    for (const language of languages) {
      if (language === SOURCE_LANGUAGE) continue;
      const file = template.replace('{language}', language);
      let catalogue: Map<string, CatalogueEntry>;
      try {
        catalogue = readCatalogue(path(language));
      } catch {
        problems.push({ file, message: '', problem: 'the catalogue is missing' });
        continue;
      }
      for (const [key, source] of english) {
        const entry = catalogue.get(key);
        const add = (problem: string) => problems.push({ file, message: source.id, problem });
        const translated = entry?.translation.trim() ?? '';
        if (!entry || translated === '') add('not translated');
        else if (entry.fuzzy) add('marked fuzzy');
        else for (const problem of translationProblems(source.id, entry.translation, language)) add(problem);
      }
      for (const [key, entry] of catalogue) {
        if (!english.has(key)) problems.push({ file, message: entry.id, problem: 'not in English' });
      }
    }
  }
  return problems;
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const root = join(import.meta.dirname, '../../..');
  const problems = catalogueProblems(root);
  for (const { file, message, problem } of problems)
    console.log(`${file}: "${message.slice(0, 70)}": ${problem}`);
  console.log(`${problems.length} problems`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
