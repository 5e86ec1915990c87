import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// One data pattern: a feature's server state (fetchers, query keys, queries, mutations, live feeds)
// lives in its features/<name>/api.ts, shared plumbing in lib/, and every call goes through lib/api.ts.
// Pages and components only use the hooks.
const SRC = join(import.meta.dirname, '..');
const DATA_HOMES = /^(features\/[^/]+\/api\.ts|lib\/.+)$/;
const TEST_CODE = /\.test\.tsx?$/;

const RULES = [
  { what: 'a literal query key', pattern: /\bqueryKey\s*[:=]\s*\[/ },
  {
    what: 'a call to the server',
    pattern: /\b(?:fetch|apiFetch|fetchJson|apiJson)\s*\(|\bnew\s+WebSocket\s*\(/,
  },
  {
    what: 'a server-state hook',
    pattern:
      /\b(?:useQuery|useQueries|useSuspenseQuery|useInfiniteQuery|useMutation|useQueryClient|useLiveSocket)\s*\(/,
  },
];

/** The source with its comments blanked (lines kept), so that prose about fetch( is not taken for code. */
function withoutComments(source: string): string {
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:\\'"`])\/\/.*$/gm, '$1');
}

/** Where `source`, at `path` under src/, handles server state outside a data home: "path:line: what". */
function dataOutsideItsHome(path: string, source: string): string[] {
  if (DATA_HOMES.test(path) || TEST_CODE.test(path)) return [];
  return withoutComments(source)
    .split('\n')
    .flatMap((line, index) =>
      RULES.filter(({ pattern }) => pattern.test(line)).map(({ what }) => `${path}:${index + 1}: ${what}`),
    );
}

function sourceFiles(): string[] {
  return readdirSync(SRC, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(sep).join('/'))
    .filter((file) => /\.tsx?$/.test(file));
}

describe('the web data pattern', () => {
  it('keeps query keys, calls to the server and server-state hooks in features/*/api.ts and lib/', () => {
    const found = sourceFiles().flatMap((file) =>
      dataOutsideItsHome(file, readFileSync(join(SRC, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('names the file and line of each kind of breach', () => {
    const page = [
      "void queryClient.invalidateQueries({ queryKey: ['admin', 'commands'] });",
      'const queryClient = useQueryClient();',
      "const answer = await apiFetch('/api/auction/purchase', { method: 'POST' });",
      "// Prose may say fetch('/api') or useQuery(options).",
      "window.fetch('/api/status');",
      "const socket = new WebSocket('/ws/players');",
      'void page.refetch();',
    ].join('\n');
    expect(dataOutsideItsHome('features/auction/auction-category-page.tsx', page)).toEqual([
      'features/auction/auction-category-page.tsx:1: a literal query key',
      'features/auction/auction-category-page.tsx:2: a server-state hook',
      'features/auction/auction-category-page.tsx:3: a call to the server',
      'features/auction/auction-category-page.tsx:5: a call to the server',
      'features/auction/auction-category-page.tsx:6: a call to the server',
    ]);
  });

  it.each(['features/auction/api.ts', 'lib/api.ts', 'features/docs/docs-page.test.tsx'])(
    'lets %s handle server state',
    (path) => {
      expect(
        dataOutsideItsHome(path, "useQuery({ queryKey: ['docs'], queryFn: () => fetch('/api/docs') });"),
      ).toEqual([]);
    },
  );
});
