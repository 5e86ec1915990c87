// Finds words a reader would see that are written into the web app's code instead of going through
// the catalogues (docs/translations.md): text between JSX tags outside <Trans>, string values of
// the attributes and props that are read or heard (aria-label, alt, title, placeholder...), and
// strings and templates with words given to what shows them (a toast, a label or title field of an
// object, a JSX child). The test (src/app/translations.test.ts) fails on any it finds; run it alone
// with `node --import tsx apps/web/scripts/untranslated.ts [files]`.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseSync, Visitor } from 'rolldown/utils';

/** Props and attributes whose value is read or heard. */
const VISIBLE_PROPS = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'aria-placeholder',
  'alt',
  'title',
  'placeholder',
  'label',
  'heading',
  'description',
  'hint',
  'caption',
  'summary',
  'legend',
  'message',
  'emptyText',
  'emptyMessage',
  'tooltip',
  'confirmLabel',
  'cancelLabel',
  'actionLabel',
  'submitLabel',
  'loadingLabel',
  'subtitle',
  'eyebrow',
  'badge',
  'note',
  'detail',
  'text',
]);

/** Object fields that hold what a page shows (a nav link's label, a tab's title). */
const VISIBLE_FIELDS = new Set([...VISIBLE_PROPS].filter((name) => !name.includes('-')));

/** Lingui's macros: what they are given is a message, extracted into the catalogues. */
const MACROS = new Set(['t', 'msg', 'defineMessage', 'plural', 'select', 'selectOrdinal']);

/** Functions whose string argument is shown: a toast, an alert. */
const SHOWING_CALLS = new Set(['toast', 'showToast', 'notify', 'alert', 'confirm', 'setError', 'setMessage']);

/**
 * What is the same in every language: no letter at all (a dash, a number, "·"), the site's and the
 * game's proper names, units and abbreviations the game itself shows.
 */
const SAME_IN_EVERY_LANGUAGE = new Set([
  'Vaultbreak',
  'Discord',
  'Minecraft',
  'RCON',
  'XP',
  'TPS',
  'ms',
  'MB',
  'KB',
  'GB',
]);

export interface Untranslated {
  file: string;
  line: number;
  text: string;
}

const isWords = (text: string) => {
  const trimmed = text.replace(/\s+/g, ' ').trim();
  return /\p{L}/u.test(trimmed) && !SAME_IN_EVERY_LANGUAGE.has(trimmed);
};

type Node = { type: string; start: number; end: number; [key: string]: unknown };

/** What `source` (a module of the web app) shows without a catalogue. */
export function untranslatedIn(file: string, source: string): Untranslated[] {
  const found: Untranslated[] = [];
  const lineOf = (offset: number) => source.slice(0, offset).split('\n').length;
  const report = (node: Node, text: string) =>
    found.push({ file, line: lineOf(node.start), text: text.replace(/\s+/g, ' ').trim().slice(0, 80) });
  const { program, errors } = parseSync(file, source, { lang: file.endsWith('.tsx') ? 'tsx' : 'ts' });
  if (errors.length > 0) throw new Error(`${file}: ${errors[0]!.message}`);

  // A string or template with words, or either branch of a condition that is one.
  const wordsOf = (value: Node | null | undefined): Node[] => {
    if (!value) return [];
    if (value.type === 'Literal' && typeof value.value === 'string' && isWords(value.value)) return [value];
    if (value.type === 'TemplateLiteral') {
      const quasis = value.quasis as Array<{ value: { cooked: string } }>;
      return isWords(quasis.map((quasi) => quasi.value.cooked).join(' ')) ? [value] : [];
    }
    if (value.type === 'ConditionalExpression')
      return [...wordsOf(value.consequent as Node), ...wordsOf(value.alternate as Node)];
    if (value.type === 'LogicalExpression') return wordsOf(value.right as Node);
    if (value.type === 'JSXExpressionContainer') return wordsOf(value.expression as Node);
    return [];
  };
  const textOf = (node: Node) =>
    node.type === 'Literal'
      ? String(node.value)
      : (node.quasis as Array<{ value: { cooked: string } }>).map((quasi) => quasi.value.cooked).join('…');

  // <Trans> holds its own words; so do the macros' tagged templates (t`...`, msg`...`) and the
  // descriptors given to them (t({ message, comment })).
  let inTrans = 0;
  let inMacro = 0;
  const attributeValues = new Set<number>();
  const elementName = (node: Node) => {
    const name = (node.openingElement as Node).name as Node;
    return name.type === 'JSXIdentifier' ? String(name.name) : '';
  };
  const isMacroCall = (node: Node) => {
    const callee = node.callee as Node;
    return callee.type === 'Identifier' && MACROS.has(String(callee.name));
  };
  const handlers: Record<string, (node: Node) => void> = {
    JSXElement(node: Node) {
      if (['Trans', 'Plural', 'Select', 'SelectOrdinal'].includes(elementName(node))) inTrans++;
    },
    'JSXElement:exit'(node: Node) {
      if (['Trans', 'Plural', 'Select', 'SelectOrdinal'].includes(elementName(node))) inTrans--;
    },
    JSXText(node: Node) {
      if (inTrans === 0 && isWords(String(node.value))) report(node, String(node.value));
    },
    JSXExpressionContainer(node: Node) {
      if (inTrans > 0 || attributeValues.has(node.start)) return;
      const expression = node.expression as Node;
      // A child of an element: {'words'} or {`${n} players`} or {cond ? 'a' : 'b'}.
      for (const words of expression.type === 'JSXEmptyExpression' ? [] : wordsOf(expression)) {
        report(words, textOf(words));
      }
    },
    JSXAttribute(node: Node) {
      const name = node.name as Node;
      const key = name.type === 'JSXIdentifier' ? String(name.name) : '';
      const value = node.value as Node | null;
      // An attribute's {…} is its own: words there count only for a visible attribute.
      if (value?.type === 'JSXExpressionContainer') attributeValues.add(value.start);
      if (!VISIBLE_PROPS.has(key) || inTrans > 0) return;
      for (const words of wordsOf(value)) report(words, textOf(words));
    },
    Property(node: Node) {
      if (inMacro > 0) return;
      const key = node.key as Node;
      const field =
        key.type === 'Identifier' ? String(key.name) : key.type === 'Literal' ? String(key.value) : '';
      if (!VISIBLE_FIELDS.has(field)) return;
      for (const words of wordsOf(node.value as Node)) report(words, textOf(words));
    },
    'CallExpression:exit'(node: Node) {
      if (isMacroCall(node)) inMacro--;
    },
    CallExpression(node: Node) {
      if (isMacroCall(node)) inMacro++;
      const callee = node.callee as Node;
      const name =
        callee.type === 'Identifier'
          ? String(callee.name)
          : callee.type === 'MemberExpression'
            ? String((callee.property as Node).name ?? '')
            : '';
      if (!SHOWING_CALLS.has(name)) return;
      for (const argument of node.arguments as Node[]) {
        for (const words of wordsOf(argument)) report(words, textOf(words));
      }
    },
  };
  new Visitor(handlers as never).visit(program as never);
  // An attribute's value in {…} is a JSXExpressionContainer visited above as a child would be: one
  // report per place is enough.
  const seen = new Set<string>();
  return found.filter((entry) => {
    const key = `${entry.line} ${entry.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The web app's modules a reader's words may be in: its sources, not its tests. */
export function webSources(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'locales') walk(path);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name)) {
        files.push(path);
      }
    }
  };
  walk(join(root, 'src'));
  return files.sort();
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  const root = join(import.meta.dirname, '..');
  const files = process.argv.length > 2 ? process.argv.slice(2) : webSources(root);
  let count = 0;
  for (const file of files) {
    for (const entry of untranslatedIn(relative(root, file), readFileSync(file, 'utf8'))) {
      console.log(`${entry.file}:${entry.line}  ${entry.text}`);
      count++;
    }
  }
  console.log(`${count} untranslated`);
  process.exitCode = count > 0 ? 1 : 0;
}
