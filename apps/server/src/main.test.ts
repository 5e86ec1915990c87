import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spawnServer, startServer } from '../test/server-process.ts';

// Each test starts real server processes, demo world included: give a loaded machine time.
describe('the server process', { timeout: 180_000 }, () => {
  it('refuses a second process on the same DATA_DIR, and ends cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const first = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${first.url}/readyz`)).status).toBe(200);

    const second = spawnServer({ DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toMatch(/Another server process \(pid \d+\) is already using the data directory/);
    // The first one is unharmed.
    expect((await fetch(`${first.url}/healthz`)).status).toBe(200);

    first.proc.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toMatch(/"msg":"stopped"/);
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);

    // The data survives a restart, and the generated secrets are kept.
    const secrets = readFileSync(join(dataDir, 'secrets.json'), 'utf8');
    const again = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${again.url}/readyz`)).status).toBe(200);
    expect(readFileSync(join(dataDir, 'secrets.json'), 'utf8')).toBe(secrets);
    again.proc.kill('SIGINT');
    expect(await again.exited).toBe(0);
  });

  it('ends cleanly on a SIGTERM that comes while demo mode is still starting', async () => {
    // Listening comes before the simulated game server has started: a stop then must not kill the
    // process without closing the database (signals are handled from the moment it listens).
    const starting = await startServer({ DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')), DEMO: 'on' });
    starting.proc.kill('SIGTERM');
    expect(await starting.exited, starting.output()).toBe(0);
    expect(starting.output()).toMatch(/"msg":"stopped"/);
    // On a Node past its end of life the log says so, once; on a current one it says nothing.
    const warnings = starting.output().match(/gets no more security fixes/g) ?? [];
    expect(warnings).toHaveLength(Number(process.versions.node.split('.')[0]) < 22 ? 1 : 0);
  });

  it('starts after a crash that left its lock behind', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'data-'));
    const crashed = await startServer({ DATA_DIR: dataDir });
    crashed.proc.kill('SIGKILL');
    await crashed.exited;
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(true);
    const next = await startServer({ DATA_DIR: dataDir });
    expect((await fetch(`${next.url}/readyz`)).status).toBe(200);
    next.proc.kill('SIGTERM');
    expect(await next.exited).toBe(0);
  });

  it('exits with a clear message on bad configuration', async () => {
    const bad = spawnServer({ PORT: 'eighty', DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')) });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toMatch(/Configuration error: PORT must be a port number/);
    const production = spawnServer({
      NODE_ENV: 'production',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'data-')),
    });
    expect(await production.exited).toBe(1);
    expect(production.output()).toMatch(/JWT_SECRET must be set when NODE_ENV=production/);
  });
});
