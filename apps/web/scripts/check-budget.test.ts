import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BUDGET_BYTES, homePageJavaScript } from './check-budget.mjs';

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

  it('has a 150 KB budget', () => {
    expect(BUDGET_BYTES).toBe(153_600);
  });
});
