import { describe, expect, it } from 'vitest';
import { isStorableText } from './storable.ts';

describe('isStorableText', () => {
  it('admits any Unicode, characters outside the BMP included', () => {
    for (const text of ['', 'Steve', 'Zoë', '名前', 'pick\u{1F4A0}', '\uFFFD'])
      expect(isStorableText(text)).toBe(true);
  });
  it('refuses NUL and unpaired surrogates, high or low, anywhere', () => {
    for (const text of ['a\u0000b', '\uD800', '\uDFFF\uDFFF', 'a\uDC00', '\uD83D', 'x\uD83Dy']) {
      expect(isStorableText(text)).toBe(false);
    }
  });
});
