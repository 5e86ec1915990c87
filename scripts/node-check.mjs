// The checks of a runtime other than the one `npm test` ran on (CI runs the whole suite on Node 24,
// then this on the machine's Node 20): the production build, the server's integration tests (on the
// embedded database; PostgreSQL's run is the suite's), and a start of the built site that serves its
// home page and stops cleanly. Stops at the first failing step.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const { TEST_DATABASE_URL: _, ...embeddedOnly } = process.env;

function step(name, command, args, env = process.env) {
  console.log(`\n▶ ${name} (Node ${process.version})`);
  const { status } = spawnSync(command, args, { stdio: 'inherit', env });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed on Node ${process.version}`);
    process.exit(status ?? 1);
  }
}

/** A port nothing listens on now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts the built site on a fresh data directory, asks for its home page, and stops it. */
async function servesAPage() {
  console.log(`\n▶ the built site starts and serves a page (Node ${process.version})`);
  const dataDir = mkdtempSync(join(tmpdir(), 'node-check-'));
  const port = await freePort();
  const site = spawn(process.execPath, ['scripts/start.mjs'], {
    env: {
      ...embeddedOnly,
      NODE_OPTIONS: '',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise((resolve) => site.once('exit', (code, signal) => resolve({ code, signal })));
  let stopped;
  try {
    // Up to two minutes to start: it may build what is missing first, and migrates a new database.
    const deadline = Date.now() + 120_000;
    let page;
    while (!page) {
      if (site.exitCode !== null) throw new Error(`the site exited with ${site.exitCode} before serving`);
      if (Date.now() > deadline) throw new Error('the site did not answer within two minutes');
      page = await fetch(`http://127.0.0.1:${port}/`).catch(() => null);
      if (!page) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const html = await page.text();
    if (page.status !== 200 || !/<html[^>]*>/.test(html) || !/<title>[^<]+<\/title>/.test(html)) {
      throw new Error(`GET / answered ${page.status} without a page: ${html.slice(0, 200)}`);
    }
    console.log(`GET / answered ${page.status} with ${html.length} characters of HTML`);
  } finally {
    site.kill('SIGTERM');
    stopped = await exited;
    rmSync(dataDir, { recursive: true, force: true });
  }
  if (stopped.code !== 0)
    throw new Error(`the site stopped with ${stopped.code ?? stopped.signal} after SIGTERM`);
}

// `node scripts/node-check.mjs [build] [tests] [start]` runs only the steps named; all by default.
const wanted = new Set(process.argv.slice(2));
const runs = (name) => wanted.size === 0 || wanted.has(name);

if (runs('build')) step('production build', 'npm', ['run', 'build']);
if (runs('tests')) {
  step(
    'server integration tests on the embedded database',
    'npx',
    ['vitest', 'run', '--project', 'server'],
    embeddedOnly,
  );
}
if (runs('start')) {
  try {
    await servesAPage();
  } catch (err) {
    console.error(`\n✖ ${err.message}`);
    process.exit(1);
  }
}
console.log(`\n✔ Node ${process.version}: every check passed`);
