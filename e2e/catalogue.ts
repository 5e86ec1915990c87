// What a page says in another language, read from the catalogues the site ships (docs/translations.md):
// the journeys look for the words a translator wrote, so that a better wording does not break them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import PO from 'pofile';

const root = join(import.meta.dirname, '..');
const read = new Map<string, Map<string, string>>();

/** The translation of `english` (its ICU text as the catalogue has it) in `part` of `language`. */
export function said(language: string, part: string, english: string): string {
  const file =
    part === 'server'
      ? `apps/server/src/locales/${language}/server.po`
      : `apps/web/src/locales/${language}/${part}.po`;
  let messages = read.get(file);
  if (!messages) {
    messages = new Map(
      PO.parse(readFileSync(join(root, file), 'utf8')).items.map((item) => [
        item.msgid,
        item.msgstr.join(''),
      ]),
    );
    read.set(file, messages);
  }
  const translation = messages.get(english);
  if (translation === undefined) throw new Error(`${file} has no message "${english}"`);
  return translation || english;
}

/** The words of `message` filled with `values` ({name} placeholders only, no plurals). */
export const filled = (message: string, values: Record<string, string>) =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`);
