import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LANGUAGES } from '@prison/shared/languages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadServerI18n, parseCatalogue, serverI18n } from './i18n.ts';

const MEMBERS = '{gang}: {count, plural, one {{members} member} other {{members} members}}';
const NOT_FOUND = "We couldn't find that player on {site}.";

/** A catalogue as `npm run i18n:extract` writes one, translated by hand. */
const GERMAN = `msgid ""
msgstr ""
"Content-Type: text/plain; charset=utf-8\\n"
"Language: de\\n"

#. js-lingui-explicit-id
msgid "${MEMBERS}"
msgstr "{gang}: {count, plural, one {{members} Mitglied} other {{members} Mitglieder}}"

#. js-lingui-explicit-id
msgid "Level"
msgstr "Stufe"

#. js-lingui-explicit-id
msgid "Balance"
msgstr ""

#. js-lingui-explicit-id
#, fuzzy
msgid "Prestige"
msgstr "Ansehen"

#~ msgid "Treasury"
#~ msgstr "Kasse"
`;

describe("the server's catalogues", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'server-locales-'));
    mkdirSync(join(dir, 'de'));
    writeFileSync(join(dir, 'de', 'server.po'), GERMAN);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const load = () => loadServerI18n(pathToFileURL(`${dir}/`));

  it('translates a message with a plural and placeholders', () => {
    const { de } = load();
    expect(de._(MEMBERS, { gang: 'Eisenwölfe', count: 1, members: '1' })).toBe('Eisenwölfe: 1 Mitglied');
    expect(de._(MEMBERS, { gang: 'Eisenwölfe', count: 1204, members: '1.204' })).toBe(
      'Eisenwölfe: 1.204 Mitglieder',
    );
    expect(de._('Level')).toBe('Stufe');
  });

  it('shows the English of an empty, fuzzy, obsolete or missing translation', () => {
    const { de } = load();
    expect(de._('Balance')).toBe('Balance');
    expect(de._('Prestige')).toBe('Prestige');
    expect(de._('Treasury')).toBe('Treasury');
    expect(de._(NOT_FOUND, { site: 'Vaultbreak' })).toBe("We couldn't find that player on Vaultbreak.");
  });

  it('writes English when a language has no catalogue yet', () => {
    const { en, fr } = load();
    expect(en._(MEMBERS, { gang: 'Iron Wolves', count: 1, members: '1' })).toBe('Iron Wolves: 1 member');
    expect(fr._(MEMBERS, { gang: 'Iron Wolves', count: 2, members: '2' })).toBe('Iron Wolves: 2 members');
  });

  it('keeps only translated messages, by their English', () => {
    expect(parseCatalogue(GERMAN)).toEqual({
      [MEMBERS]: '{gang}: {count, plural, one {{members} Mitglied} other {{members} Mitglieder}}',
      Level: 'Stufe',
    });
  });

  it('loads the shipped catalogue of every language', () => {
    for (const language of LANGUAGES) {
      expect(serverI18n(language).locale).toBe(language);
      // A message with a placeholder reads in any language, translated or not.
      expect(serverI18n(language)._(NOT_FOUND, { site: 'Vaultbreak' })).toContain('Vaultbreak');
    }
  });
});

it('shows values as they are written, backslashes and all', () => {
  const { en, de } = loadServerI18n(pathToFileURL(`${tmpdir()}/no-such-locales/`));
  for (const i18n of [en, de]) {
    expect(
      i18n._('{title}, in the {site} docs.', { title: 'C:\\x41 \\u0042 \\\\', site: 'Vaultbreak' }),
    ).toBe('C:\\x41 \\u0042 \\\\, in the Vaultbreak docs.');
    expect(i18n._(MEMBERS, { gang: '\\x3cb>', count: 2, members: '2' })).toBe('\\x3cb>: 2 members');
  }
});
