// The OpenAPI document is the contract a stranger builds a client or a game plugin from: Redocly's
// recommended rules pass on it with no error and no warning (redocly.yaml), every example in it is
// one its schema accepts, every answer with a body has an example, and what each operation says of
// its security is what the route does.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../test/helpers.ts';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

type Json = Record<string, unknown>;
interface Document {
  paths: Record<string, Record<string, Json & { security?: Json[]; responses: Record<string, Json> }>>;
  components: { schemas: Record<string, Json> };
}

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: Document;
  let body: string;
  beforeAll(async () => {
    t = await createTestApp('pglite');
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    body = res.body;
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("passes Redocly's recommended rules with no error and no warning", () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-'));
    try {
      const file = join(dir, 'openapi.json');
      writeFileSync(file, body);
      const lint = spawnSync(
        process.execPath,
        [join(root, 'node_modules/@redocly/cli/bin/cli.js'), 'lint', file, '--format=json'],
        {
          cwd: root,
          encoding: 'utf8',
          // No telemetry and no update check: the tests reach no network.
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        },
      );
      const report = JSON.parse(lint.stdout.slice(lint.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number };
        problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
      };
      const problems = report.problems.map((p) => `${p.ruleId} at ${p.location[0]?.pointer}: ${p.message}`);
      expect(problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has examples its schemas accept', () => {
    const named = [...z.globalRegistry._idmap.entries()];
    const examples = named.flatMap(([id, schema]) =>
      ((z.globalRegistry.get(schema)?.examples as unknown[] | undefined) ?? []).map((example) => ({
        id,
        schema,
        example,
      })),
    );
    expect(examples.length).toBeGreaterThan(19);
    for (const { id, schema, example } of examples) {
      const parsed = z.safeParse(schema, example);
      expect(parsed.success, `${id}: ${parsed.error?.message}`).toBe(true);
    }
  });

  it('gives every operation its own id and a successful answer, and every answer with a body an example', () => {
    const missing: string[] = [];
    const ids = new Set<string>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        ids.add(operation.operationId as string);
        for (const [status, response] of Object.entries(operation.responses)) {
          for (const [type, media] of Object.entries((response.content ?? {}) as Record<string, Json>)) {
            if (type === 'application/json' && media.example === undefined) {
              missing.push(`${method.toUpperCase()} ${path} ${status}`);
            }
          }
        }
      }
    }
    expect(missing).toEqual([]);
    // Every operation has a successful answer: a 2xx, or 101 for a WebSocket (redocly.yaml).
    const unsuccessful = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([, operation]) => !Object.keys(operation.responses).some((status) => /^(2..|101)$/.test(status)),
        )
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(unsuccessful).toEqual([]);
    const count = Object.values(doc.paths).reduce((n, operations) => n + Object.keys(operations).length, 0);
    expect(ids.size).toBe(count);
  });

  it('says of each operation the security the route holds it to', async () => {
    const wrong: string[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const url = path.replace(/\{(\w+)\}/g, (_, name: string) =>
          name === 'uuid' ? '8667ba71-b85a-4004-af54-457a9734eed7' : name === 'n' ? '1' : 'rules',
        );
        // Asked with no credential at all: a public operation (security [], or {} among its options)
        // never answers 401; one that needs a credential always does.
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          ...(method === 'get' || method === 'delete' ? {} : { payload: {} }),
        });
        // A WebSocket answers a plain GET with 426 before it asks for a credential (it refuses one
        // when it opens: the AsyncAPI document's close codes).
        if (res.statusCode === 426) continue;
        const open =
          operation.security?.length === 0 || operation.security?.some((s) => !Object.keys(s).length);
        if (open === (res.statusCode === 401)) {
          wrong.push(
            `${method.toUpperCase()} ${path}: security ${JSON.stringify(operation.security)}, answered ${res.statusCode}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
