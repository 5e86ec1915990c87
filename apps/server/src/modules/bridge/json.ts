// The bridge's JSON body parser. JSON.parse reads every number as a double, so a balance delta of
// 1234567890123456.78 would arrive as 1234567890123456.8. This parser keeps the exact text of each
// event's money fields (`delta`, `price`), which the shared schema then checks and the service
// hands to SQL as numeric; every other number is an ordinary number, exactly as JSON.parse gives.
import { parse } from 'lossless-json';
import { invalid } from '../../errors.ts';

/** A number as written in the body, before we decide how to read it. */
class NumberText {
  constructor(readonly text: string) {}
}

const MONEY_FIELDS = new Set(['delta', 'price']);

/**
 * The deepest nesting a bridge body may have. A batch is three levels deep and an event's own
 * fields a few more; anything near this is junk. Refusing it before parsing keeps every later step
 * (the parser, the pass below, the schema) well clear of the stack's limit, whatever the stack
 * already holds when the request arrives.
 */
export const MAX_BRIDGE_DEPTH = 32;

/**
 * Parses a bridge body. Answers the same value as JSON.parse (the last of duplicate keys wins),
 * except that `events[i].delta` and `events[i].price`, when they are numbers, are their exact
 * decimal text. Like Fastify's own parser, it refuses `__proto__` keys and `constructor.prototype`.
 */
export function parseBridgeBody(body: string): unknown {
  const text = body.charCodeAt(0) === 0xfeff ? body.slice(1) : body;
  if (nestingDepth(text) > MAX_BRIDGE_DEPTH) {
    throw invalid('malformed_json', `Body is not valid JSON: nested more than ${MAX_BRIDGE_DEPTH} deep`);
  }
  let value: unknown;
  try {
    value = parse(text, null, {
      parseNumber: (source) => new NumberText(source),
      onDuplicateKey: ({ newValue }) => newValue,
    });
  } catch (err) {
    if (err instanceof SyntaxError || err instanceof RangeError) {
      throw invalid('malformed_json', `Body is not valid JSON: ${err.message}`);
    }
    throw err;
  }
  const events =
    isRecord(value) && Array.isArray(value.events) ? new Set<unknown>(value.events as unknown[]) : null;
  return plain(value, events);
}

/**
 * How deep the text's brackets go, outside strings. Unbalanced or otherwise broken text is left
 * for the parser to refuse; this only bounds how far it, and what follows it, will recurse.
 */
export function nestingDepth(text: string): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > deepest) deepest = depth;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return deepest;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Turns parsed numbers into numbers, except an event's money fields, which stay text. */
function plain(value: unknown, events: Set<unknown> | null): unknown {
  if (value instanceof NumberText) return Number(value.text);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = plain(value[i], events);
    return value;
  }
  if (!isRecord(value)) return value;
  const isEvent = events?.has(value) ?? false;
  for (const key of Object.keys(value)) {
    if (key === '__proto__') throw invalid('malformed_json', 'Object contains forbidden prototype property');
    if (key === 'constructor' && isRecord(value[key]) && Object.hasOwn(value[key], 'prototype')) {
      throw invalid('malformed_json', 'Object contains forbidden prototype property');
    }
    const field = value[key];
    value[key] =
      isEvent && field instanceof NumberText && MONEY_FIELDS.has(key) ? field.text : plain(field, events);
  }
  return value;
}
