// npm start and the command-line tools run the compiled JavaScript (scripts/start.mjs, cli.mjs),
// building first what is missing or older than its sources (scripts/build.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { fakeWebDist } from './helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const stamp = (dir: string) => join(root, dir, 'dist/.built');
const COMPILED = /^(apps\/server|apps\/simulator|packages\/shared)\/dist\/.+\.js$/;
// Each test builds (tsc) and starts node processes: on a busy 2-core machine that takes a while.
const SLOW = { timeout: 150_000 };

/**
 * The environment of a plain `npm start`: without the `development` condition that vitest.config.ts
 * gives the processes tests start (with it, the compiled server would import the shared package's
 * TypeScript sources and fail).
 */
function plainEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { NODE_OPTIONS: _, ...env } = process.env;
  return { ...env, ...extra };
}

/** Makes a part's build older than its sources, as editing a source would, without editing one. */
function makeStale(dir: string): void {
  if (existsSync(stamp(dir))) utimesSync(stamp(dir), new Date(0), new Date(0));
}

/**
 * Node arguments that write the file URL of every module of this repository the process loads
 * (outside node_modules) to `into`, one a line: a module loader hook, registered before the entry.
 */
function recordModules(into: string): string[] {
  const hooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith(${JSON.stringify(pathToFileURL(root).href)}) && !url.includes('/node_modules/')) {
    appendFileSync(${JSON.stringify(into)}, url + '\\n');
  }
  return next(url, context);
}`;
  const register = `import { register } from 'node:module';
register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)});`;
  return ['--import', `data:text/javascript,${encodeURIComponent(register)}`];
}

function runCli(args: string[]) {
  return spawnSync(process.execPath, [join(root, 'scripts/cli.mjs'), ...args], {
    cwd: root,
    env: plainEnv({ DATA_DIR: mkdtempSync(join(tmpdir(), 'compiled-cli-')) }),
    encoding: 'utf8',
  });
}

describe('the compiled server', () => {
  it('npm start rebuilds a stale server and runs the compiled JavaScript with plain node', SLOW, async () => {
    makeStale('apps/server');
    const scratch = mkdtempSync(join(tmpdir(), 'compiled-start-'));
    const loaded = join(scratch, 'modules.txt');
    const proc = spawn(process.execPath, [...recordModules(loaded), join(root, 'scripts/start.mjs')], {
      cwd: root,
      env: plainEnv({
        HOST: '127.0.0.1',
        PORT: '0',
        DATA_DIR: join(scratch, 'data'),
        WEB_DIST: fakeWebDist(),
        LOG_LEVEL: 'info',
        // Demo mode: the server also imports the simulator. Avatars fail at once: default heads.
        DEMO: 'on',
        AVATAR_URL: 'http://127.0.0.1:9/{uuid}.png',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    proc.stdout.on('data', (chunk) => {
      output += chunk;
    });
    proc.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const exited = new Promise<number | null>((resolve) => proc.on('exit', resolve));
    try {
      let exitCode: number | null | undefined;
      void exited.then((code) => {
        exitCode = code;
      });
      const deadline = Date.now() + 120_000;
      while (
        !/demo mode: the simulated game server is running/.test(output) &&
        exitCode === undefined &&
        Date.now() < deadline
      ) {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      const url = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      expect(url, output).toBeDefined();

      expect(output).toContain('Building the server…');
      expect(statSync(stamp('apps/server')).mtimeMs).toBeGreaterThan(0);
      // The database was migrated from the migrations copied beside the compiled client...
      expect((await fetch(`${url}/readyz`)).status).toBe(200);
      // ...and a link preview is drawn with the fonts copied beside the compiled renderer.
      const card = await fetch(`${url}/api/og/players/DemoPlayer.png`);
      expect(card.status).toBe(200);
      expect(card.headers.get('content-type')).toBe('image/png');
      expect((await card.arrayBuffer()).byteLength).toBeGreaterThan(1000);

      // Every module of the repository it loaded is compiled output (or the start script itself).
      const modules = readFileSync(loaded, 'utf8')
        .trim()
        .split('\n')
        .map((url) => relative(root, fileURLToPath(url)));
      expect(modules).toContain('apps/server/dist/main.js');
      expect(modules).toContain('apps/simulator/dist/simulator.js');
      expect(modules.some((file) => file.startsWith('packages/shared/dist/'))).toBe(true);
      expect(modules.filter((file) => !COMPILED.test(file) && !file.startsWith('scripts/'))).toEqual([]);
    } finally {
      proc.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  });

  it('a command-line tool rebuilds only the stale part, and drops what a deleted source left', SLOW, () => {
    const usage = ['accounts', 'list', '--help'];
    // Up to date first, whatever ran before.
    expect(runCli(usage).status).toBe(0);
    const serverBuilt = statSync(stamp('apps/server')).mtimeMs;

    const orphan = join(root, 'packages/shared/dist/removed-module.js');
    writeFileSync(orphan, 'export {};\n');
    makeStale('packages/shared');
    const rebuilt = runCli(usage);
    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    // Progress goes to stderr: stdout is the tool's answer alone.
    expect(rebuilt.stdout).toMatch(/^Usage: npm run accounts -- <command>/);
    expect(rebuilt.stdout).not.toContain('Building');
    expect(rebuilt.stderr).toContain('Building the shared package…');
    expect(rebuilt.stderr).not.toContain('Building the server…');
    expect(statSync(stamp('packages/shared')).mtimeMs).toBeGreaterThan(0);
    expect(statSync(stamp('apps/server')).mtimeMs).toBe(serverBuilt);
    expect(existsSync(orphan)).toBe(false);

    const again = runCli(usage);
    expect(again.status).toBe(0);
    expect(again.stderr).not.toContain('Building');
  });
});
