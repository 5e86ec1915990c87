// npm run accounts|bridge|backup|restore|db:move: runs one of the server's command-line tools
// (apps/server/src/cli/NAME.ts, compiled to apps/server/dist/cli/NAME.js; built first when missing
// or stale, as npm start does) with the arguments after `--`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildStale, SERVER_PARTS } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
const source = new URL(`../apps/server/src/cli/${name}.ts`, import.meta.url);
const entry = fileURLToPath(new URL(`../apps/server/dist/cli/${name}.js`, import.meta.url));
if (!name || !/^[a-z-]+$/.test(name) || !(existsSync(source) || existsSync(entry))) {
  process.stderr.write(`No such command: ${name ?? '(none)'}\n`);
  process.exit(2);
}
await buildStale(SERVER_PARTS);
process.argv = [process.argv[0], entry, ...args];
await import(entry);
