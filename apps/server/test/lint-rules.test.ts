// The spine's rules that lint enforces (docs/architecture.md): planted files in a copy of the project's
// lint configuration show that `npm run check` fails on each broken rule, and only on those.
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../../..');
const BIOME = join(ROOT, 'node_modules/.bin/biome');

const PLANTED: Record<string, string> = {
  // A feature importing another feature.
  'apps/web/src/features/social/uses-leaderboard.tsx':
    "import { sortBy } from '../leaderboard/sort.ts';\n\nexport const order = sortBy;\n",
  'apps/web/src/features/social/deep/uses-profile.tsx':
    "import { ProfileCard } from '../../profile/profile-card.tsx';\n\nexport const Card = ProfileCard;\n",
  // What features share comes from lib and components: allowed.
  'apps/web/src/features/social/uses-lib.tsx':
    "import { formatWhole } from '../../lib/stats-format.ts';\nimport { Card } from '../../components/ui/card.tsx';\n\nexport const parts = [formatWhole, Card];\n",
  // A status code below the routes.
  'apps/server/src/modules/auction/service.ts':
    "export function buy() {\n  throw Object.assign(new Error('gone'), { statusCode: 409 });\n}\n",
  'apps/server/src/live/feed.ts':
    "export function fail() {\n  const error = new Error('down') as Error & { statusCode?: number };\n  error.statusCode = 503;\n  throw error;\n}\n",
  'apps/server/src/modules/docs/service.ts':
    "import { HttpError } from '../../plugins/errors.ts';\n\nexport const missing = () => new HttpError(404, 'No such page');\n",
  // Role names read outside the one place that decides staff access (modules/auth/staff-roles.ts).
  'apps/server/src/modules/docs/uses-roles.ts':
    "import { canEditDocs } from '@prison/shared/roles';\n\nexport const mayWrite = canEditDocs;\n",
  'apps/server/src/plugins/uses-roles.ts':
    "import { canUseAdminConsole } from '@prison/shared/roles';\n\nexport const isStaff = canUseAdminConsole;\n",
  'apps/server/src/cli/uses-roles.ts':
    "import { isOwner } from '@prison/shared/roles';\n\nexport const owner = isOwner;\n",
  'apps/server/src/modules/auth/staff-roles.ts':
    "import { canEditDocs } from '@prison/shared/roles';\n\nexport const mayWrite = canEditDocs;\n",
  // The HTTP layer may answer with a status.
  'apps/server/src/modules/health/routes.ts':
    'export function answer(reply: { code(n: number): unknown }) {\n  const failure = { statusCode: 503 };\n  return reply.code(failure.statusCode);\n}\n',
};

let dir: string;
let flagged: Map<string, string[]>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
  const config = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8'));
  delete config.$schema;
  config.vcs = { enabled: false };
  writeFileSync(join(dir, 'biome.json'), JSON.stringify(config));
  mkdirSync(join(dir, 'lint'));
  copyFileSync(join(ROOT, 'lint/no-status-below-routes.grit'), join(dir, 'lint/no-status-below-routes.grit'));
  for (const [path, text] of Object.entries(PLANTED)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  const { stdout } = await promisify(execFile)(BIOME, ['lint', '--reporter=json', '.'], { cwd: dir }).catch(
    (failed: { stdout: string }) => failed,
  );
  const report = JSON.parse(stdout) as { diagnostics: { category: string; location: { path: string } }[] };
  flagged = new Map();
  for (const { category, location } of report.diagnostics) {
    flagged.set(location.path, [...(flagged.get(location.path) ?? []), category]);
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run check', () => {
  it('fails on a feature importing another feature', () => {
    expect(flagged.get('apps/web/src/features/social/uses-leaderboard.tsx')).toEqual([
      'lint/style/noRestrictedImports',
    ]);
    expect(flagged.get('apps/web/src/features/social/deep/uses-profile.tsx')).toEqual([
      'lint/style/noRestrictedImports',
    ]);
    expect(flagged.has('apps/web/src/features/social/uses-lib.tsx')).toBe(false);
  });

  it('fails on role names read anywhere in the server but the staff module', () => {
    for (const path of [
      'apps/server/src/modules/docs/uses-roles.ts',
      'apps/server/src/plugins/uses-roles.ts',
      'apps/server/src/cli/uses-roles.ts',
    ]) {
      expect(flagged.get(path), path).toEqual(['lint/style/noRestrictedImports']);
    }
    expect(flagged.has('apps/server/src/modules/auth/staff-roles.ts')).toBe(false);
  });

  it('fails on a status code below the routes', () => {
    expect(flagged.get('apps/server/src/modules/auction/service.ts')).toEqual(['plugin']);
    expect(flagged.get('apps/server/src/live/feed.ts')).toEqual(['plugin']);
    expect(flagged.get('apps/server/src/modules/docs/service.ts')).toEqual([
      'lint/style/noRestrictedImports',
    ]);
    expect(flagged.has('apps/server/src/modules/health/routes.ts')).toBe(false);
  });
});
