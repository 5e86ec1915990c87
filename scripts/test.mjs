// npm test: typecheck and lint, the documents' links (README.md, docs/, deploy/README.md: every
// relative link reaches a file and every #anchor a heading), unit/component/integration tests (on
// PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set), the production build (the server
// compiled to JavaScript, the web app with its size budget), then the end-to-end tests in Chromium
// against that build. Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const steps = [
  ['typecheck and lint', 'npm', ['run', 'check']],
  ['documents: every relative link and #anchor resolves', 'npm', ['run', 'docs:check']],
  ['unit, component and integration tests', 'npx', ['vitest', 'run']],
  ['production build and JavaScript budget', 'npm', ['run', 'build']],
  ['end-to-end tests in Chromium', 'npx', ['playwright', 'test']],
];

if (!process.env.TEST_DATABASE_URL) {
  console.log('TEST_DATABASE_URL is not set: integration tests run on PGlite only.');
}
for (const [name, command, args] of steps) {
  if (name.startsWith('end-to-end') && !existsSync(chromium)) {
    console.error(`Chromium was not found at ${chromium}. Install it with: apt-get install -y chromium`);
    process.exit(1);
  }
  console.log(`\n▶ ${name}`);
  const { status } = spawnSync(command, args, { stdio: 'inherit' });
  if (status !== 0) {
    console.error(`\n✖ ${name} failed`);
    process.exit(status ?? 1);
  }
}
console.log('\n✔ every step passed');
