// fast-check generators of hostile input: strings and numbers that break naive code, JSON values and
// raw JSON text (duplicate keys, prototype keys, numbers no double can hold, bad escapes), malformed
// and non-UTF-8 bodies, query strings with bad percent-encoding, and header values.
import fc from 'fast-check';

/** Strings that have broken some parser, database or template somewhere. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDC00x',
  'x\uDBFF',
  '\uFFFE\uFFFF',
  '\uFEFFbom',
  '\u202Eevil',
  '𝕏💎',
  'e\u0301',
  '%00',
  '%FF',
  '../../etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '9223372036854775808',
  '-9223372036854775809',
  "'; drop table players; --",
  '<script>alert(1)</script>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text is the attack.
  '${jndi:ldap://x/a}',
  '\r\n\r\nGET / HTTP/1.1',
  'null',
  '[]',
  '{}',
  '§',
  '§6Gold§',
] as const;

const longString = fc.constantFrom(65, 129, 1025, 5000, 70_000).map((n) => 'x'.repeat(n));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  // NUL is what PostgreSQL refuses outright: worth trying often.
  { weight: 2, arbitrary: fc.constantFrom('\u0000', 'id\u0000', '\u0000\u0000\u0000') },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
  {
    weight: 2,
    arbitrary: fc.string({
      unit: fc.constantFrom('\u0000', '\uD800', '\uDFFF', 'a', 'Z', '_', 'é', '\u{1F48E}', ' ', '"', '\\'),
      maxLength: 16,
    }),
  },
  { weight: 1, arbitrary: longString },
);

/** Numbers at the edges: what doubles, integers, 32-bit, 64-bit and JSON make of them. */
export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      1e308,
      -1e308,
      -0,
      2 ** 63,
      -(2 ** 63),
      2 ** 53 + 2,
      2 ** 31,
      2 ** 32,
      5e-324,
      0.1,
      0.005,
      -1,
      0,
      1,
      1.5,
      1_000_000,
      1_000_001,
      1e36,
    ),
  },
  // NaN and the infinities are written as null by JSON.stringify.
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.integer() },
);

export const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype'] as const;

/** Any JSON value made of hostile parts, with object keys drawn from `fields` and prototype keys. */
export function hostileValue(fields: readonly string[] = []): fc.Arbitrary<unknown> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fields.length ? fc.constantFrom(...fields) : hostileString },
    { weight: 1, arbitrary: fc.constantFrom(...PROTOTYPE_KEYS) },
    { weight: 1, arbitrary: hostileString },
  );
  const { value } = fc.letrec<{ value: unknown; array: unknown[]; object: Record<string, unknown> }>(
    (tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        hostileString,
        hostileNumber,
        fc.boolean(),
        fc.constant(null),
        tie('array'),
        tie('object'),
      ),
      array: fc.array(tie('value'), { maxLength: 4 }),
      object: fc.dictionary(key, tie('value'), { maxKeys: 4 }),
    }),
  );
  return value;
}

/** Number literals that JSON allows but a double cannot hold, or holds surprisingly. */
export const NUMBER_LITERALS = [
  '1e308',
  '1e309',
  '-1e400',
  '-0',
  '-0.0e-0',
  '0.0',
  '9223372036854775808',
  '18446744073709551616',
  `1${'0'.repeat(400)}`,
  `0.${'0'.repeat(400)}1`,
  '123456789012345678901234567890.123456789',
  '5e-324',
  '2.2250738585072014e-308',
  '1E+2',
  '1.5',
  '1',
  '0',
] as const;

/** A JSON string literal for any string, lone surrogates included (JSON.stringify escapes them). */
const stringLiteral = fc.oneof(
  { weight: 4, arbitrary: hostileString.map((s) => JSON.stringify(s)) },
  { weight: 1, arbitrary: fc.constantFrom('"\\uD800"', '"\\u0000"', '"\\uDC00\\uD800"', '"\\/\\b\\f"') },
);

/**
 * Raw JSON text: what JSON.stringify cannot write, such as duplicate keys, `__proto__` keys and
 * number literals beyond a double.
 */
export function jsonText(fields: readonly string[] = []): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...fields, ...PROTOTYPE_KEYS).map((k) => JSON.stringify(k)) },
    { weight: 1, arbitrary: stringLiteral },
  );
  const { value } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      fc.constantFrom(...NUMBER_LITERALS),
      stringLiteral,
      fc.constantFrom('true', 'false', 'null'),
      tie('array'),
      tie('object'),
    ),
    array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
    object: fc
      .array(fc.tuple(key, tie('value')), { maxLength: 5 })
      .map((pairs) => `{${pairs.map(([k, v]) => `${k}:${v}`).join(',')}}`),
  }));
  return value;
}

/** JSON text broken in one of the ways clients and attackers break it. */
export function malformed(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc.oneof(
    fc.tuple(text, fc.nat()).map(([t, n]) => t.slice(0, t.length ? n % t.length : 0)),
    fc
      .tuple(text, fc.nat(), fc.constantFrom(',', '}', ']', '"', ':', '\\', '\u0000', 'NaN', "'", '/*x*/'))
      .map(([t, n, c]) => {
        const at = t.length ? n % t.length : 0;
        return t.slice(0, at) + c + t.slice(at);
      }),
    text.map((t) => `${t}${t}`),
    text.map((t) => `\uFEFF\uFEFF${t}`),
    fc.constantFrom(
      '',
      ' ',
      '{',
      '}',
      '[',
      '{"a":}',
      "{'a':1}",
      '{"a":1,}',
      'NaN',
      'Infinity',
      '-',
      '01',
      '1.',
    ),
  );
}

/** Bytes that are not UTF-8: overlong forms, surrogates, truncated sequences, stray continuations. */
export const BAD_UTF8 = [
  [0xff],
  [0xfe, 0xff],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xe2, 0x82],
  [0x80],
  [0xc3],
] as const;

export const badUtf8 = fc
  .array(fc.constantFrom(...BAD_UTF8), { minLength: 1, maxLength: 3 })
  .map((parts) => Buffer.from(parts.flat()));

/** `arbitrary`'s value with probability `chance`, else undefined. */
export function sometimes<T>(arbitrary: fc.Arbitrary<T>, chance: number): fc.Arbitrary<T | undefined> {
  const weight = Math.round(chance * 100);
  return fc.oneof({ weight, arbitrary }, { weight: 100 - weight, arbitrary: fc.constant(undefined) });
}

/** A body and the content type it is sent with (undefined: no content type header). */
export interface Payload {
  contentType: string | undefined;
  payload: string | Buffer | undefined;
  contentEncoding?: string;
}

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/jsonx',
  'application/json-patch+json',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'application/octet-stream',
  '*/*',
  '',
  ';;;',
  'application/json; charset=',
] as const;

const contentType = fc.oneof(
  { weight: 12, arbitrary: fc.constant('application/json') },
  { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
  { weight: 1, arbitrary: fc.constant(undefined) },
);

/** Deeply nested arrays or objects, as text. */
export const deepNesting = fc
  .tuple(fc.constantFrom(64, 1000, 5000, 10_000, 50_000), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/**
 * Bodies for a route whose valid bodies `valid` generates, with fields `fields`: valid ones, valid
 * ones with one field replaced, removed or added, anything at all, raw and broken JSON text, bytes
 * that are not UTF-8, deep nesting; under a content type that is usually, but not always, JSON.
 */
export function hostileBody(
  valid: fc.Arbitrary<Record<string, unknown>>,
  fields: readonly string[],
): fc.Arbitrary<Payload> {
  const json = (value: unknown) => JSON.stringify(value) ?? 'null';
  const field = fc.constantFrom(...fields);
  const replaced = (value: fc.Arbitrary<unknown>) =>
    fc.tuple(valid, field, value).map(([body, name, v]) => json({ ...body, [name]: v }));
  const text: fc.Arbitrary<string> = fc.oneof(
    { weight: 5, arbitrary: valid.map(json) },
    { weight: 3, arbitrary: replaced(hostileString) },
    { weight: 1, arbitrary: replaced(hostileNumber) },
    { weight: 2, arbitrary: replaced(hostileValue(fields)) },
    {
      weight: 1,
      arbitrary: fc.tuple(valid, field).map(([body, name]) => {
        const copy = { ...body };
        delete copy[name];
        return json(copy);
      }),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          valid,
          fc.dictionary(fc.oneof(hostileString, fc.constantFrom(...PROTOTYPE_KEYS)), hostileValue()),
        )
        .map(([body, extra]) => json({ ...body, ...extra })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(valid, field, deepNesting)
        .map(([body, name, nested]) =>
          json({ ...body, [name]: 0 }).replace(`"${name}":0`, `"${name}":${nested}`),
        ),
    },
    { weight: 1, arbitrary: hostileValue(fields).map(json) },
    { weight: 2, arbitrary: jsonText(fields) },
    { weight: 1, arbitrary: malformed(valid.map(json)) },
    { weight: 1, arbitrary: deepNesting },
  );
  const bytes: fc.Arbitrary<Buffer> = fc.oneof(
    fc
      .tuple(field, badUtf8)
      .map(([name, bad]) =>
        Buffer.concat([Buffer.from(`{${JSON.stringify(name)}:"`), bad, Buffer.from('"}')]),
      ),
    fc.tuple(valid, badUtf8).map(([body, bad]) => Buffer.concat([bad, Buffer.from(json(body))])),
    fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  );
  return fc.oneof(
    { weight: 8, arbitrary: fc.record({ contentType, payload: text }) },
    { weight: 2, arbitrary: fc.record({ contentType, payload: bytes }) },
    { weight: 1, arbitrary: fc.record({ contentType, payload: fc.constant(undefined) }) },
  );
}

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes the UTF-8 of a string (lone surrogates become U+FFFD, as a client would send them). */
export const percentEncode = (value: string) => [...Buffer.from(value, 'utf8')].map(hex).join('');

/** A query value or path segment: hostile strings encoded, raw bad bytes, broken percent escapes. */
export const urlPiece: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: hostileString.map(percentEncode) },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ minLength: 1, maxLength: 8 }).map((a) => [...a].map(hex).join('')),
  },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      '%',
      '%G1',
      '%E0%A4%A',
      '%ED%A0%80',
      '%C0%AF',
      '%00',
      '1e308',
      '-0',
      'NaN',
      '9223372036854775808',
      '1e400',
      '0x10',
      '+5',
      '%205',
      '5.5',
      '-5',
      '00005',
      '1',
      '100',
      '101',
      '0',
      '[]',
      'a[b]',
      '%26%3D',
    ),
  },
);

/** A query string (without '?') over the route's own keys and others, with repeats and bare keys. */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : urlPiece },
    { weight: 1, arbitrary: urlPiece },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'limit[]', 'a.b') },
  );
  return fc
    .array(fc.tuple(key, urlPiece, fc.nat(9)), { maxLength: 4 })
    .map((pairs) => pairs.map(([k, v, form]) => (form === 0 ? k : `${k}=${v}`)).join('&'));
}

/** Header text a real client could send: printable Latin-1 (HTTP header values are bytes). */
export const headerText: fc.Arbitrary<string> = hostileString.map((s) =>
  s.replace(/[^\x20-\x7e\xa0-\xff]/g, '?').slice(0, 8192),
);

/** An Authorization header: usually the right one for the route, else one of many wrong ones. */
export function authorization(valid: string | undefined, wrongKinds: readonly string[]) {
  return fc.oneof(
    { weight: 10, arbitrary: fc.constant(valid) },
    { weight: 1, arbitrary: fc.constant(undefined) },
    {
      weight: 3,
      arbitrary: fc.constantFrom(
        '',
        'Bearer',
        'Bearer ',
        'Bearer  ',
        'bearer x',
        'Basic dXNlcjpwYXNz',
        'Bearer a.b.c',
        'Bearer eyJhbGciOiJub25lIiwidHlwIjoiSldUIn0.eyJzdWIiOiJ4IiwiZXhwIjo5OTk5OTk5OTk5fQ.',
        `Bearer eyJhbGciOiJIUzI1NiJ9.e30.${'A'.repeat(43)}`,
        `Bearer ${'A'.repeat(20_000)}`,
        ...(valid
          ? [valid.toLowerCase(), `${valid}x`, `${valid} extra`, valid.replace('Bearer ', 'Bearer\t')]
          : []),
        ...wrongKinds,
      ),
    },
    { weight: 1, arbitrary: headerText.map((s) => `Bearer ${s}`) },
  );
}

/** Idempotency-Key values: absent, fine, and every way of being wrong. */
export const idempotencyKey = fc.oneof(
  { weight: 3, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.uuid() },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'x'.repeat(128),
      'x'.repeat(129),
      'x'.repeat(10_000),
      'clé',
      'tab\there',
      '\u00ff\u00fe',
      'same-key',
      'same-key',
    ),
  },
  { weight: 1, arbitrary: headerText },
);

export const acceptEncoding = fc.constantFrom(
  undefined,
  'gzip',
  'br',
  'deflate',
  '*',
  'identity;q=0',
  'br;q=0, gzip;q=NaN, *;q=0',
  'gzip;q=1e309',
  ',,,;;;',
  'x'.repeat(2000),
);

/** Random IPv4 addresses, so per-address rate limits do not answer every request alone. */
export const clientAddress = fc
  .tuple(fc.integer({ min: 1, max: 223 }), fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map((parts) => parts.join('.'));
