// npm run bench [-- name...]: runs the benchmarks in bench/ (every bench/*.mjs but this file), one
// after another, each in its own process. Benchmarks print ratios and write bench/RESULTS.md; they
// are not timed tests and are not part of `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((file) => file.endsWith('.mjs') && file !== 'run.mjs')
  .map((file) => file.replace(/\.mjs$/, ''))
  .filter((name) => wanted.length === 0 || wanted.includes(name));
if (benches.length === 0) {
  console.error(`No benchmark named ${wanted.join(', ')} in bench/.`);
  process.exit(1);
}
for (const name of benches) {
  console.log(`\n▶ bench/${name}.mjs`);
  // Benchmarks import the server's TypeScript sources (tsx), and so the shared package's sources.
  const { status } = spawnSync(process.execPath, ['--conditions=development', `${here}${name}.mjs`], {
    stdio: 'inherit',
  });
  if (status !== 0) process.exit(status ?? 1);
}
