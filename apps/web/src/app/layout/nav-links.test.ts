import { describe, expect, it } from 'vitest';
import { isNavActive } from './nav-links.ts';

describe('isNavActive', () => {
  it('marks Home active only on exactly /', () => {
    expect(isNavActive('/', '/')).toBe(true);
    expect(isNavActive('/', '/docs')).toBe(false);
    expect(isNavActive('/', '/profile')).toBe(false);
  });

  it('marks a link active on an exact match', () => {
    expect(isNavActive('/auction', '/auction')).toBe(true);
  });

  it('marks a link active below its path', () => {
    expect(isNavActive('/auction', '/auction/ores')).toBe(true);
    expect(isNavActive('/docs', '/docs/getting-started/more')).toBe(true);
  });

  it('does not match a path that only shares a prefix', () => {
    expect(isNavActive('/auction', '/auctions')).toBe(false);
    expect(isNavActive('/docs', '/docsearch')).toBe(false);
    expect(isNavActive('/social', '/')).toBe(false);
  });
});
