// Every word through a catalogue, and every catalogue complete (docs/translations.md, The checks).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { LANGUAGES } from '@prison/shared/languages';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_CATALOGUES } from '../../../../lingui.config.js';
import {
  CATALOGUES,
  catalogueProblems,
  readCatalogue,
  translationProblems,
} from '../../scripts/catalogues.ts';
import { untranslatedIn, webSources } from '../../scripts/untranslated.ts';
import { CATALOGUE_PARTS } from '../lib/catalogue-parts.ts';

const web = join(import.meta.dirname, '../..');
const root = join(web, '../..');

describe('the words of the web app', () => {
  it('all go through the catalogues', () => {
    const found = webSources(web).flatMap((file) =>
      untranslatedIn(relative(web, file), readFileSync(file, 'utf8')).map(
        (entry) => `${entry.file}:${entry.line} ${entry.text}`,
      ),
    );
    expect(found).toEqual([]);
  });

  it("are translated with useLingui's t, which knows the page's language, never the global one", () => {
    const global = webSources(web).filter((file) =>
      /import\s*\{[^}]*\b(t|plural|select|selectOrdinal)\b[^}]*\}\s*from\s*'@lingui\/core\/macro'/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    // plural and select are allowed inside useLingui's t: only a file that also uses the bare t is wrong.
    const wrong = global.filter((file) =>
      /import\s*\{[^}]*\bt\b[^}]*\}\s*from\s*'@lingui\/core\/macro'/.test(readFileSync(file, 'utf8')),
    );
    expect(wrong.map((file) => relative(web, file))).toEqual([]);
  });

  it('the scanner finds what it should', () => {
    const source = `
      import { Trans } from '@lingui/react/macro';
      const TABS = [{ label: 'Overview', key: 'overview' }];
      export function A({ n }: { n: number }) {
        toast('Saved!');
        return (
          <div aria-label="Close dialog" className="flex gap-2" title={n > 1 ? 'Many' : 'One'}>
            Hello there
            <Trans>Fine words</Trans>
            {n > 0 ? 'Some' : '—'} {\`\${n} players\`} · 42
          </div>
        );
      }`;
    expect(untranslatedIn('a.tsx', source).map((entry) => entry.text)).toEqual([
      'Overview',
      'Saved!',
      'Close dialog',
      'Many',
      'One',
      'Hello there',
      'Some',
      '… players',
    ]);
  });
});

describe('the catalogues', () => {
  const scratch = mkdtempSync(join(tmpdir(), 'catalogues-'));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it('hold exactly the messages the code has: run `npm run i18n:extract` after changing one', () => {
    // The same extraction into a scratch folder, compared with what is committed.
    const config = join(scratch, 'lingui.config.mjs');
    writeFileSync(
      config,
      [
        `import config from ${JSON.stringify(join(root, 'lingui.config.js'))};`,
        'export default {',
        '  ...config,',
        `  rootDir: ${JSON.stringify(root)},`,
        '  catalogs: config.catalogs.map((catalog) => ({',
        '    ...catalog,',
        `    path: catalog.path.replace('<rootDir>/apps/', ${JSON.stringify(`${scratch}/`)}),`,
        '  })),',
        '};',
      ].join('\n'),
    );
    const lingui = join(root, 'node_modules/@lingui/cli/dist/lingui.js');
    const run = spawnSync(process.execPath, [lingui, 'extract', '--config', config, '--locale', 'en'], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(run.status, run.stderr || run.stdout).toBe(0);
    for (const template of CATALOGUES) {
      const committed = readCatalogue(join(root, template.replace('{language}', 'en')));
      const extracted = readCatalogue(
        join(scratch, template.replace(/^apps\//, '').replace('{language}', 'en')),
      );
      expect(extracted.size, template).toBeGreaterThan(0);
      const ids = (catalogue: typeof committed) => [...catalogue.values()].map((entry) => entry.id).sort();
      expect(ids(committed), template).toEqual(ids(extracted));
    }
  }, 120_000);

  it('are the ones the app loads', () => {
    expect(CATALOGUE_PARTS).toEqual(['site', ...Object.keys(PAGE_CATALOGUES)]);
  });

  it('of every shipped language are complete, with the placeholders, tags and plurals they need', () => {
    const problems = catalogueProblems(root, LANGUAGES).map(
      ({ file, message, problem }) => `${relative(root, file)}: "${message}": ${problem}`,
    );
    expect(problems).toEqual([]);
  });

  it('find what a translation gets wrong', () => {
    const plural = '{count, plural, one {{shown} player} other {{shown} players}}';
    expect(
      translationProblems(
        plural,
        '{count, plural, one {{shown} gracz} few {{shown} graczy} many {{shown} graczy} other {{shown} gracza}}',
        'pl',
      ),
    ).toEqual([]);
    expect(
      translationProblems(plural, '{count, plural, one {{shown} gracz} other {{shown} graczy}}', 'pl'),
    ).toEqual(['{count, plural} has one, other: pl needs few, many, one, other']);
    expect(translationProblems('Hi <0>{name}</0>', 'Hallo {name}', 'de')).toEqual([
      'tags none where English has </0> <0>',
    ]);
    expect(translationProblems('Hi {name}', 'Hallo {nom}', 'de')).toEqual([
      'placeholders missing: {name}',
      'placeholders English does not have: {nom}',
    ]);
    expect(translationProblems('Hi {name}', 'Hallo {name', 'de')[0]).toMatch(/^not valid ICU MessageFormat/);
  });
});
