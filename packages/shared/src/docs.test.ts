import { describe, expect, it } from 'vitest';
import {
  compareDocs,
  createDocRequestSchema,
  docContentBytes,
  matchesDocSearch,
  slugify,
  sortDocs,
} from './docs.ts';

describe('slugify', () => {
  it.each([
    ['Joining the Server', 'joining-the-server'],
    ['  Ranks, Levels & Prestige!  ', 'ranks-levels-and-prestige'],
    ["Don't grief: the rules", 'dont-grief-the-rules'],
    ['Crème brûlée — Ærø Straße', 'creme-brulee-aero-strasse'],
    ['Łódź 2024', 'lodz-2024'],
    ['Гайд для новичков', 'gayd-dlya-novichkov'],
    ['Ёлка и йод', 'yolka-i-yod'],
    ['Οδηγός εντολών', 'odigos-entolon'],
    ['G-Kits', 'g-kits'],
    ['--- Season 2 ---', 'season-2'],
  ])('%s -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('gives titles with no Latin reading a usable address', () => {
    expect(slugify('新手指南')).toBe('doc');
    expect(slugify('🔥🔥🔥')).toBe('doc');
    expect(slugify('دليل المبتدئين')).toBe('doc');
  });

  it('keeps long addresses to 80 characters, cut between words', () => {
    const slug = slugify('word '.repeat(60));
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^word(-word)*$/);
    expect(slugify('x'.repeat(200))).toBe('x'.repeat(80));
  });

  it('only ever answers lower-case ASCII letters, digits and single inner hyphens', () => {
    for (const title of ['a\u0000b', '\t\n', 'ÀÉÎÕÜ', 'x__y..z', 'Ⅻ ﬁ ①', '<script>alert(1)</script>']) {
      expect(slugify(title)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
  });
});

describe('createDocRequestSchema', () => {
  it('trims both fields', () => {
    expect(createDocRequestSchema.parse({ title: '  Gangs ', content: '\n# Hi\n ' })).toEqual({
      title: 'Gangs',
      content: '# Hi',
    });
  });

  it.each([
    [{ title: '   ', content: 'x' }, 'Enter a title'],
    [{ title: 'x', content: ' \n\t ' }, 'Write the content'],
    [{ title: 'x'.repeat(201), content: 'x' }, 'Keep the title to 200 characters or fewer'],
    [{ title: 'two\nlines', content: 'x' }, 'The title must be a single line of text'],
    [{ title: 'x', content: 'nul \u0000 here' }, 'The content contains characters that cannot be stored'],
    [{ title: 'lone \ud800', content: 'x' }, 'The title contains characters that cannot be stored'],
  ])('refuses %j', (input, message) => {
    const result = createDocRequestSchema.safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain(message);
  });

  it('accepts a 200-character title and emoji pairs', () => {
    expect(createDocRequestSchema.safeParse({ title: 'x'.repeat(200), content: '🔥' }).success).toBe(true);
  });
});

describe('docs order and search', () => {
  const docs = [
    { title: 'server rules', slug: 'rules' },
    { title: 'Season 10', slug: 'season-10' },
    { title: 'Enchants Guide', slug: 'enchants' },
    { title: 'Season 2', slug: 'season-2' },
    { title: 'Server Rules', slug: 'rules-2' },
  ];

  it('sorts by title, case-insensitively and with numbers in numeric order, then by slug', () => {
    expect(sortDocs(docs).map((d) => d.slug)).toEqual([
      'enchants',
      'season-2',
      'season-10',
      'rules',
      'rules-2',
    ]);
    expect(compareDocs(docs[0]!, docs[0]!)).toBe(0);
  });

  it('searches the title or the slug, trimmed and case-insensitive', () => {
    const titles = (search: string) => docs.filter((d) => matchesDocSearch(d, search)).map((d) => d.slug);
    expect(titles('  SEASON ')).toEqual(['season-10', 'season-2']);
    expect(titles('rules-2')).toEqual(['rules-2']);
    expect(titles('   ')).toHaveLength(5);
    expect(titles('nothing like it')).toEqual([]);
  });

  it('counts content in UTF-8 bytes', () => {
    expect(docContentBytes('abc')).toBe(3);
    expect(docContentBytes('é')).toBe(2);
    expect(docContentBytes('🔥')).toBe(4);
  });
});
