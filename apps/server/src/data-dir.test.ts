import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { keepDataDirPrivate, lockDataDir, resolveSecrets } from './data-dir.ts';

const fresh = () => mkdtempSync(join(tmpdir(), 'data-dir-'));

describe('the data directory', () => {
  it('takes over a lock left by a dead process, or a damaged one', () => {
    for (const content of ['999999999', '', 'garbage']) {
      const dir = fresh();
      writeFileSync(join(dir, 'server.pid'), content);
      const release = lockDataDir(dir);
      expect(readFileSync(join(dir, 'server.pid'), 'utf8')).toBe(String(process.pid));
      release();
      expect(existsSync(join(dir, 'server.pid'))).toBe(false);
    }
  });

  it('keeps generated secrets across starts, and refuses a damaged secrets file', () => {
    const dir = fresh();
    const config = loadConfig({ DATA_DIR: dir });
    const first = resolveSecrets(config);
    expect(first.jwtSecret).toHaveLength(43);
    expect(resolveSecrets(config)).toEqual(first);
    writeFileSync(join(dir, 'secrets.json'), '{"jwtSecret": "trunc');
    expect(() => resolveSecrets(config)).toThrow(/Repair or remove it/);
    expect(readFileSync(join(dir, 'secrets.json'), 'utf8')).toBe('{"jwtSecret": "trunc');
  });

  it('makes private the directory DATA_DIR names when it is a link (to a larger disk)', () => {
    const real = fresh();
    chmodSync(real, 0o755);
    writeFileSync(join(real, 'secrets.json'), '{}', { mode: 0o644 });
    chmodSync(join(real, 'secrets.json'), 0o644);
    const link = join(fresh(), 'data');
    symlinkSync(real, link);
    // keepDataDirPrivate sets this process's umask: the other tests keep theirs.
    const umask = process.umask(0o022);
    try {
      keepDataDirPrivate(link);
    } finally {
      process.umask(umask);
    }
    expect(statSync(real).mode & 0o7777).toBe(0o700);
    expect(statSync(join(real, 'secrets.json')).mode & 0o7777).toBe(0o600);
  });

  it('requires shared secrets on a shared database', () => {
    const config = loadConfig({ DATA_DIR: fresh(), DATABASE_URL: 'postgres://x@db/site' });
    expect(() => resolveSecrets(config)).toThrow(
      /JWT_SECRET and BRIDGE_TOKEN must be set when DATABASE_URL is set/,
    );
  });
});
