// npm run build: compiles the shared package, the simulator and the server to JavaScript (tsc, into
// each one's dist/, mirroring src/ so that files read relative to a module are found beside it) and
// builds the web app (Vite, apps/web/dist). npm start and the command-line tools (start.mjs, cli.mjs)
// call buildStale() instead: it builds only the parts missing or older than their sources.
//
// tsc only transpiles here (noCheck in each tsconfig.build.json), as Vite does for the web app:
// `npm run check` is the typecheck.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

/** tsc from the typescript package, a development dependency: only looked for when something is stale. */
function typescriptCompiler() {
  try {
    const manifest = createRequire(import.meta.url).resolve('typescript/package.json');
    return join(dirname(manifest), 'bin/tsc');
  } catch {
    throw new BuildError(1, 'TypeScript is not installed (a development dependency): run `npm install`');
  }
}

/**
 * A workspace compiled by tsc. Its stamp is written after a whole build succeeds, so a build cut
 * short leaves the part stale. `assets` are the folders under src/ that its code reads at run time
 * (relative to import.meta.url): they are copied to the same place under dist/.
 */
function typescriptPart(label, dir, assets = []) {
  const src = join(root, dir, 'src');
  const dist = join(root, dir, 'dist');
  return {
    label,
    sources: [`${dir}/src`, `${dir}/tsconfig.json`, `${dir}/tsconfig.build.json`, 'tsconfig.base.json'],
    stamp: `${dir}/dist/.built`,
    build(stdio) {
      run(process.execPath, [typescriptCompiler(), '-p', join(root, dir, 'tsconfig.build.json')], stdio);
      for (const asset of assets) cpSync(join(src, asset), join(dist, asset), { recursive: true });
      pruneOrphans(src, dist);
      writeFileSync(join(dist, '.built'), `${new Date().toISOString()}\n`);
    },
  };
}

/** What each part is built from and how, in build order. */
export const PARTS = {
  shared: typescriptPart('the shared package', 'packages/shared'),
  simulator: typescriptPart('the simulator', 'apps/simulator'),
  server: typescriptPart('the server', 'apps/server', ['db/migrations', 'modules/previews/fonts', 'locales']),
  web: {
    label: 'the web app',
    // The web app bundles the shared package from its sources (the `browser` condition of its exports).
    sources: [
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'packages/shared/src',
    ],
    // Written last (the server renderer, after the browser's build): a build cut short stays stale.
    stamp: 'apps/web/dist/server/entry-server.js',
    build(stdio) {
      run('npm', ['run', 'build', '-w', '@prison/web'], stdio);
    },
  },
};

/** What the server needs to run; the web app comes on top unless WEB_DIST names another build. */
export const SERVER_PARTS = ['shared', 'simulator', 'server'];

class BuildError extends Error {
  constructor(status, message = `the build failed (exit status ${status})`) {
    super(message);
    this.status = status;
  }
}

function run(command, args, stdio) {
  const { status, error } = spawnSync(command, args, { cwd: root, stdio });
  if (error) throw error;
  if (status !== 0) throw new BuildError(status ?? 1);
}

/** The newest modification time under a path; tests are left out (no build includes them). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return /\.test\.tsx?$/.test(path) ? 0 : stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

/** Missing, or older than one of its sources. */
export function isStale(name) {
  const { sources, stamp } = PARTS[name];
  const built = join(root, stamp);
  if (!existsSync(built)) return true;
  return Math.max(...sources.map((source) => newest(join(root, source)))) > statSync(built).mtimeMs;
}

/**
 * Removes what a deleted or renamed source left in dist/: X.js and X.js.map stay while src/X.ts
 * exists, a copied asset while its original does. (dist/ is not emptied first: a server already
 * running from it may still import a module lazily.)
 */
function pruneOrphans(src, dist) {
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || entry.name === '.built') continue;
    const file = relative(dist, join(entry.parentPath, entry.name));
    const source = file.replace(/\.js\.map$/, '.js').replace(/\.js$/, '.ts');
    if (!existsSync(join(src, source))) rmSync(join(dist, file));
  }
}

const LOCK = join(root, 'node_modules/.cache/prison-build.lock');

function holderAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

/**
 * Runs fn holding the build lock: two processes starting at once (the end-to-end tests start two
 * servers) must not write the same dist/ together. A lock left by a process that died is taken over.
 */
async function withBuildLock(fn) {
  mkdirSync(dirname(LOCK), { recursive: true });
  for (;;) {
    try {
      writeFileSync(LOCK, String(process.pid), { flag: 'wx' });
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
    }
    let holder = 0;
    let age = 0;
    try {
      holder = Number(readFileSync(LOCK, 'utf8'));
      age = Date.now() - statSync(LOCK).mtimeMs;
    } catch {
      continue; // released meanwhile
    }
    // An empty lock is one being written, unless it has stayed empty.
    if (holder ? !holderAlive(holder) : age > 10_000) rmSync(LOCK, { force: true });
    else await new Promise((resolve) => setTimeout(resolve, 200));
  }
  try {
    return fn();
  } finally {
    rmSync(LOCK, { force: true });
  }
}

/**
 * Builds the given parts that are missing or stale, reporting on stderr (a command-line tool's
 * stdout is its answer). Exits the process if a build fails.
 */
export async function buildStale(names) {
  const stale = () => names.filter(isStale);
  if (stale().length === 0) return;
  try {
    // Another process may have built them while this one waited for the lock.
    await withBuildLock(() => {
      for (const name of stale()) {
        process.stderr.write(`Building ${PARTS[name].label}…\n`);
        PARTS[name].build(['ignore', 2, 'inherit']);
      }
    });
  } catch (err) {
    let failure = err;
    // A service manager may run the server on a read-only checkout (deploy/systemd): say what to do.
    if (['EROFS', 'EACCES', 'EPERM'].includes(err.code)) {
      const labels = stale().map((name) => PARTS[name].label);
      const advice = 'run `npm run build` as the owner of the checkout';
      failure = new BuildError(
        1,
        `${labels.join(', ')} must be built, ${err.path} is not writable: ${advice}`,
      );
    }
    if (!(failure instanceof BuildError)) throw failure;
    process.stderr.write(`Cannot start: ${failure.message}.\n`);
    process.exit(failure.status);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    await withBuildLock(() => {
      for (const part of Object.values(PARTS)) {
        console.log(`Building ${part.label}…`);
        part.build('inherit');
      }
    });
  } catch (err) {
    if (!(err instanceof BuildError)) throw err;
    console.error(`Build failed: ${err.message}.`);
    process.exit(err.status);
  }
}
