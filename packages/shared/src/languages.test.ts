import { describe, expect, it } from 'vitest';
import { LANGUAGES, matchLanguage, negotiateLanguage } from './languages.ts';

describe('matchLanguage', () => {
  it('finds a language exactly, case aside, or by its primary subtag', () => {
    expect(matchLanguage('pt-br', LANGUAGES)).toBe('pt-BR');
    expect(matchLanguage('pt', LANGUAGES)).toBe('pt-BR');
    expect(matchLanguage('pt-PT', LANGUAGES)).toBe('pt-BR');
    expect(matchLanguage('de-AT', LANGUAGES)).toBe('de');
    expect(matchLanguage('RU', LANGUAGES)).toBe('ru');
  });

  it('finds nothing for a language not offered, or for what is no language tag', () => {
    expect(matchLanguage('it', LANGUAGES)).toBeUndefined();
    expect(matchLanguage('de', ['en', 'pl'])).toBeUndefined();
    for (const bad of ['', ' ', 'en_US', '../de', 'de;q=1', '*', null, undefined]) {
      expect(matchLanguage(bad, LANGUAGES), String(bad)).toBeUndefined();
    }
  });
});

describe('negotiateLanguage', () => {
  it('takes the offered language of highest weight, ties in the order written', () => {
    expect(negotiateLanguage('pl,en;q=0.8', LANGUAGES)).toBe('pl');
    expect(negotiateLanguage('it;q=1, fr;q=0.4, ru;q=0.9', LANGUAGES)).toBe('ru');
    expect(negotiateLanguage('es-MX, de', LANGUAGES)).toBe('es');
    expect(negotiateLanguage('pt-PT;q=0.5, pt-BR;q=0.5', LANGUAGES)).toBe('pt-BR');
  });

  it('skips what is refused (q=0) or not offered; * takes the first offered', () => {
    expect(negotiateLanguage('de;q=0, fr', LANGUAGES)).toBe('fr');
    expect(negotiateLanguage('it, *;q=0.1', ['pl', 'en'])).toBe('pl');
    expect(negotiateLanguage('it, nl', LANGUAGES)).toBeUndefined();
  });

  it('reads what it cannot parse as nothing rather than failing', () => {
    for (const header of ['', ';;;', 'q=0.5', 'de;q=abc', ',,,']) {
      expect(() => negotiateLanguage(header, LANGUAGES)).not.toThrow();
    }
    expect(negotiateLanguage('de;q=abc', LANGUAGES)).toBe('de');
    expect(negotiateLanguage(undefined, LANGUAGES)).toBeUndefined();
  });
});
