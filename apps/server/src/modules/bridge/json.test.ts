import { describe, expect, it } from 'vitest';
import { HttpError } from '../../errors.ts';
import { parseBridgeBody } from './json.ts';

describe('parseBridgeBody', () => {
  it('refuses any nesting too deep for the stack with 400, whichever step gives up', () => {
    for (let depth = 1000; depth <= 40_000; depth += 1000) {
      const body = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
      try {
        parseBridgeBody(body);
      } catch (err) {
        expect(err, `depth ${depth}`).toBeInstanceOf(HttpError);
        expect((err as HttpError).statusCode).toBe(400);
      }
    }
  });
});
