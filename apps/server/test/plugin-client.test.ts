// A stranger can build a game plugin's client from the site's two documents alone: types generated
// from the served /api/openapi.json (openapi-typescript) and from /api/asyncapi.json's schemas, a
// client written only against them (plugin-client/client.ts, with openapi-fetch and ws) that
// type-checks under `tsc --strict`, and that client, run against the real app, sends every event
// type from the document's own examples, buys a listing, receives its delivery with the item's data
// and the money it moved, acknowledges it, is not sent it again after reconnecting, and reads an
// error's `code`; and, with PUNISH_VIA=plugin, receives a staff member's ban on the same socket, sees it
// listed, carries it out (reporting the punishment with the action's id) and acknowledges it.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BRIDGE_TOKEN,
  createTestApp,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from './helpers.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./plugin-client/client.ts', import.meta.url));

type Json = Record<string, unknown>;
interface OpenApiDocument {
  components: { schemas: Record<string, Json & { examples?: unknown[] }> };
}
interface BridgeEventUnion {
  oneOf: { $ref: string }[];
  discriminator: { mapping: Record<string, string> };
}

describe('a plugin client built from the documents alone', () => {
  let t: TestApp;
  let site: string;
  let dir: string;
  let openapiText: string;
  let openapi: OpenApiDocument;
  let asyncapi: { components: { schemas: Record<string, Json> } };
  let eventComponents: string[];
  // biome-ignore lint/suspicious/noExplicitAny: the client module exists only once the test has generated its types
  let client: any;

  beforeAll(async () => {
    t = await createTestApp('pglite', { PUNISH_VIA: 'plugin' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    site = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    dir = mkdtempSync(join(tmpdir(), 'plugin-client-'));
    openapiText = await (await fetch(`${site}/api/openapi.json`)).text();
    openapi = JSON.parse(openapiText);
    asyncapi = JSON.parse(await (await fetch(`${site}/api/asyncapi.json`)).text());
    const union = openapi.components.schemas.BridgeEvent as unknown as BridgeEventUnion;
    eventComponents = union.oneOf.map((option) => option.$ref.replace('#/components/schemas/', ''));
  });
  afterAll(async () => {
    await t?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** Fails unless each message is exactly one of the delivery socket's documented messages. */
  function expectDocumented(received: { raw: string }[]) {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const [name, schema] of Object.entries(asyncapi.components.schemas)) {
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    }
    const validators = ['DeliveryMessage', 'BridgeActionMessage'].map(
      (name) => ajv.getSchema(`#/components/schemas/${name}`)!,
    );
    expect(received.length).toBeGreaterThan(0);
    for (const { raw } of received) {
      const message = JSON.parse(raw);
      expect(
        validators.filter((validate) => validate(message)),
        `${raw} is one documented message`,
      ).toHaveLength(1);
    }
  }

  it('has no hand-written event type and no cast to any or unknown', () => {
    const source = readFileSync(fixture, 'utf8');
    expect(source).not.toMatch(/\bas\s+(any|unknown)\b/);
    expect(source).not.toMatch(/:\s*(any|unknown)\b/);
    expect(source).not.toMatch(/<\s*(any|unknown)\s*>/);
    // Types of its own would be interfaces or object types; it only names the generated ones.
    expect(source).not.toMatch(/\binterface\s/);
    expect(source).not.toMatch(/\btype\s+\w+(<[^>]*>)?\s*=\s*\{/);
    expect(source).not.toMatch(/'(player|gang|friend|auction|server|account)\.[a-z]+'\s*[|;,}]/);
    const imports = [...source.matchAll(/^import .* from '([^']+)';$/gm)].map((m) => m[1]);
    expect(imports.sort()).toEqual([
      './generated/asyncapi.ts',
      './generated/examples.ts',
      './generated/openapi.ts',
      'openapi-fetch',
      'ws',
    ]);
  });

  it('generates the types, and the client type-checks against them under tsc --strict', async () => {
    const generated = join(dir, 'generated');
    mkdirSync(generated);
    writeFileSync(join(generated, 'openapi.ts'), astToString(await openapiTS(openapiText)));
    // The AsyncAPI document's schemas are JSON Schemas: the same generator reads them as components.
    const socketSchemas = {
      openapi: '3.1.0',
      info: { title: 'The AsyncAPI document’s schemas', version: '1' },
      paths: {},
      components: { schemas: asyncapi.components.schemas },
    };
    writeFileSync(
      join(generated, 'asyncapi.ts'),
      astToString(await openapiTS(JSON.stringify(socketSchemas))),
    );

    // Each event type's examples as code typed by its generated schema, so that tsc checks them too.
    // Every event type has its examples in the document.
    expect(eventComponents.filter((name) => !openapi.components.schemas[name]?.examples?.length)).toEqual([]);
    const lines = [
      '// The examples of the document’s event types, each typed by its generated schema.',
      "import type { components } from './openapi.ts';",
      "type Schemas = components['schemas'];",
    ];
    for (const name of eventComponents) {
      const examples = openapi.components.schemas[name]?.examples ?? [];
      lines.push(
        `export const ${name}: [Schemas['${name}'], ...Schemas['${name}'][]] = ${JSON.stringify(examples)};`,
      );
    }
    writeFileSync(join(generated, 'examples.ts'), `${lines.join('\n')}\n`);

    writeFileSync(join(dir, 'client.ts'), readFileSync(fixture));
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    const tsconfig = {
      compilerOptions: {
        target: 'ES2023',
        lib: ['ES2023'],
        module: 'ESNext',
        moduleResolution: 'bundler',
        strict: true,
        noUncheckedIndexedAccess: true,
        allowImportingTsExtensions: true,
        verbatimModuleSyntax: true,
        noEmit: true,
        types: ['node'],
      },
      include: ['client.ts', 'generated'],
    };
    writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
    // The project's own tsc (TypeScript 7), not the TypeScript 5 that openapi-typescript runs on.
    const tsc = spawnSync(
      join(root, 'node_modules/.bin/tsc'),
      ['--strict', '--noEmit', '-p', join(dir, 'tsconfig.json')],
      { cwd: dir, encoding: 'utf8' },
    );
    expect(`${tsc.stdout}${tsc.stderr}`).toBe('');
    expect(tsc.status).toBe(0);
    client = await import(pathToFileURL(join(dir, 'client.ts')).href);
  });

  it('sends every event type, buys, receives the delivery, acknowledges it, and reads an error’s code', async () => {
    expect(client, 'the client was generated and type-checked').toBeDefined();
    const bridge = client.bridgeClient(site, BRIDGE_TOKEN);
    const player = () => {
      const uuid = randomUUID();
      return { uuid, username: `P_${uuid.slice(0, 8)}` };
    };
    const seller = player();
    const buyer = player();
    const run = randomBytes(4).toString('hex');
    const listing = `plugin-${run}`;

    const events: { type: string }[] = client.everyEvent({
      idPrefix: `plugin-client:${run}`,
      seller,
      buyer,
      gangId: `gang-${run}`,
      listing,
      withdrawnListing: `plugin-${run}-withdrawn`,
    });
    const documentedTypes = Object.keys(
      (openapi.components.schemas.BridgeEvent as unknown as BridgeEventUnion).discriminator.mapping,
    );
    expect(new Set(events.map((e) => e.type))).toEqual(new Set(documentedTypes));
    expect(await client.sendEvents(bridge, events)).toEqual({ applied: events.length, skipped: 0 });

    const socket = client.followDeliveries(site, BRIDGE_TOKEN);
    await socket.opened;
    const accessToken = await client.signIn(site, buyer.username, client.buyerPassword);
    const purchase = await client.buyOnSite(site, accessToken, listing, randomUUID());
    const delivery = await socket.next((d: { purchase_id: string }) => d.purchase_id === purchase.id);

    expectDocumented(socket.received);

    expect(delivery).toMatchObject({
      player_uuid: buyer.uuid,
      qty: 1,
      listing_id: listing,
      seller_uuid: seller.uuid,
      unit_price: purchase.price,
      total: purchase.total,
      item: {
        name: client.listedItem.name,
        icon: client.listedItem.icon,
        data: client.listedItem.data,
        enchants: client.listedItem.enchants,
      },
    });
    expect(delivery.money).toHaveLength(2);
    expect(delivery.money).toEqual(
      expect.arrayContaining([
        { player_uuid: buyer.uuid, delta: `-${purchase.total}`, ledger_id: expect.any(Number) },
        { player_uuid: seller.uuid, delta: purchase.total, ledger_id: expect.any(Number) },
      ]),
    );

    expect(await client.acknowledge(bridge, [delivery.id])).toBe(1);
    await socket.close();
    const pending: { id: string }[] = await client.pendingDeliveries(bridge);
    expect(pending.map((d) => d.id)).not.toContain(delivery.id);

    // On a new connection the site first sends whatever is still pending, then each new delivery:
    // the next purchase's delivery arriving alone shows that the acknowledged one is not sent again.
    const again = client.followDeliveries(site, BRIDGE_TOKEN);
    await again.opened;
    const inGame = await client.buyInGame(
      bridge,
      { listing_id: listing, buyer_uuid: buyer.uuid, qty: 1 },
      run,
    );
    expect(inGame.refused).toBeUndefined();
    const next = await again.next((d: { purchase_id: string }) => d.purchase_id === inGame.purchase.id);
    const seen = again.received.map(
      ({ message }: { message: { delivery: { id: string } } }) => message.delivery.id,
    );
    expect(seen).not.toContain(delivery.id);
    expect(seen.at(-1)).toBe(next.id);
    expectDocumented(again.received);
    await again.close();

    // A refusal names its reason in `code`.
    const unknown = await client.buyInGame(
      bridge,
      { listing_id: `plugin-${run}-never-listed`, buyer_uuid: buyer.uuid, qty: 1 },
      randomUUID(),
    );
    expect(unknown).toEqual({ refused: { status: 404, code: 'unknown_listing' } });
  });

  it('receives a staff ban on its socket, carries it out, reports it with the action’s id and acknowledges it', async () => {
    expect(client, 'the client was generated and type-checked').toBeDefined();
    const bridge = client.bridgeClient(site, BRIDGE_TOKEN);
    const run = randomBytes(4).toString('hex');
    // A staff member of the site and a player, as the site knows them.
    const staff = newPlayer();
    const cheater = newPlayer();
    expect((await postEvents(t.app, [staff.join, cheater.join])).statusCode).toBe(200);
    await grantRoles(t.db, staff.uuid, ['ADMIN']);

    const socket = client.followDeliveries(site, BRIDGE_TOKEN);
    await socket.opened;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/admin/punishments',
      headers: { authorization: `Bearer ${await signIn(t.db, staff.uuid)}` },
      payload: { type: 'ban', player: cheater.uuid, reason: 'Kill aura', duration_seconds: 86_400 },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const actionId: number = asked.json().id;
    const action = await socket.nextAction((a: { id: number }) => a.id === actionId);
    expect(action).toMatchObject({
      kind: 'ban',
      player: { uuid: cheater.uuid, username: cheater.username },
      staff: { uuid: staff.uuid, username: staff.username },
      reason: 'Kill aura',
      duration_seconds: 86_400,
      punishment: null,
    });
    expectDocumented(socket.received);
    expect((await client.pendingActions(bridge)).map((a: { id: number }) => a.id)).toContain(actionId);

    const done = await client.carryOut(bridge, action, `plugin-client:${run}`);
    // The punishment event confirmed the action; the acknowledgement adds the game's answer.
    expect(done.acknowledged).toBe(0);
    expect((await client.pendingActions(bridge)).map((a: { id: number }) => a.id)).not.toContain(actionId);
    const page = (await (await fetch(`${site}/api/players/${cheater.uuid}/punishments`)).json()) as {
      punishments: unknown[];
    };
    expect(page.punishments).toEqual([
      expect.objectContaining({
        type: 'ban',
        active: true,
        staff: { uuid: staff.uuid, name: staff.username },
      }),
    ]);
    await socket.close();
  });
});
