// The deploy/ folder as shipped: Debian's nginx with deploy/nginx's site on the loopback, in front of
// two server processes started with the environment of deploy/systemd's unit, on one PostgreSQL
// database. The site file is rendered by replacing its example values (ports, certificate, cache
// path, upstream addresses) and nothing else, so what is tested is what an operator installs.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { LookupFunction } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect } from 'node:tls';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { openPostgres } from '../../src/db/client.ts';
import { listing, payout } from '../auction-fixtures.ts';
import { freePort } from '../faults/fault-kit.ts';
import { createPostgresDatabase, eventId, fakeWebDist, grantRoles, newPlayer } from '../helpers.ts';
import { type ServerProcess, startServer } from '../server-process.ts';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const DEPLOY = join(ROOT, 'deploy');
const NGINX = '/usr/sbin/nginx';
// The site's example host name: the test's certificate is made for it, and every request resolves it
// to the loopback, so that SNI, Host and the certificate are what a browser would send and check.
const SITE = 'example.net';

function missing(): string | null {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set';
  if (!existsSync(NGINX)) return `nginx is not installed (${NGINX}; apt-get install nginx)`;
  if (spawnSync('openssl', ['version']).status !== 0) return 'the openssl command is not installed';
  return null;
}
const skipped = missing();
const hasSystemdAnalyze = spawnSync('systemd-analyze', ['--version']).status === 0;

const toLoopback: LookupFunction = (_hostname, options, callback) => {
  if (options.all) callback(null, [{ address: '127.0.0.1', family: 4 }]);
  else callback(null, '127.0.0.1', 4);
};

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** `KEY=value` lines, as systemd reads an EnvironmentFile= and Environment= settings. */
function assignments(lines: string[]): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of lines.map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const at = line.indexOf('=');
    env[line.slice(0, at)] = line.slice(at + 1);
  }
  return env;
}

/** The unit's settings of one key, in order. */
const settings = (unit: string, key: string) =>
  unit
    .split('\n')
    .filter((line) => line.startsWith(`${key}=`))
    .map((line) => line.slice(key.length + 1));

/** Replaces each example value of a shipped file, failing loudly when one is no longer there. */
function render(text: string, replacements: Array<[string | RegExp, string]>, file: string): string {
  let out = text;
  for (const [from, to] of replacements) {
    const found = typeof from === 'string' ? out.includes(from) : from.test(out);
    if (!found) throw new Error(`${file} no longer holds ${String(from)}: update this test's rendering`);
    out = typeof from === 'string' ? out.replaceAll(from, to) : out.replace(from, to);
  }
  return out;
}

describe.skipIf(skipped)(
  `two server processes behind nginx on one PostgreSQL database${skipped ? ` (skipped: ${skipped})` : ''}`,
  () => {
    let dir = '';
    let webDist = '';
    const servers: ServerProcess[] = [];
    const sockets: WebSocket[] = [];
    let dropDatabase: (() => Promise<void>) | undefined;
    let nginx: ReturnType<typeof spawn> | undefined;
    let nginxExited: Promise<unknown> = Promise.resolve();
    let nginxOutput = '';
    let cert: Buffer;
    /** The site's ports, and one more per process that reaches that process alone. */
    const port = { http: 0, https: 0, a: 0, b: 0 };
    let unitEnv: Record<string, string>;
    let bridgeToken: string;
    let asset: { path: string; content: Buffer };

    function call(
      to: number,
      path: string,
      {
        method = 'GET',
        headers = {},
        body,
      }: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
    ): Promise<Answer> {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      return new Promise((resolve, reject) => {
        const req = httpsRequest(
          {
            host: SITE,
            port: to,
            path,
            method,
            ca: cert,
            lookup: toLoopback,
            agent: false,
            headers: { ...(payload ? { 'content-type': 'application/json' } : {}), ...headers },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    }

    const json = (answer: Answer) => JSON.parse(answer.body.toString('utf8'));

    /** A live feed through nginx over TLS, with each message it sends. */
    function feed(to: number, path: string, headers: Record<string, string> = {}, host = SITE) {
      const socket = new WebSocket(`wss://${host}:${to}${path}`, { ca: cert, lookup: toLoopback, headers });
      sockets.push(socket);
      const messages: Array<Record<string, unknown>> = [];
      socket.on('message', (data) => messages.push(JSON.parse(String(data))));
      const opened = new Promise<void>((resolve, reject) => {
        socket.once('open', () => resolve());
        socket.once('error', reject);
        socket.once('unexpected-response', (_req, res) =>
          reject(new Error(`${path}: the upgrade was answered ${res.statusCode}`)),
        );
      });
      const next = async (accept: (m: Record<string, unknown>) => boolean, what: string) => {
        const deadline = Date.now() + 15_000;
        for (;;) {
          const found = messages.find(accept);
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`${path}: no ${what}; got ${JSON.stringify(messages)}`);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      return { socket, opened, messages, next };
    }

    const bridge = (events: unknown[]) =>
      call(port.https, '/api/bridge/events', {
        method: 'POST',
        headers: { authorization: `Bearer ${bridgeToken}` },
        body: { events },
      });

    // The world every test below reads: a buyer with money and a password, a seller, a listing.
    const buyer = newPlayer();
    const seller = newPlayer();
    const password = 'behind-the-proxy';
    const sale = listing({ seller: seller.uuid, price: '125', qty: 5 });
    let accessToken: string;

    beforeAll(async () => {
      dir = mkdtempSync(join(tmpdir(), 'deploy-nginx-'));
      execFileSync(
        'openssl',
        [
          'req',
          '-x509',
          '-newkey',
          'ec',
          '-pkeyopt',
          'ec_paramgen_curve:prime256v1',
          '-nodes',
          '-days',
          '2',
          '-subj',
          `/CN=${SITE}`,
          '-addext',
          `subjectAltName=DNS:${SITE},DNS:admin.${SITE}`,
          '-keyout',
          join(dir, 'privkey.pem'),
          '-out',
          join(dir, 'fullchain.pem'),
        ],
        { stdio: 'pipe' },
      );
      cert = readFileSync(join(dir, 'fullchain.pem'));
      for (const key of Object.keys(port) as Array<keyof typeof port>) port[key] = await freePort();

      // The unit's environment: Environment= lines, then the EnvironmentFile= (which systemd reads
      // after them), deploy/systemd/prison.env.example standing in for /etc/prison/prison.env.
      const unit = readFileSync(join(DEPLOY, 'systemd/prison@.service'), 'utf8');
      expect(settings(unit, 'EnvironmentFile')).toEqual(['/etc/prison/prison.env']);
      unitEnv = {
        ...assignments(settings(unit, 'Environment')),
        ...assignments(readFileSync(join(DEPLOY, 'systemd/prison.env.example'), 'utf8').split('\n')),
      };
      // The example's secrets are placeholders the server refuses in production; the install
      // replaces them (deploy/README.md), as the test does.
      expect(unitEnv.JWT_SECRET).toMatch(/^change-me/);
      unitEnv.JWT_SECRET = randomBytes(24).toString('base64url');
      unitEnv.BRIDGE_TOKEN = randomBytes(24).toString('base64url');
      bridgeToken = unitEnv.BRIDGE_TOKEN;

      // A built web app with one hashed script large enough to be compressed, and its Brotli and
      // gzip copies beside it as the web build writes them.
      webDist = fakeWebDist();
      const content = Buffer.from(`export const rows = [${'"a row of the leaderboard",'.repeat(200)}];\n`);
      asset = { path: '/assets/leaderboard-Cq3xT9aZ.js', content };
      writeFileSync(join(webDist, asset.path), content);
      writeFileSync(join(webDist, `${asset.path}.br`), brotliCompressSync(content));
      writeFileSync(join(webDist, `${asset.path}.gz`), gzipSync(content));

      // Started as every server-process test starts the server (server-process.ts), with the unit's
      // environment: each instance's %i is its port.
      const database = await createPostgresDatabase();
      dropDatabase = database.drop;
      const started = await Promise.allSettled(
        (['a', 'b'] as const).map(async (name) => {
          const instance = String(await freePort());
          const env = Object.fromEntries(
            Object.entries(unitEnv).map(([key, value]) => [key, value.replaceAll('%i', instance)]),
          );
          return startServer({
            ...env,
            // What the machine gives each instance: its StateDirectory=, and the operator's database.
            DATA_DIR: join(dir, `data-${name}`),
            DATABASE_URL: database.url,
            PUBLIC_URL: `https://${SITE}:${port.https}`,
            WEB_DIST: webDist,
            SEARCH_RATE_LIMIT: '3',
          });
        }),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      for (const result of started) if (result.status === 'rejected') throw result.reason;
      const [a, b] = servers as [ServerProcess, ServerProcess];

      const siteFile = join(DEPLOY, 'nginx/prison.conf');
      const site = render(
        readFileSync(siteFile, 'utf8'),
        [
          [/^\s*listen \[::\].*\n/gm, ''],
          ['listen 80;', `listen 127.0.0.1:${port.http};`],
          ['listen 443 ', `listen 127.0.0.1:${port.https} `],
          [`/etc/letsencrypt/live/${SITE}/`, `${dir}/`],
          ['/var/lib/nginx/prison-assets', join(dir, 'cache')],
          ['/var/www/html', join(dir, 'www')],
          [
            /server 127\.0\.0\.1:\d+;\n\s*server 127\.0\.0\.1:\d+;/,
            `server 127.0.0.1:${a.port};\n    server 127.0.0.1:${b.port};`,
          ],
        ],
        siteFile,
      );
      mkdirSync(join(dir, 'snippets'));
      writeFileSync(join(dir, 'prison.conf'), site);
      const proxyFile = join(DEPLOY, 'nginx/snippets/prison-proxy.conf');
      const proxy = readFileSync(proxyFile, 'utf8');
      writeFileSync(join(dir, 'snippets/prison-proxy.conf'), proxy);
      writeFileSync(
        join(dir, 'snippets/prison-tls.conf'),
        readFileSync(join(DEPLOY, 'nginx/snippets/prison-tls.conf')),
      );
      // One more server block per process, with the site's own proxying, so that a test can choose
      // which process answers: the site's upstream would choose for it.
      const pinned = (name: 'a' | 'b', server: ServerProcess) => {
        const file = `snippets/prison-proxy-${name}.conf`;
        writeFileSync(
          join(dir, file),
          render(proxy, [['http://prison;', `http://prison_${name};`]], proxyFile),
        );
        return `
    upstream prison_${name} { server 127.0.0.1:${server.port}; keepalive 4; }
    server {
      listen 127.0.0.1:${port[name]} ssl;
      server_name ${SITE};
      ssl_certificate ${dir}/fullchain.pem;
      ssl_certificate_key ${dir}/privkey.pem;
      include snippets/prison-tls.conf;
      include ${file};
    }`;
      };
      // Debian's nginx.conf (gzip on for every site included), less what needs root: its paths
      // under /var, and (unless root) its user.
      const temp = (name: string) => `${name}_temp_path ${join(dir, 'temp', name)};`;
      writeFileSync(
        join(dir, 'nginx.conf'),
        `${process.getuid?.() === 0 ? `user ${userInfo().username};` : ''}
worker_processes 1;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  gzip on;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include prison.conf;
  ${pinned('a', a)}
  ${pinned('b', b)}
}
`,
      );
      mkdirSync(join(dir, 'temp'));
      nginx = spawn(
        NGINX,
        [
          '-p',
          dir,
          '-c',
          join(dir, 'nginx.conf'),
          '-g',
          `daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'error.log')} warn;`,
        ],
        { stdio: ['ignore', 'pipe', 'pipe'] },
      );
      nginx.stdout!.on('data', (chunk) => (nginxOutput += chunk));
      nginx.stderr!.on('data', (chunk) => (nginxOutput += chunk));
      nginxExited = new Promise((resolve) => nginx!.once('exit', resolve));
      let exited = false;
      nginxExited.then(() => (exited = true));
      const deadline = Date.now() + 15_000;
      for (;;) {
        const ready = await Promise.all(
          [port.https, port.a, port.b].map((to) =>
            call(to, '/readyz').then(
              (answer) => answer.status === 200,
              () => false,
            ),
          ),
        );
        if (ready.every(Boolean)) break;
        if (exited || Date.now() > deadline) {
          const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
          throw new Error(`nginx did not start:\n${nginxOutput}\n${log}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }

      const seeded = await bridge([
        buyer.join,
        payout(buyer.uuid, '1000'),
        { id: eventId('pw'), type: 'account.password', uuid: buyer.uuid, password },
        seller.join,
        sale.event,
      ]);
      expect(seeded.status, seeded.body.toString()).toBe(200);
      // The buyer is staff too, so that the console's own feed opens (on the admin host).
      const db = await openPostgres(database.url, () => {});
      await grantRoles(db.db, buyer.uuid, ['ADMIN']);
      await db.close();
      // Signed in through process A with a made-up address in front of the real one.
      const login = await call(port.a, '/api/auth/player-login', {
        method: 'POST',
        headers: { 'x-forwarded-for': '203.0.113.9' },
        body: { username: buyer.username, password },
      });
      expect(login.status, login.body.toString()).toBe(200);
      accessToken = json(login).access_token;
    }, 120_000);

    afterAll(async () => {
      for (const socket of sockets) socket.terminate();
      if (nginx && nginx.exitCode === null) {
        nginx.kill('SIGTERM');
        await nginxExited;
      }
      await Promise.all(
        servers.map(async (server) => {
          server.proc.kill('SIGTERM');
          const stopped = await Promise.race([
            server.exited.then(() => true),
            new Promise((resolve) => setTimeout(() => resolve(false), 15_000)),
          ]);
          if (!stopped) server.proc.kill('SIGKILL');
        }),
      );
      await dropDatabase?.();
      for (const path of [dir, webDist]) if (path) rmSync(path, { recursive: true, force: true });
    });

    it('runs each process as the unit says: production, on the loopback, believing one proxy', () => {
      expect(unitEnv).toMatchObject({ NODE_ENV: 'production', HOST: '127.0.0.1', TRUST_PROXY: '1' });
      // The unit starts what `npm start` starts, from the checkout (its WorkingDirectory=).
      const unit = readFileSync(join(DEPLOY, 'systemd/prison@.service'), 'utf8');
      expect(settings(unit, 'ExecStart')).toEqual(['/usr/local/bin/node scripts/start.mjs']);
      expect(JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).scripts.start).toMatch(
        /scripts\/start\.mjs/,
      );
    });

    it.skipIf(!hasSystemdAnalyze)(
      `is a unit systemd accepts${hasSystemdAnalyze ? '' : ' (skipped: systemd-analyze is not installed)'}`,
      () => {
        // As an instance, the way systemctl starts it, with this machine's node for ExecStart.
        const unitDir = join(dir, 'units');
        mkdirSync(unitDir, { recursive: true });
        const unit = readFileSync(join(DEPLOY, 'systemd/prison@.service'), 'utf8');
        writeFileSync(
          join(unitDir, 'prison@8081.service'),
          unit.replace('ExecStart=/usr/local/bin/node ', `ExecStart=${process.execPath} `),
        );
        const verified = spawnSync('systemd-analyze', ['verify', join(unitDir, 'prison@8081.service')], {
          encoding: 'utf8',
        });
        expect(`${verified.stdout}${verified.stderr}`.trim()).toBe('');
        expect(verified.status).toBe(0);
      },
    );

    it('redirects plain HTTP to HTTPS, path and query kept', async () => {
      const answer = await new Promise<Answer>((resolve, reject) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: port.http, path: '/auction/blocks?sort=price', headers: { host: SITE } },
          (res) => {
            res.resume();
            res.on('end', () =>
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.alloc(0) }),
            );
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe(`https://${SITE}/auction/blocks?sort=price`);
    });

    it('refuses TLS for a name the site does not serve', async () => {
      const handshake = (servername: string | undefined) =>
        new Promise<string>((resolve) => {
          const socket = tlsConnect({
            host: '127.0.0.1',
            port: port.https,
            ca: cert,
            ...(servername ? { servername } : {}),
          });
          socket.once('secureConnect', () => {
            socket.destroy();
            resolve('connected');
          });
          socket.once('error', (err) => resolve(err.message));
        });
      expect(await handshake('other.example.org')).toMatch(/unrecognized name/i);
      expect(await handshake(undefined)).toMatch(/unrecognized name/i);
      expect(await handshake(SITE)).toBe('connected');
    });

    it("shows a purchase made through one process on the seller's live balance through the other", async () => {
      const live = feed(port.b, `/api/players/${seller.uuid}/ws`);
      await live.opened;
      const before = (await live.next((m) => m.player !== undefined, "the seller's page")).player as {
        balance: number | string;
      };
      expect(Number(before.balance)).toBe(0);

      const bought = await call(port.a, '/api/auction/purchase', {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'idempotency-key': randomUUID() },
        body: { id: sale.id, qty: 2 },
      });
      expect(bought.status, bought.body.toString()).toBe(200);

      await live.next(
        (m) => Number((m.player as { balance?: unknown } | undefined)?.balance) === 250,
        "the seller's new balance",
      );
    });

    it('counts the real client for per-address limits, whatever X-Forwarded-For it sends', async () => {
      // SEARCH_RATE_LIMIT=3 a minute, through the site's upstream: each search claims to come from
      // somewhere else.
      const searches = [];
      for (let i = 1; i <= 4; i++) {
        const headers = { 'x-forwarded-for': `198.51.100.${i}` };
        searches.push((await call(port.https, `/api/search?q=P_${i}`, { headers })).status);
      }
      expect(searches).toEqual([200, 200, 200, 429]);
      // The sign-in (beforeAll) claimed 203.0.113.9: its session records where it really came from.
      const answer = await call(port.a, '/api/auth/sessions', {
        headers: { authorization: `Bearer ${accessToken}` },
      });
      expect(answer.status).toBe(200);
      expect(json(answer).sessions.map((s: { address: string }) => s.address)).toEqual(['127.0.0.1']);
    });

    it('upgrades every live feed the server has, with the long timeouts of the feed location', async () => {
      const openapi = await call(port.https, '/api/openapi.json', {
        headers: { 'accept-encoding': 'identity' },
      });
      // A feed answers a plain GET with 426 Upgrade Required.
      const feeds = Object.entries(json(openapi).paths as Record<string, { get?: { responses?: object } }>)
        .filter(([, item]) => item.get?.responses && '426' in item.get.responses)
        .map(([path]) => path)
        .sort();
      // How to open each: a new feed fails here until it is listed, and checked below.
      const opening: Record<string, { path: string; headers?: Record<string, string>; host?: string }> = {
        // The console's feed is on the admin host alone (ADMIN_HOSTS in prison.env).
        '/api/admin/moderation/ws': {
          path: `/api/admin/moderation/ws?token=${accessToken}`,
          host: `admin.${SITE}`,
        },
        '/api/bridge/ws': { path: '/api/bridge/ws', headers: { authorization: `Bearer ${bridgeToken}` } },
        '/api/docs/ws': { path: '/api/docs/ws' },
        '/api/gangs/ws': { path: '/api/gangs/ws' },
        '/api/players/{uuid}/ws': { path: `/api/players/${seller.uuid}/ws` },
        '/api/social/ws': { path: `/api/social/ws?token=${accessToken}` },
        '/ws/leaderboard': { path: '/ws/leaderboard' },
        '/ws/players': { path: '/ws/players' },
      };
      expect(feeds).toEqual(Object.keys(opening).sort());

      const proxy = readFileSync(join(DEPLOY, 'nginx/snippets/prison-proxy.conf'), 'utf8');
      const feedLocation = /location ~ (\S+) \{\n\s*proxy_pass [^\n]+\n\s*proxy_read_timeout/.exec(proxy);
      expect(feedLocation, 'the feed location of prison-proxy.conf').not.toBeNull();
      const feedPattern = new RegExp(feedLocation![1]!);
      for (const [route, { path, headers, host = SITE }] of Object.entries(opening)) {
        expect(feedPattern.test(path.split('?')[0]!), `${route} is in the feed location`).toBe(true);
        // A page of the site opens its feeds with its own origin.
        const origin = { origin: `https://${host}:${port.https}` };
        const live = feed(port.https, path, { ...origin, ...headers }, host);
        await live.opened;
        // Every feed but the game server's sends its state on connect.
        if (route !== '/api/bridge/ws') await live.next(() => true, 'first message');
        live.socket.close();
      }
    });

    it('sends hashed files compressed as built, cached for a year, and kept by nginx', async () => {
      for (const [encoding, decode] of [
        ['br', brotliDecompressSync],
        ['gzip', gunzipSync],
      ] as const) {
        const first = await call(port.https, asset.path, { headers: { 'accept-encoding': encoding } });
        expect(first.status).toBe(200);
        expect(first.headers['content-encoding']).toBe(encoding);
        expect(first.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(decode(first.body).equals(asset.content)).toBe(true);
        const again = await call(port.https, asset.path, { headers: { 'accept-encoding': encoding } });
        expect(again.headers['x-cache-status']).toBe('HIT');
        expect(again.headers['content-encoding']).toBe(encoding);
        expect(decode(again.body).equals(asset.content)).toBe(true);
      }
      const plain = await call(port.https, asset.path, { headers: { 'accept-encoding': 'identity' } });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(asset.content)).toBe(true);
      // A file no process has is a 404, and stays one: a stale name is never kept.
      const stale = await call(port.https, '/assets/leaderboard-0ld0ld00.js');
      expect(stale.status).toBe(404);
      expect((await call(port.https, '/assets/leaderboard-0ld0ld00.js')).headers['x-cache-status']).not.toBe(
        'HIT',
      );
    });

    it('compresses each answer once, in the server process', async () => {
      // A large JSON answer: compressed by the process, passed on as it is (one decompression gives JSON).
      const openapi = await call(port.https, '/api/openapi.json', { headers: { 'accept-encoding': 'gzip' } });
      expect(openapi.headers['content-encoding']).toBe('gzip');
      expect(() => JSON.parse(gunzipSync(openapi.body).toString('utf8'))).not.toThrow();
      // A page: compressed by the process too (one decompression gives the HTML).
      const page = await call(port.https, '/leaderboard', { headers: { 'accept-encoding': 'gzip' } });
      expect(page.status).toBe(200);
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(page.body).toString('utf8')).toMatch(/^<!doctype html>/i);
      // An answer too small for the process to compress is not compressed by nginx either.
      const small = await call(port.https, '/healthz', { headers: { 'accept-encoding': 'gzip' } });
      expect(small.status).toBe(200);
      expect(small.body.length).toBeLessThan(1024);
      expect(small.headers['content-encoding']).toBeUndefined();
    });
  },
);
