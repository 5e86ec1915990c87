// npm run accounts|backup|restore|db:move: runs one of the server's command-line tools
// (apps/server/src/cli/NAME.ts) with the arguments after `--`.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const [name, ...args] = process.argv.slice(2);
const entry = fileURLToPath(new URL(`../apps/server/src/cli/${name}.ts`, import.meta.url));
if (!name || !/^[a-z-]+$/.test(name) || !existsSync(entry)) {
  process.stderr.write(`No such command: ${name ?? '(none)'}\n`);
  process.exit(2);
}
process.argv = [process.argv[0], entry, ...args];
register();
await import(entry);
