import { expect, it } from 'vitest';
import { whenUsed } from './when-used.ts';

it('makes the value the first time it is asked for, once', () => {
  let made = 0;
  const value = whenUsed(() => ({ n: ++made }));
  expect(made).toBe(0);
  expect(value()).toBe(value());
  expect(made).toBe(1);
});
