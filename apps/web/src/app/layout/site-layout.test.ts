import { describe, expect, it } from 'vitest';
import { scrollKey } from './site-layout.tsx';

const at = (key: string, pathname: string, search = '', hash = '') => ({
  key,
  pathname,
  search,
  hash,
  state: null,
});

describe('scrollKey', () => {
  it('keys an entry opened afresh by its address, so it never takes another page load’s position', () => {
    expect(scrollKey(at('default', '/docs', '', '#gangs'))).toBe('/docs#gangs');
    expect(scrollKey(at('default', '/docs', '?doc=rules'))).toBe('/docs?doc=rules');
  });

  it('keys every other entry by its history key, as React Router does', () => {
    expect(scrollKey(at('k3x9', '/docs', '?doc=rules'))).toBe('k3x9');
  });
});
