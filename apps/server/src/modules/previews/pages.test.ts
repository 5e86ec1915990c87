import { describe, expect, it } from 'vitest';
import { docSummary } from './pages.ts';

describe("a doc's description", () => {
  it('is its text without markdown or HTML', () => {
    expect(
      docSummary(
        '## Getting started\n\n> Read this first.\n\n- Open **the launcher**\n- Add `play.example.org`\n\n' +
          '```\nsecret code\n```\n<div>Raw</div> ![logo](/l.png) [guide](https://x.y/z)',
      ),
    ).toBe('Getting started Read this first. Open the launcher Add play.example.org Raw logo guide');
  });

  it('leaves out a first heading that repeats the title', () => {
    expect(docSummary('# Enchants Guide\n\nYour pickaxe is your career.', 'Enchants guide')).toBe(
      'Your pickaxe is your career.',
    );
    expect(docSummary('# Before you start\n\nRead this.', 'Enchants guide')).toBe(
      'Before you start Read this.',
    );
  });

  it('stops at a word before 160 characters, with an ellipsis', () => {
    const summary = docSummary(`${'Mining pays better deeper down, '.repeat(10)}end.`);
    expect(summary).toBe(`${'Mining pays better deeper down, '.repeat(4)}Mining pays better deeper…`);
    expect(summary.length).toBeLessThanOrEqual(158);
  });
});
