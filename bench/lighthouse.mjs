// Benchmark: Lighthouse (the npm package, programmatic API) on every server-rendered public page of
// the demo site (issue 17: the home page, the enchants, the docs and a doc, the leaderboard, the
// auction signed out, a player, a gang, the status page and a missing page), with the mobile default
// and the desktop presets: performance, accessibility and best-practices scores, the lab metrics
// (LCP, TBT and CLS among them), and the JavaScript each page loads (script requests and their transfer size, from
// Lighthouse's network records). Starts everything it needs itself: the site as `npm start` runs it
// (scripts/start.mjs, which builds the web app when it is stale), demo on, with a DATA_DIR of its own
// and a free port; it waits for /readyz and for the simulated world to be seeded, then drives the
// system Chromium (never a downloaded browser) through chrome-launcher (a dependency of lighthouse).
// Avatars and item icons come from other hosts, out of reach of a machine without internet: a
// stand-in image host on the loopback answers for them (see lighthouse-notes.md). Writes its section
// of bench/RESULTS.md. Not part of `npm test`. Usage: npm run bench -- lighthouse
//
// Environment: CHROME_PATH (/usr/bin/chromium), BENCH_LIGHTHOUSE_RUNS per page and preset (3; the run
// with the median performance score is reported), BENCH_LIGHTHOUSE_PRESETS (mobile,desktop),
// BENCH_LIGHTHOUSE_PAGES (every public page; {player} and {gang} stand for the demo player and
// their gang, found once the world is seeded), BENCH_LIGHTHOUSE_REPORTS (a directory to keep every
// run's JSON report in; a temporary one otherwise).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig } from 'lighthouse';
import { fmt, log, onCleanup, root, runBenchmark, since, startProcess } from './lib/harness.mjs';
import { writeSection } from './lib/results.mjs';

const env = process.env;
const CHROME_PATH = env.CHROME_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
];
const RUNS = Number(env.BENCH_LIGHTHOUSE_RUNS ?? 3);
// The demo player has a fixed name whatever the seed (apps/simulator/src/demo-accounts.ts); the doc
// is one of the guides the server starts with.
const DEMO_PLAYER = 'DemoPlayer';
// An address that is no page: its not-found page answers 404, which Lighthouse is told to expect.
const MISSING_PAGE = '/no/such/page';
const PAGES = (
  env.BENCH_LIGHTHOUSE_PAGES ??
  `/,/enchants,/docs,/docs?doc=joining-the-server,/leaderboard,/auction,/players/{player},/gangs/{gang},/status,${MISSING_PAGE}`
)
  .split(',')
  .filter(Boolean);
const PRESETS = {
  mobile: { label: 'mobile (default)', config: undefined },
  desktop: { label: 'desktop', config: desktopConfig },
};
const PRESET_NAMES = (env.BENCH_LIGHTHOUSE_PRESETS ?? 'mobile,desktop').split(',').filter(Boolean);
for (const name of PRESET_NAMES) if (!PRESETS[name]) throw new Error(`No Lighthouse preset named ${name}`);
const CATEGORIES = ['performance', 'accessibility', 'best-practices'];
const METRICS = [
  ['first-contentful-paint', 'FCP'],
  ['largest-contentful-paint', 'LCP'],
  ['total-blocking-time', 'TBT'],
  ['cumulative-layout-shift', 'CLS'],
  ['speed-index', 'SI'],
];
// Issue 17: mobile performance at least 99 on every public page, accessibility and best practices 100.
const GOAL = 99;
const GOAL_PRESET = 'mobile';
const SEEDED = /"msg":"(world seeded|site already seeded)\b/;
// The analysis of the figures, kept by hand and copied into RESULTS.md.
const NOTES = join(root, 'bench/lighthouse-notes.md');

/** A port nobody listens on right now, on the loopback interface. */
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

async function waitFor(label, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Timed out waiting for ${label}`);
}

/**
 * A PNG of `size`×`size` pixels drawn as 8×8 blocks, like a game skin's face or a 16×16 item texture
 * scaled up: about the bytes the real image hosts send for such a picture.
 */
function blockyPng(size, seed) {
  const chunk = (type, data) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits per channel, RGBA
  const rows = [];
  const block = Math.max(1, Math.floor(size / 8));
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const cell = (Math.floor(x / block) * 31 + Math.floor(y / block) * 17 + seed) % 97;
      row.set([90 + cell, 60 + ((cell * 3) % 120), 40 + ((cell * 7) % 90), 255], 1 + x * 4);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows), { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Stands in for the avatar and item-icon hosts (crafatar.com, assets.mcasset.cloud), which this
 * machine cannot reach: every path answers a PNG, sized by `?size=` (avatars) or 16×16 (items). It
 * listens on its own port, so the browser treats it as the other origin it is in production.
 */
async function startImageHost() {
  const server = createHttpServer((request, response) => {
    const url = new URL(request.url, 'http://images');
    const size = Math.min(512, Math.max(8, Number(url.searchParams.get('size')) || 16));
    let seed = 0;
    for (const char of url.pathname) seed = (seed * 31 + char.charCodeAt(0)) % 9973;
    response.writeHead(200, {
      'content-type': 'image/png',
      'cache-control': 'public, max-age=86400',
      'access-control-allow-origin': '*',
    });
    response.end(blockyPng(size, seed));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(() => new Promise((resolve) => server.close(resolve)));
  return `http://127.0.0.1:${server.address().port}`;
}

/** The demo site as `npm start` runs it, demo on, with its own DATA_DIR: `{origin, pid, output}`. */
async function startSite() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-lighthouse-data-'));
  onCleanup(async () => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const images = await startImageHost();
  const { DATABASE_URL, NODE_ENV, WEB_DIST, JWT_SECRET, BRIDGE_TOKEN, ...inherited } = env;
  const site = await startProcess(
    'the demo site',
    [join(root, 'scripts/start.mjs')],
    {
      cwd: root,
      env: {
        ...inherited,
        DEMO: 'on',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        // The real hosts' address templates, pointed at the stand-in (config.ts has the defaults).
        AVATAR_URL: `${images}/avatars/{uuid}?size={size}&overlay&default=MHF_Steve`,
        ASSET_BASE_URL: `${images}/1.21.4/assets/minecraft/textures`,
      },
    },
    (output) => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1] ?? null,
    // scripts/start.mjs builds the web app first when its sources are newer than the build.
    300_000,
  );
  const origin = site.url;
  await waitFor(
    '/readyz',
    async () => (await fetch(`${origin}/readyz`).catch(() => null))?.ok === true,
    60_000,
  );
  // The simulator logs this once every seed batch is in
  // (apps/simulator/src/simulator.ts: "world seeded batches=… applied=…").
  await waitFor('the simulated world to be seeded', () => SEEDED.test(site.output()), 300_000).catch(
    (err) => {
      throw new Error(`${err.message}; the site said:\n${site.output().slice(-4000)}`);
    },
  );
  return { origin, images, ...site };
}

/**
 * The pages to measure, with {player} and {gang} filled in from the seeded world: the demo player
 * and the gang they belong to (the seed gives them one; which one depends on the seed).
 */
async function resolvePages(origin) {
  let gang = null;
  if (PAGES.some((page) => page.includes('{gang}'))) {
    await waitFor(
      `${DEMO_PLAYER}'s gang`,
      async () => {
        const response = await fetch(`${origin}/api/players/by-name/${DEMO_PLAYER}`).catch(() => null);
        gang = response?.ok ? ((await response.json()).gang?.id ?? null) : null;
        return gang !== null;
      },
      60_000,
    );
  }
  return PAGES.map((page) => page.replace('{player}', DEMO_PLAYER).replace('{gang}', gang ?? ''));
}

/** A report's file name for a page: its path and query in characters any file system takes. */
const reportName = (preset, page, run) =>
  `${preset}-${page === '/' ? 'home' : page.slice(1).replace(/[^\w-]+/g, '-')}-${run}.json`;

const score = (lhr, category) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
};

/** What one Lighthouse report says: scores, metrics, scripts, and the audits that did not pass. */
function summarize(lhr) {
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script');
  const failing = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) continue;
      if (['notApplicable', 'manual', 'informative'].includes(audit.scoreDisplayMode)) continue;
      // Performance audits with no weight are hints ("opportunities"), listed when they cost time.
      if (
        category === 'performance' &&
        ref.weight === 0 &&
        !(audit.metricSavings?.LCP || audit.metricSavings?.FCP)
      ) {
        continue;
      }
      failing.push({ category, id: ref.id, title: audit.title, display: audit.displayValue ?? '' });
    }
  }
  const consoleErrors = (lhr.audits['errors-in-console']?.details?.items ?? []).map((i) => i.description);
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, score(lhr, c)])),
    metrics: Object.fromEntries(METRICS.map(([id]) => [id, lhr.audits[id]?.numericValue ?? null])),
    scriptCount: scripts.length,
    scriptBytes: scripts.reduce((sum, r) => sum + (r.transferSize ?? 0), 0),
    failedRequests: requests.filter((r) => !r.statusCode || r.statusCode >= 400).map((r) => r.url),
    failing,
    consoleErrors,
    warnings: lhr.runWarnings ?? [],
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    runtimeError: lhr.runtimeError?.message ?? null,
  };
}

/** The browser's full version (the user agent headless Chromium sends says only 156.0.0.0). */
function chromiumVersion() {
  try {
    const output = execFileSync(CHROME_PATH, ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    return /(\d+\.\d+\.\d+\.\d+)/.exec(output)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** One Lighthouse run on a Chromium of its own (a clean profile each time). */
async function runLighthouse(url, preset) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(
      url,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
        ignoreStatusCode: new URL(url).pathname === MISSING_PAGE,
      },
      PRESETS[preset].config,
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

const ms = (value) =>
  value === null ? 'n/a' : value >= 1000 ? `${(value / 1000).toFixed(1)} s` : `${fmt(value)} ms`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const metric = (id, value) => (id === 'cumulative-layout-shift' ? (value ?? 0).toFixed(3) : ms(value));

/**
 * What touching fresh memory costs here, in microseconds per 4 KiB page (the median of three 256 MiB
 * areas, less the time to write them again once touched). Every new browser process pays it for the
 * memory it starts with, and Lighthouse counts four times a renderer's start-up in its phone model:
 * on bare hardware a page costs about a microsecond or less, but some virtual machines back their
 * memory page by page as it is touched and take 10 to 30 (lighthouse-notes.md, eighth round).
 */
function pageFaultMicros() {
  const size = 256 * 2 ** 20;
  const costs = [];
  for (let i = 0; i < 3; i++) {
    const area = Buffer.allocUnsafeSlow(size);
    let started = performance.now();
    area.fill(1);
    const first = performance.now() - started;
    started = performance.now();
    area.fill(2);
    const again = performance.now() - started;
    costs.push(((first - again) * 1000) / (size / 4096));
  }
  return costs.sort((a, b) => a - b)[1];
}

// Above this, a run measures the machine's memory more than the pages (13 to 28 µs in the eighth round).
const SLOW_PAGE_FAULT_MICROS = 5;

async function main() {
  const started = performance.now();
  if (!existsSync(CHROME_PATH)) throw new Error(`No Chromium at ${CHROME_PATH} (set CHROME_PATH)`);
  const reports = env.BENCH_LIGHTHOUSE_REPORTS ?? mkdtempSync(join(tmpdir(), 'bench-lighthouse-reports-'));
  mkdirSync(reports, { recursive: true });

  const site = await startSite();
  log(`Demo site at ${site.origin} (seeded in ${since(started)} from the start)`);
  const pages = await resolvePages(site.origin);

  const results = [];
  let browser = chromiumVersion();
  const faultMicros = pageFaultMicros();
  const slowFaults = faultMicros > SLOW_PAGE_FAULT_MICROS;
  if (slowFaults) {
    log(
      `Touching fresh memory costs ${faultMicros.toFixed(1)} µs per page here: Lighthouse will count it (lighthouse-notes.md, eighth round)`,
    );
  }
  const loadBefore = loadavg()[0];
  for (const preset of PRESET_NAMES) {
    for (const page of pages) {
      const runs = [];
      for (let run = 0; run < RUNS; run++) {
        const name = reportName(preset, page, run + 1);
        let summary;
        // Lighthouse sometimes fails to record a trace (NO_NAVSTART and the like): try that run again.
        for (let attempt = 1; ; attempt++) {
          const lhr = await runLighthouse(`${site.origin}${page}`, preset);
          browser ??= lhr.environment?.hostUserAgent?.match(/Chrome\/([\d.]+)/)?.[1] ?? null;
          writeFileSync(join(reports, name), JSON.stringify(lhr));
          summary = { ...summarize(lhr), file: name };
          if (!summary.runtimeError) break;
          if (attempt === 3) throw new Error(`${page} (${preset}): ${summary.runtimeError}`);
          log(`  ${preset.padEnd(7)} ${page.padEnd(28)} run ${run + 1}: ${summary.runtimeError}; again`);
        }
        runs.push(summary);
        log(
          `  ${preset.padEnd(7)} ${page.padEnd(28)} run ${run + 1}: ` +
            CATEGORIES.map((c) => `${c} ${summary.scores[c]}`).join(', ') +
            `; ${summary.scriptCount} scripts, ${kb(summary.scriptBytes)}`,
        );
      }
      // The run with the median performance score stands for the page (Lighthouse's own advice).
      const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      const median = sorted[Math.floor(sorted.length / 2)];
      const range = [sorted[0].scores.performance, sorted.at(-1).scores.performance];
      results.push({ preset, page, median, range, runs });
    }
  }

  const loadAfter = loadavg()[0];
  const indexes = results.flatMap((r) => r.runs.map((run) => run.benchmarkIndex)).filter((n) => n !== null);
  const machineNote =
    `Lighthouse's benchmark index over the runs: ${fmt(Math.min(...indexes))}–${fmt(Math.max(...indexes))}; ` +
    `load average (1 min) ${loadBefore.toFixed(1)} before the runs and ${loadAfter.toFixed(1)} after, on ${cpus().length} cores; ` +
    `touching fresh memory ${faultMicros.toFixed(1)} µs per 4 KiB page${
      slowFaults
        ? ' (bare hardware: about 1 µs or less; every fresh browser process pays it as it starts, and the phone model counts four times that: these scores measure the machine as much as the pages)'
        : ''
    }.`;
  const table = [
    `| page | preset | performance | accessibility | best practices | ${METRICS.map(([, label]) => label).join(' | ')} | JS requests | JS transferred |`,
    `|---|---|---:|---:|---:|${METRICS.map(() => '---:').join('|')}|---:|---:|`,
    ...results.map(({ preset, page, median: r, range }) => {
      const perf =
        range[0] === range[1]
          ? `${r.scores.performance}`
          : `${r.scores.performance} (${range[0]}–${range[1]})`;
      return (
        `| \`${page}\` | ${PRESETS[preset].label} | ${perf} | ${r.scores.accessibility} | ${r.scores['best-practices']} | ` +
        `${METRICS.map(([id]) => metric(id, r.metrics[id])).join(' | ')} | ${r.scriptCount} | ${kb(r.scriptBytes)} |`
      );
    }),
  ];
  log('');
  for (const line of table) log(line);

  // The goals: performance on the mobile preset; accessibility and best practices on every preset.
  const short = results.filter((r) => r.preset === GOAL_PRESET && r.median.scores.performance < GOAL);
  const imperfect = results.filter(
    (r) => r.median.scores.accessibility < 100 || r.median.scores['best-practices'] < 100,
  );
  const goalLines = [
    `Performance ≥ ${GOAL} on ${GOAL_PRESET}: ${
      short.length === 0
        ? 'met on every page measured'
        : `not met on ${short.map((r) => `\`${r.page}\` (${r.median.scores.performance}, ${GOAL - r.median.scores.performance} short)`).join(', ')}`
    }.`,
    `Accessibility and best practices 100: ${
      imperfect.length === 0
        ? 'met on every page and preset measured'
        : `not met on ${imperfect.map((r) => `\`${r.page}\` (${r.preset}, ${r.median.scores.accessibility} and ${r.median.scores['best-practices']})`).join(', ')}`
    }.`,
  ];
  log('');
  for (const line of goalLines) log(line);
  // What did not pass, once per audit, with the pages and presets where it did not.
  const failures = new Map();
  for (const { preset, page, median: r } of results) {
    for (const f of r.failing) {
      const key = `${f.category}: ${f.title} (\`${f.id}\`)`;
      if (!failures.has(key)) failures.set(key, []);
      failures.get(key).push(`\`${page}\` ${preset}${f.display ? ` ${f.display}` : ''}`);
    }
  }
  const consoleErrors = new Set(results.flatMap((r) => r.median.consoleErrors));
  const failedRequests = new Set(results.flatMap((r) => r.median.failedRequests));
  if (failures.size > 0) {
    log('\nAudits that did not pass (median runs):');
    for (const [key, where] of failures) log(`  ${key}: ${where.join('; ')}`);
  }
  for (const e of consoleErrors) log(`  console error: ${e}`);
  for (const u of failedRequests) log(`  failed request: ${u}`);
  for (const w of new Set(results.flatMap((r) => r.median.warnings))) log(`  Lighthouse warning: ${w}`);
  log(machineNote);
  log(`Reports (JSON) in ${reports}`);

  const notes = existsSync(NOTES) ? readFileSync(NOTES, 'utf8').trim() : '';
  const meta = {
    date: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    cores: cpus().length,
    cpu: cpus()[0]?.model.trim() ?? 'unknown',
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    free: `${(freemem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    postgres: 'not used (PGlite)',
    chromium: browser,
    lighthouse: JSON.parse(readFileSync(join(root, 'node_modules/lighthouse/package.json'), 'utf8')).version,
  };
  const section = `## Lighthouse: \`${pages.join('`, `')}\`

Lighthouse ${meta.lighthouse} (the npm package, programmatic API) driving the system Chromium
${browser ?? ''} (headless) on the demo site as \`npm start\` serves it (built web app, PGlite in a
DATA_DIR of its own, the simulated game server seeded first). Presets: ${PRESET_NAMES.map((p) => PRESETS[p].label).join(' and ')}
(Lighthouse's simulated throttling: the mobile preset emulates a mid-range phone on slow 4G with a 4×
CPU slowdown; desktop a wired connection). ${RUNS} run${RUNS === 1 ? '' : 's'} per page and preset,
each in a fresh browser profile; the run with the median performance score is reported, with the range of
performance scores over the runs in brackets when they differ. "JS" counts the script requests in
Lighthouse's network records and the bytes transferred for them (compressed, headers included).
Simulated throttling scales the CPU time the page took on this machine, so the scores move with
whatever else the machine is doing: ${machineNote}

${table.join('\n')}

${goalLines.map((line) => `**${line}**`).join('\n\n')}
${
  failures.size > 0
    ? `\nAudits that did not pass (score below 0.9) in the reported runs:\n\n${[...failures]
        .map(([key, where]) => `- ${key}: ${where.join('; ')}`)
        .join('\n')}\n`
    : '\nEvery scored audit passed in the reported runs.\n'
}${
  consoleErrors.size > 0
    ? `\nConsole errors:\n\n${[...consoleErrors].map((e) => `- \`${e}\``).join('\n')}\n`
    : ''
}${notes ? `\n${notes}\n` : ''}`;
  writeSection('lighthouse', meta, section);
  log(`Wrote bench/RESULTS.md (${since(started)} in all)`);
}

await runBenchmark(main);
