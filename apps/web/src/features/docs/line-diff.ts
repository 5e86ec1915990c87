// A line diff of two texts, for a doc's history: the lines an old revision had that the current text
// does not (removed), and the other way round (added). Longest common subsequence over the lines
// between the first and the last difference.

export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What a diff shows: runs of lines, and counts of unchanged lines left out between them. */
export type DiffPart = { kind: 'lines'; lines: DiffLine[] } | { kind: 'skipped'; count: number };

// Past this many pairs of differing lines (two texts of 2,000 lines each, rewritten end to end), the
// table would cost more than it shows: the old lines are shown removed and the new ones added.
const MAX_PAIRS = 4_000_000;

const splitLines = (text: string) => (text === '' ? [] : text.replace(/\r\n?/g, '\n').split('\n'));

const line = (kind: DiffLine['kind']) => (text: string) => ({ kind, text });
const same = line('same');
const added = line('added');
const removed = line('removed');

/** Every line of `before` and `after`, in order, each same, removed (only in before) or added (only in after). */
export function diffLines(before: string, after: string): DiffLine[] {
  const a = splitLines(before);
  const b = splitLines(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  return [
    ...a.slice(0, start).map(same),
    ...changed(a.slice(start, endA), b.slice(start, endB)),
    ...a.slice(endA).map(same),
  ];
}

function changed(a: string[], b: string[]): DiffLine[] {
  const n = a.length;
  const m = b.length;
  if (n * m > MAX_PAIRS) return [...a.map(removed), ...b.map(added)];
  // common[i * width + j]: the length of the longest common subsequence of a[i..] and b[j..]. Under
  // MAX_PAIRS the shorter side has at most 2,000 lines, so it fits 16 bits.
  const width = m + 1;
  const common = new Uint16Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i * width + j] =
        a[i] === b[j]
          ? common[(i + 1) * width + j + 1]! + 1
          : Math.max(common[(i + 1) * width + j]!, common[i * width + j + 1]!);
    }
  }
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      lines.push(same(a[i++]!));
      j++;
    } else if (common[(i + 1) * width + j]! >= common[i * width + j + 1]!) {
      // Removed lines before the added ones that replace them.
      lines.push(removed(a[i++]!));
    } else {
      lines.push(added(b[j++]!));
    }
  }
  while (i < n) lines.push(removed(a[i++]!));
  while (j < m) lines.push(added(b[j++]!));
  return lines;
}

/**
 * The changed lines with `context` unchanged lines around each change; longer unchanged runs are
 * left out and counted. Texts without a change are one run of every line.
 */
export function withContext(lines: readonly DiffLine[], context = 3): DiffPart[] {
  if (lines.every((l) => l.kind === 'same'))
    return lines.length ? [{ kind: 'lines', lines: [...lines] }] : [];
  const shown = lines.map(() => false);
  lines.forEach((l, index) => {
    if (l.kind === 'same') return;
    for (let k = Math.max(0, index - context); k <= Math.min(lines.length - 1, index + context); k++) {
      shown[k] = true;
    }
  });
  const parts: DiffPart[] = [];
  let index = 0;
  while (index < lines.length) {
    const start = index;
    const visible = shown[index];
    while (index < lines.length && shown[index] === visible) index++;
    // A single unchanged line takes the space of the note that would replace it: it is shown.
    if (visible || index - start === 1) {
      const last = parts.at(-1);
      if (last?.kind === 'lines') last.lines.push(...lines.slice(start, index));
      else parts.push({ kind: 'lines', lines: lines.slice(start, index) });
    } else {
      parts.push({ kind: 'skipped', count: index - start });
    }
  }
  return parts;
}
