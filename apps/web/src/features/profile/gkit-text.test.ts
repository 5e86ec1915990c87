import { GKITS } from '@prison/shared/gkits';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import { GKIT_TEXT } from './gkit-text.ts';

describe('G-Kit text', () => {
  it('has a tagline and a description for every kit of the catalogue, and no other', () => {
    expect(Object.keys(GKIT_TEXT)).toEqual(GKITS.map((kit) => kit.id));
    for (const [id, text] of Object.entries(GKIT_TEXT)) {
      expect(translate(text.tagline).trim(), id).not.toBe('');
      expect(translate(text.description).trim(), id).not.toBe('');
    }
  });
});
