import { describe, expect, it } from 'vitest';
import { filterDocs, hashSlug, readingMinutes, selectDoc, withoutRepeatedTitle } from './doc-selection.ts';

const docs = [
  { title: 'Enchants Guide', slug: 'enchants', content: '', revision: 1 },
  { title: 'Gangs', slug: 'gangs', content: '', revision: 1 },
  { title: 'Server Rules', slug: 'rules', content: '', revision: 1 },
];

describe('selectDoc', () => {
  it('selects nothing before the list has loaded or when it is empty', () => {
    expect(selectDoc(undefined, 'gangs', null)).toBeNull();
    expect(selectDoc([], null, null)).toBeNull();
  });

  it('selects the doc named by ?doc=, and nothing when no doc has that slug', () => {
    expect(selectDoc(docs, 'rules', 'gangs')?.slug).toBe('rules');
    expect(selectDoc(docs, 'missing', null)).toBeNull();
  });

  it('selects the doc a #hash names when ?doc= is absent, else the first', () => {
    expect(selectDoc(docs, null, 'gangs')?.slug).toBe('gangs');
    expect(selectDoc(docs, null, 'your-gang')?.slug).toBe('enchants');
    expect(selectDoc(docs, '', null)?.slug).toBe('enchants');
  });
});

describe('hashSlug', () => {
  it('reads the hash, decoded', () => {
    expect(hashSlug('#gangs')).toBe('gangs');
    expect(hashSlug('#g%C3%A4ngs')).toBe('gängs');
    expect(hashSlug('')).toBeNull();
    expect(hashSlug('#')).toBeNull();
    expect(hashSlug('#%E0%A4%A')).toBeNull();
  });
});

describe('filterDocs', () => {
  it('matches the title or the slug, trimmed and case-insensitive', () => {
    expect(filterDocs(docs, '  GUIDE ').map((d) => d.slug)).toEqual(['enchants']);
    expect(filterDocs(docs, 'rules').map((d) => d.slug)).toEqual(['rules']);
    expect(filterDocs(docs, 'zzz')).toEqual([]);
  });
});

describe('withoutRepeatedTitle', () => {
  it('drops a first heading that repeats the title', () => {
    expect(withoutRepeatedTitle('# Gangs\n\nA crew.', 'Gangs')).toBe('\nA crew.');
    expect(withoutRepeatedTitle('\n#  gangs  #\r\nA crew.', 'Gangs')).toBe('A crew.');
    expect(withoutRepeatedTitle('# Gangs', 'Gangs')).toBe('');
  });

  it('keeps any other first heading and text', () => {
    expect(withoutRepeatedTitle('# Gang wars\n\nA crew.', 'Gangs')).toBe('# Gang wars\n\nA crew.');
    expect(withoutRepeatedTitle('Intro\n# Gangs', 'Gangs')).toBe('Intro\n# Gangs');
    expect(withoutRepeatedTitle('## Gangs', 'Gangs')).toBe('## Gangs');
  });
});

describe('readingMinutes', () => {
  it('rounds words at 220 a minute, at least one', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('word '.repeat(660))).toBe(3);
  });
});
