import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  BUDGET_BYTES,
  CONFINED_LIBRARIES,
  confinementProblems,
  firstLoadProblems,
  homePageJavaScript,
  homePageProblems,
  largestSiteCatalogue,
} from './check-budget.mjs';

const encoder = new TextEncoder();
const files: Record<string, string> = {
  'assets/index.js': 'import "./vendor.js";'.repeat(50),
  'assets/vendor.js': 'export const react = 1;'.repeat(200),
  'assets/shared.js': 'export const x = 2;',
  'assets/admin.js': 'export const admin = 3;'.repeat(500),
  'assets/index.css': 'body{}',
};
const read = (file: string) => {
  const text = files[file];
  if (text === undefined) throw new Error(`missing ${file}`);
  return encoder.encode(text);
};
const gz = (file: string) => gzipSync(read(file), { level: 9 }).length;

describe('largestSiteCatalogue', () => {
  it('takes the language whose site catalogue is largest, as a visitor in it downloads it', () => {
    const catalogues = {
      en: { site: '/assets/shared.js', docs: '/assets/admin.js' },
      ru: { site: '/assets/vendor.js', docs: '/assets/admin.js' },
    };
    expect(largestSiteCatalogue(catalogues, read)).toEqual({
      language: 'ru',
      file: 'assets/vendor.js',
      gzipBytes: gz('assets/vendor.js'),
    });
    expect(() => largestSiteCatalogue({ de: { docs: '/assets/admin.js' } }, read)).toThrow(
      /no site catalogue/,
    );
  });
});

describe('homePageJavaScript', () => {
  it('counts the entry and its static imports, recursively, once each, and not lazy chunks or CSS', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_vendor.js', '_shared.js'],
        dynamicImports: ['src/admin.tsx'],
        css: ['assets/index.css'],
      },
      '_vendor.js': { file: 'assets/vendor.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/admin.tsx': { file: 'assets/admin.js', isDynamicEntry: true, imports: ['_shared.js'] },
    };
    const result = homePageJavaScript(manifest, read);
    expect(result.files).toEqual(['assets/index.js', 'assets/vendor.js', 'assets/shared.js']);
    expect(result.gzipBytes).toBe(gz('assets/index.js') + gz('assets/vendor.js') + gz('assets/shared.js'));
  });

  it('also counts the home route when it is a lazy chunk', () => {
    const manifest = {
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        dynamicImports: ['src/features/home/home-page.tsx'],
      },
      'src/features/home/home-page.tsx': {
        file: 'assets/admin.js',
        isDynamicEntry: true,
        imports: ['_shared.js'],
      },
      '_shared.js': { file: 'assets/shared.js' },
    };
    expect(homePageJavaScript(manifest, read).files).toEqual([
      'assets/index.js',
      'assets/admin.js',
      'assets/shared.js',
    ]);
  });

  it("has a 136 KB budget, the page's language's site catalogue included", () => {
    expect(BUDGET_BYTES).toBe(139_264);
  });
});

describe('homePageProblems', () => {
  // Built code as the bundler leaves it: Zod names its classes $Zod*, TanStack Query keeps its errors.
  const built: Record<string, string> = {
    'assets/index.js': 'import "./vendor.js";',
    'assets/vendor.js': 'const o=e(`$ZodObject`,(t,n)=>{});',
    'assets/clean.js': 'export const x = 1;',
  };
  const readBuilt = (file: string) => encoder.encode(built[file] ?? '');

  it('names each library found in the home page files, and the file', () => {
    expect(homePageProblems(['assets/index.js', 'assets/vendor.js'], readBuilt)).toEqual([
      'The home page loads Zod (assets/vendor.js); only lazy pages may.',
    ]);
    expect(homePageProblems(['assets/index.js', 'assets/clean.js'], readBuilt)).toEqual([]);
  });
});

describe('firstLoadProblems', () => {
  const built: Record<string, string> = {
    'assets/index.js': 'import "./shared.js";',
    'assets/shared.js': 'export const x = 1;',
    'assets/leaderboard.js': 'import "./shared.js"; import("./contracts.js");',
    'assets/contracts.js': 'const o=e(`$ZodObject`,(t,n)=>{});',
  };
  const readBuilt = (file: string) => encoder.encode(built[file] ?? '');

  it('passes when Zod is only a lazy import of a server-rendered page', () => {
    const hints = [{ path: '/leaderboard', modulepreload: ['/assets/shared.js', '/assets/leaderboard.js'] }];
    expect(firstLoadProblems(hints, ['assets/index.js'], readBuilt)).toEqual([]);
  });

  it('names each page whose named chunks, or whose entry, hold Zod', () => {
    const hints = [
      { path: '/status', modulepreload: ['/assets/shared.js'] },
      { path: '/leaderboard', modulepreload: ['/assets/contracts.js', '/assets/leaderboard.js'] },
    ];
    expect(firstLoadProblems(hints, ['assets/index.js'], readBuilt)).toEqual([
      '/leaderboard loads Zod as it starts (assets/contracts.js); its schemas must load when first used.',
    ]);
    expect(
      firstLoadProblems(hints.slice(0, 1), ['assets/index.js', 'assets/contracts.js'], readBuilt),
    ).toEqual([
      '/status loads Zod as it starts (assets/contracts.js); its schemas must load when first used.',
    ]);
  });
});

describe('confinementProblems', () => {
  // Built code as the bundler leaves it: uPlot names its elements u-*, Recharts recharts-*.
  const built: Record<string, string> = {
    'assets/index.js': 'import "./shared.js";',
    'assets/shared.js': 'export const x = 1;',
    'assets/leaderboard.js': 'import "./shared.js";',
    'assets/status-page.js': 'import "./shared.js"; import("./status-chart.js");',
    'assets/status-chart.js': 'const c=`u-cursor-pt`;',
    'assets/admin.js': 'const w=`recharts-wrapper`;',
    'assets/uplot-in-shared.js': 'export const x = 1; const c=`u-cursor-pt`;',
    'assets/uplot-in-page.js': 'import("./x.js"); const c=`u-cursor-pt`;',
  };
  const readBuilt = (file: string) => encoder.encode(built[file] ?? '');
  const build = (files: { shared?: string; statusPage?: string } = {}) => ({
    'index.html': {
      file: 'assets/index.js',
      isEntry: true,
      imports: [],
      dynamicImports: [
        'src/features/leaderboard/leaderboard-page.tsx',
        'src/features/status/status-page.tsx',
      ],
    },
    '_shared.js': { file: files.shared ?? 'assets/shared.js' },
    'src/features/leaderboard/leaderboard-page.tsx': {
      file: 'assets/leaderboard.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
    },
    'src/features/status/status-page.tsx': {
      file: files.statusPage ?? 'assets/status-page.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
      dynamicImports: ['src/features/status/status-chart.tsx'],
    },
    'src/features/status/status-chart.tsx': {
      file: 'assets/status-chart.js',
      isDynamicEntry: true,
      imports: ['index.html', 'src/features/status/status-page.tsx'],
    },
    'src/features/admin/admin-dashboard-page.tsx': {
      file: 'assets/admin.js',
      isDynamicEntry: true,
      imports: ['index.html', '_shared.js'],
    },
  });

  it('passes when uPlot is in the lazy status chart only and Recharts in the admin console only', () => {
    expect(confinementProblems(build(), readBuilt)).toEqual([]);
  });

  it('names every page that uPlot reaches through a chunk they share', () => {
    expect(confinementProblems(build({ shared: 'assets/uplot-in-shared.js' }), readBuilt)).toEqual([
      'src/features/leaderboard/leaderboard-page.tsx loads uPlot (assets/uplot-in-shared.js); only src/features/status/status-chart.tsx may.',
      'src/features/status/status-page.tsx loads uPlot (assets/uplot-in-shared.js); only src/features/status/status-chart.tsx may.',
      'src/features/admin/admin-dashboard-page.tsx loads uPlot (assets/uplot-in-shared.js); only src/features/status/status-chart.tsx may.',
    ]);
  });

  it('fails when the status page stops loading its chart lazily', () => {
    expect(confinementProblems(build({ statusPage: 'assets/uplot-in-page.js' }), readBuilt)).toEqual([
      'src/features/status/status-page.tsx loads uPlot (assets/uplot-in-page.js); only src/features/status/status-chart.tsx may.',
    ]);
  });

  it('fails when a library is found nowhere, rather than passing on a marker that no longer matches', () => {
    const manifest = build();
    manifest['src/features/status/status-chart.tsx'].file = 'assets/leaderboard.js';
    expect(confinementProblems(manifest, readBuilt)).toEqual([
      `uPlot is in no chunk: does ${CONFINED_LIBRARIES[0]?.marker} still match its code?`,
    ]);
  });

  it('keeps Recharts to the admin console', () => {
    const manifest = build();
    manifest['_shared.js'].file = 'assets/admin.js';
    const problems = confinementProblems(manifest, readBuilt);
    expect(problems).toContain(
      'src/features/leaderboard/leaderboard-page.tsx loads Recharts (assets/admin.js); only src/features/admin/, src/app/admin- may.',
    );
    expect(problems.some((problem) => problem.startsWith('src/features/admin/'))).toBe(false);
  });
});
