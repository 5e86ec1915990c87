// Vitest's global setup for the server's tests: one migrated empty PGlite database, dumped to a file
// that each test's in-memory database starts from (helpers.ts, openTestDatabase). Starting PGlite
// from a data directory skips its initdb: about 1 s instead of 3 to 4 on a 2-core machine, for some
// hundred databases a run. The file goes when the run ends.
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { pgliteTemplate } from '../src/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The template's file (a tarball of a PGlite data directory). */
    pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject) {
  const file = join(tmpdir(), `pglite-template-${process.pid}.tar`);
  writeFileSync(file, new Uint8Array(await (await pgliteTemplate()).arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return () => rmSync(file, { force: true });
}
