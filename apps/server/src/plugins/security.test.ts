import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { documentHeaders, inlineScriptHashes } from './security.ts';

const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

describe('inline scripts in the Content-Security-Policy', () => {
  it("admits exactly the index.html's inline scripts, by hash", () => {
    const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    const theme = "(() => { document.documentElement.classList.add('dark'); })();";
    writeFileSync(
      join(dist, 'index.html'),
      `<html><head><script>${theme}</script><script type="module" src="/assets/index.js"></script></head></html>`,
    );
    expect(inlineScriptHashes(dist)).toEqual([sha256(theme)]);
    const csp = documentHeaders(loadConfig({ DEMO: 'off', WEB_DIST: dist, DATA_DIR: tmpdir() }))[
      'content-security-policy'
    ];
    const scriptSrc = csp?.split(';').find((directive) => directive.startsWith('script-src'));
    expect(scriptSrc).toBe(`script-src 'self' ${sha256(theme)}`);
  });

  it('admits none without a built web app', () => {
    expect(inlineScriptHashes(join(tmpdir(), 'no-such-web-dist'))).toEqual([]);
  });
});
