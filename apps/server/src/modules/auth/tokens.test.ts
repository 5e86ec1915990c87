import { createHmac, randomUUID } from 'node:crypto';
import { ACCESS_TOKEN_SECONDS } from '@prison/shared/auth';
import { decodeProtectedHeader, jwtVerify, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { accessTokens, InvalidTokenError } from './tokens.ts';

const SECRET = 'tokens-test-secret-0123456789abcdef';
const key = new TextEncoder().encode(SECRET);
const tokens = accessTokens(SECRET);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (header: unknown, payload: unknown, secret = SECRET) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
};

async function refusal(token: string): Promise<InvalidTokenError> {
  const err = await tokens.verify(token).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, token).toBeInstanceOf(InvalidTokenError);
  return err as InvalidTokenError;
}

describe('access tokens (HS256 on node:crypto)', () => {
  const uuid = randomUUID();
  const sid = randomUUID();
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: uuid, sid, roles: ['WEB_ADMIN'], iat: now, exp: now + 900 };

  it('signs tokens that a standard JWT library accepts, and accepts the ones it signs', async () => {
    const ours = await tokens.sign({ uuid, roles: ['WEB_ADMIN'], sid });
    expect(decodeProtectedHeader(ours)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const { payload } = await jwtVerify(ours, key, { algorithms: ['HS256'] });
    expect(payload).toMatchObject({ sub: uuid, sid, roles: ['WEB_ADMIN'] });
    expect(payload.exp! - payload.iat!).toBe(ACCESS_TOKEN_SECONDS);

    const theirs = await new SignJWT({ roles: ['OWNER'], sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(uuid)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(key);
    expect(await tokens.verify(theirs)).toEqual({
      uuid,
      sid,
      roles: ['OWNER'],
      expiresAt: (now + 60) * 1000,
    });
  });

  it('refuses every token not signed by this secret as HS256, or not one of ours', async () => {
    const good = signed({ alg: 'HS256', typ: 'JWT' }, claims);
    const [h, p, s] = good.split('.') as [string, string, string];
    const bad: Record<string, string> = {
      'alg none': `${b64({ alg: 'none' })}.${b64(claims)}.`,
      'alg none, signature kept': `${b64({ alg: 'none' })}.${p}.${s}`,
      // The right key and MAC, but a header naming another algorithm: not what this server writes.
      'header says HS512': signed({ alg: 'HS512', typ: 'JWT' }, claims),
      'critical header extension': signed({ alg: 'HS256', crit: ['b64'], b64: false }, claims),
      'another secret': signed({ alg: 'HS256' }, claims, 'another-secret-0123456789abcdef'),
      'payload changed': `${h}.${b64({ ...claims, roles: ['OWNER'] })}.${s}`,
      'signature cut short': `${h}.${p}.${s.slice(0, 20)}`,
      'signature with padding': `${h}.${p}.${s}=`,
      'four segments': `${good}.${s}`,
      'two segments': `${h}.${p}`,
      empty: '',
      'payload not an object': signed({ alg: 'HS256' }, ['sub', uuid]),
      'payload not JSON': (() => {
        const input = `${h}.${Buffer.from('{"sub":').toString('base64url')}`;
        return `${input}.${createHmac('sha256', SECRET).update(input).digest('base64url')}`;
      })(),
      'no exp': signed({ alg: 'HS256' }, { ...claims, exp: undefined }),
      'exp not a number': signed({ alg: 'HS256' }, { ...claims, exp: String(now + 900) }),
      'not valid before a minute from now': signed({ alg: 'HS256' }, { ...claims, nbf: now + 60 }),
      'sub not a uuid': signed({ alg: 'HS256' }, { ...claims, sub: 'AliceMiner' }),
      'no sid': signed({ alg: 'HS256' }, { ...claims, sid: undefined }),
    };
    for (const [name, token] of Object.entries(bad)) {
      expect((await refusal(token)).expired, name).toBe(false);
    }
  });

  it('tells an expired token apart, from the second its exp names', async () => {
    const token = await tokens.sign({ uuid, roles: [], sid }, now * 1000);
    const exp = now + ACCESS_TOKEN_SECONDS;
    expect((await tokens.verify(token, exp * 1000 - 1)).expiresAt).toBe(exp * 1000);
    const err = await tokens.verify(token, exp * 1000).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidTokenError);
    expect((err as InvalidTokenError).expired).toBe(true);
  });

  it('keeps only string roles', async () => {
    const token = signed({ alg: 'HS256' }, { ...claims, roles: ['OWNER', 7, null, { a: 1 }] });
    expect((await tokens.verify(token)).roles).toEqual(['OWNER']);
    expect((await tokens.verify(signed({ alg: 'HS256' }, { ...claims, roles: 'OWNER' }))).roles).toEqual([]);
  });
});
