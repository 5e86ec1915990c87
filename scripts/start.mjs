// npm start: build the web app when it is missing or older than its sources, then run the server
// in this process (so SIGINT/SIGTERM reach it directly). The server migrates the database itself.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

const root = fileURLToPath(new URL('..', import.meta.url));
const built = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/shared/src',
];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const webDistSet = Boolean(process.env.WEB_DIST);
if (
  !webDistSet &&
  (!existsSync(built) || Math.max(...sources.map((s) => newest(join(root, s)))) > statSync(built).mtimeMs)
) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build', '-w', '@prison/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

register();
await import('../apps/server/src/main.ts');
