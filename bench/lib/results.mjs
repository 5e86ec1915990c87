// bench/RESULTS.md: a header describing the machine and when each section was run, then one section
// per benchmark between `<!-- bench:NAME {...} -->` and `<!-- /bench:NAME -->`. A benchmark
// replaces its own section (the JSON in the opening marker says when and where it ran) and the
// header, and leaves the other sections as they are.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './harness.mjs';

export const RESULTS = join(root, 'bench/RESULTS.md');
const SECTION = /<!-- bench:([\w-]+) (\{.*\}) -->\n([\s\S]*?)\n<!-- \/bench:\1 -->/g;

/** The sections already in RESULTS.md, in order: `{name, meta, body}`. */
export function readSections(file = RESULTS) {
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(SECTION)].map(([, name, meta, body]) => ({
    name,
    meta: JSON.parse(meta),
    body,
  }));
}

const machineLine = (m) => `${m.cores} cores (${m.cpu}), ${m.memory}`;
const COLUMNS = [
  ['machine', machineLine],
  ['Node', (m) => m.node],
  ['PostgreSQL', (m) => m.postgres],
];

function header(sections) {
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.mjs): each benchmark rewrites this header and its own',
    'section below, between its `<!-- bench:NAME -->` markers, and leaves the other sections as they',
    'are. Figures from one machine and one run: compare the ratios, not the absolute numbers. Every',
    'process (load generator, API servers, bare servers, PostgreSQL) runs on this same machine.',
    '',
    '## Machine',
    '',
  ];
  // What every section shares is said once; what differs gets a column of the table.
  const shared = COLUMNS.filter(([, value]) => new Set(sections.map((s) => value(s.meta))).size === 1);
  const differing = COLUMNS.filter((column) => !shared.includes(column));
  const first = sections[0].meta;
  if (shared.some(([name]) => name === 'machine')) lines.push(`- ${machineLine(first)}`);
  const versions = shared
    .filter(([name]) => name !== 'machine')
    .map(([name, value]) => `${name} ${value(first)}`);
  if (versions.length > 0) lines.push(`- ${versions.join(', ')}`);
  lines.push(
    '',
    `| section | run on | ${differing.map(([name]) => `${name} | `).join('')}free memory at the end |`,
    `|---|---|${differing.map(() => '---|').join('')}---:|`,
    ...sections.map(
      (s) =>
        `| \`npm run bench -- ${s.name}\` | ${s.meta.date} | ` +
        `${differing.map(([, value]) => `${value(s.meta)} | `).join('')}${s.meta.free} |`,
    ),
  );
  return lines.join('\n');
}

/**
 * Puts `body` (markdown, starting with its own `##` title) in place of the section `name`, or
 * after the others if it had none; `meta` is describeMachine()'s answer plus `date`.
 */
export function writeSection(name, meta, body, file = RESULTS) {
  const sections = readSections(file);
  if (existsSync(file) && sections.length === 0 && readFileSync(file, 'utf8').trim() !== '') {
    throw new Error(`${file} has no <!-- bench:NAME --> sections: it would be overwritten`);
  }
  const section = { name, meta, body: body.trim() };
  const at = sections.findIndex((s) => s.name === name);
  if (at >= 0) sections[at] = section;
  else sections.push(section);
  const text = [
    header(sections),
    ...sections.map(
      (s) => `<!-- bench:${s.name} ${JSON.stringify(s.meta)} -->\n${s.body}\n<!-- /bench:${s.name} -->`,
    ),
  ].join('\n\n');
  writeFileSync(file, `${text}\n`);
}
