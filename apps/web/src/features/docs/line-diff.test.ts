import { describe, expect, it } from 'vitest';
import { type DiffLine, diffLines, withContext } from './line-diff.ts';

/** A diff written the way a reader sees it: ' same', '-removed', '+added'. */
const shown = (lines: DiffLine[]) =>
  lines.map(({ kind, text }) => `${kind === 'same' ? ' ' : kind === 'added' ? '+' : '-'}${text}`);

describe('diffLines', () => {
  it('marks the lines only the old text has as removed, and those only the new one has as added', () => {
    const before = '# Rules\nNo running.\nNo shouting.\nBe kind.';
    const after = '# Rules\nNo shouting.\nNo spitting.\nBe kind.\nHave fun.';
    expect(shown(diffLines(before, after))).toEqual([
      ' # Rules',
      '-No running.',
      ' No shouting.',
      '+No spitting.',
      ' Be kind.',
      '+Have fun.',
    ]);
  });

  it('puts the removed lines of a replaced block before the added ones', () => {
    expect(shown(diffLines('a\nold 1\nold 2\nz', 'a\nnew 1\nnew 2\nz'))).toEqual([
      ' a',
      '-old 1',
      '-old 2',
      '+new 1',
      '+new 2',
      ' z',
    ]);
  });

  it('reads Windows line ends like Unix ones, and an empty text as no lines', () => {
    expect(shown(diffLines('one\r\ntwo', 'one\ntwo'))).toEqual([' one', ' two']);
    expect(shown(diffLines('', 'first'))).toEqual(['+first']);
    expect(shown(diffLines('last', ''))).toEqual(['-last']);
    expect(diffLines('', '')).toEqual([]);
  });

  it('finds the common lines of two long texts', () => {
    const before = Array.from({ length: 1500 }, (_, i) => `line ${i}`);
    const after = before.filter((_, i) => i % 100 !== 0).map((l, i) => (i === 700 ? `${l} (edited)` : l));
    const diff = diffLines(before.join('\n'), after.join('\n'));
    expect(diff.filter((l) => l.kind === 'removed')).toHaveLength(16);
    expect(diff.filter((l) => l.kind === 'added')).toEqual([{ kind: 'added', text: 'line 708 (edited)' }]);
    expect(diff.filter((l) => l.kind === 'same')).toHaveLength(1484);
  });

  it('shows two texts rewritten end to end as every old line removed and every new one added', () => {
    const before = Array.from({ length: 2500 }, (_, i) => `old ${i}`).join('\n');
    const after = Array.from({ length: 2500 }, (_, i) => `new ${i}`).join('\n');
    const diff = diffLines(before, after);
    expect(diff.slice(0, 2500).every((l) => l.kind === 'removed')).toBe(true);
    expect(diff.slice(2500).every((l) => l.kind === 'added')).toBe(true);
  });
});

describe('withContext', () => {
  const numbered = (n: number) => Array.from({ length: n }, (_, i) => `${i + 1}`).join('\n');

  it('keeps three unchanged lines around each change and counts the ones left out', () => {
    const after = numbered(20).replace('\n10\n', '\n10 changed\n');
    const parts = withContext(diffLines(numbered(20), after));
    expect(parts.map((p) => (p.kind === 'skipped' ? p.count : shown(p.lines)))).toEqual([
      6,
      [' 7', ' 8', ' 9', '-10', '+10 changed', ' 11', ' 12', ' 13'],
      7,
    ]);
  });

  it('joins two changes whose context meets, and shows a lone unchanged line rather than counting it', () => {
    const meeting = numbered(9).replace('\n2\n', '\n2!\n').replace('\n7\n', '\n7!\n');
    expect(withContext(diffLines(numbered(9), meeting), 2).map((p) => p.kind)).toEqual(['lines']);
    // Lines 1 to 4 and 6 to 9 are shown around the changes: line 5 alone between them is too.
    const apart = numbered(9).replace('\n2\n', '\n2!\n').replace('\n8\n', '\n8!\n');
    expect(withContext(diffLines(numbered(9), apart), 2).map((p) => p.kind)).toEqual(['lines']);
    const further = numbered(10).replace('\n2\n', '\n2!\n').replace('\n9\n', '\n9!\n');
    expect(withContext(diffLines(numbered(10), further), 2)).toContainEqual({ kind: 'skipped', count: 2 });
  });

  it('shows a text without a change whole', () => {
    expect(withContext(diffLines('a\nb', 'a\nb'))).toEqual([
      { kind: 'lines', lines: [same('a'), same('b')] },
    ]);
    expect(withContext([])).toEqual([]);
  });
});

function same(text: string): DiffLine {
  return { kind: 'same', text };
}
