import fc from 'fast-check';
import { expect, it } from 'vitest';
import { caselessOrder } from './caseless-order.ts';

it("orders names as localeCompare's English order does, for the characters each list's names use", () => {
  expect(['Zeta', 'alpha', 'Beta'].sort(caselessOrder)).toEqual(['alpha', 'Beta', 'Zeta']);
  expect(caselessOrder('Deaths', 'DEATHS')).toBe(0);
  // Enchants (letters, spaces, apostrophes) and the game's stat names (letters and underscores).
  for (const characters of ["abcXYZ '", 'abcXYZ_']) {
    const name = fc.string({ unit: fc.constantFrom(...characters), minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(name, name, (a, b) => {
        fc.pre(a.toLowerCase() !== b.toLowerCase());
        expect(Math.sign(caselessOrder(a, b))).toBe(Math.sign(a.localeCompare(b, 'en')));
      }),
      { numRuns: 2000 },
    );
  }
});
