import { describe, expect, it } from 'vitest';
import { DomainError } from '../../errors.ts';
import { MAX_BRIDGE_DEPTH, nestingDepth, parseBridgeBody } from './json.ts';

const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);

function refusal(body: string): DomainError | undefined {
  try {
    parseBridgeBody(body);
    return undefined;
  } catch (err) {
    expect(err).toBeInstanceOf(DomainError);
    return err as DomainError;
  }
}

describe('nestingDepth', () => {
  it('counts brackets outside strings only, escaped quotes included', () => {
    expect(nestingDepth('1')).toBe(0);
    expect(nestingDepth('{"a":[1,{"b":[]}]}')).toBe(4);
    expect(nestingDepth('{"a":"[[[{{{"}')).toBe(1);
    expect(nestingDepth('{"a":"\\"}')).toBe(1);
    expect(nestingDepth('{"a":"\\"[[["}')).toBe(1);
    expect(nestingDepth('[[]][[[]]]')).toBe(3);
  });
});

describe('parseBridgeBody', () => {
  it(`reads bodies up to ${MAX_BRIDGE_DEPTH} deep`, () => {
    expect(refusal(nestedObjects(MAX_BRIDGE_DEPTH))).toBeUndefined();
    expect(refusal(nestedArrays(MAX_BRIDGE_DEPTH))).toBeUndefined();
    expect(parseBridgeBody('{"a":"[[[[","b":[1]}')).toEqual({ a: '[[[[', b: [1] });
  });

  it('refuses anything deeper with 400 before reading it, however deep', () => {
    for (const depth of [MAX_BRIDGE_DEPTH + 1, 1000, 10_000, 100_000, 1_000_000]) {
      for (const body of [nestedObjects(depth), nestedArrays(depth), `{"events":[${nestedArrays(depth)}]}`]) {
        const err = refusal(body);
        expect(err?.kind, `depth ${depth}`).toBe('invalid');
        expect(err?.message).toBe(`Body is not valid JSON: nested more than ${MAX_BRIDGE_DEPTH} deep`);
      }
    }
  });
});
