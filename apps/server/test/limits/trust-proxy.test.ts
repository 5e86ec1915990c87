// Issue 16, limits under abuse: with TRUST_PROXY=on every hop was trusted, so behind a load balancer
// the client's own left-most X-Forwarded-For entry became its address and every per-address limit
// was reset at will. TRUST_PROXY now takes the number of hops or the proxies' addresses: the
// address that counts is the one the trusted proxy appended. Through a real listening server, with
// the search limit (SEARCH_RATE_LIMIT a minute per address) as the witness.

import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, databaseKinds, type TestApp } from '../helpers.ts';

const LIMIT = 3;

/** The status of a search sent over a real connection, from `localAddress`, with X-Forwarded-For. */
function search(port: number, forwardedFor: string | null, localAddress = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = forwardedFor === null ? {} : { 'x-forwarded-for': forwardedFor };
    const req = request(
      { host: '127.0.0.1', port, path: '/api/search?q=ab', headers, localAddress, agent: false },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

let spoofs = 0;
/** A left-most entry the client writes itself, new every time. */
const spoofed = () => `10.${Math.floor(++spoofs / 250)}.${spoofs % 250}.1`;

async function listening(kind: Parameters<typeof createTestApp>[0], trustProxy: string) {
  const t = await createTestApp(kind, { TRUST_PROXY: trustProxy, SEARCH_RATE_LIMIT: String(LIMIT) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { t, port: (t.app.server.address() as AddressInfo).port };
}

describe.each(databaseKinds())('TRUST_PROXY (%s)', (kind) => {
  describe('one trusted hop', () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      ({ t, port } = await listening(kind, '1'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('counts the address the proxy appended: a spoofed left-most entry does not reset the limit', async () => {
      // The proxy (this connection's peer) appends the address it saw: 203.0.113.5.
      for (let i = 0; i < LIMIT; i++) expect(await search(port, `${spoofed()}, 203.0.113.5`)).toBe(200);
      for (let i = 0; i < 3; i++) expect(await search(port, `${spoofed()}, 203.0.113.5`)).toBe(429);
      expect(await search(port, `${spoofed()}, ${spoofed()}, 203.0.113.5`)).toBe(429);
      // Another client behind the same proxy has its own count.
      expect(await search(port, `${spoofed()}, 203.0.113.6`)).toBe(200);
      expect(await search(port, '203.0.113.6')).toBe(200);
    });
  });

  describe("the proxies' addresses", () => {
    let t: TestApp;
    let port: number;
    beforeAll(async () => {
      ({ t, port } = await listening(kind, '127.0.0.1/32, fd00:1::/32'));
    });
    afterAll(async () => {
      await t?.close();
    });

    it('believes X-Forwarded-For only from a peer in the ranges', async () => {
      // From the proxy's address: the appended entry is the client.
      for (let i = 0; i < LIMIT; i++) expect(await search(port, `${spoofed()}, 198.51.100.20`)).toBe(200);
      expect(await search(port, `${spoofed()}, 198.51.100.20`)).toBe(429);
      expect(await search(port, `${spoofed()}, 198.51.100.21`)).toBe(200);

      // From an address outside the ranges, X-Forwarded-For is the client's own say and counts for
      // nothing: it is limited as 127.0.0.2 whatever it writes there.
      for (let i = 0; i < LIMIT; i++)
        expect(await search(port, `198.51.100.${30 + i}`, '127.0.0.2')).toBe(200);
      expect(await search(port, '198.51.100.40', '127.0.0.2')).toBe(429);
      expect(await search(port, `${spoofed()}, 198.51.100.41`, '127.0.0.2')).toBe(429);
      expect(await search(port, null, '127.0.0.2')).toBe(429);
    });
  });
});
