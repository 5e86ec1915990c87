// npm run accounts|backup|restore|db:move: runs one of the server's command-line tools
// (apps/server/src/cli/NAME.ts, compiled to apps/server/dist/cli/NAME.js, built first when missing
// or stale like npm start) with the arguments after `--`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildStale, SERVER_PARTS } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
if (
  !name ||
  !/^[a-z-]+$/.test(name) ||
  !existsSync(new URL(`../apps/server/src/cli/${name}.ts`, import.meta.url))
) {
  process.stderr.write(`No such command: ${name ?? '(none)'}\n`);
  process.exit(2);
}
await buildStale(SERVER_PARTS);
const entry = fileURLToPath(new URL(`../apps/server/dist/cli/${name}.js`, import.meta.url));
process.argv = [process.argv[0], entry, ...args];
await import(entry);
