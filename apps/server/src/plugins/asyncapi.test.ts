// The AsyncAPI document is the contract a stranger builds a game plugin or a feed client from: the
// AsyncAPI parser finds nothing wrong in it, every socket route of the app is in it, and every
// example in it is one its schema accepts, both the shared zod schema and the document's own.
import type { AddressInfo } from 'node:net';
import { Parser } from '@asyncapi/parser';
import { deliverySchema } from '@prison/shared/bridge';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  BRIDGE_TOKEN,
  createTestApp,
  grantRoles,
  newPlayer,
  postEvents,
  signIn,
  type TestApp,
} from '../../test/helpers.ts';
import { connect } from '../../test/live-socket.ts';
import { socketRoutesOf } from './asyncapi.ts';
import { SOCKET_CHANNELS } from './asyncapi-sockets.ts';

type Json = Record<string, unknown>;
interface Document {
  servers: Record<string, { host: string; protocol: string }>;
  channels: Record<
    string,
    {
      address: string;
      messages: Record<string, { $ref: string }>;
      parameters?: Record<string, { examples: string[] }>;
    }
  >;
  operations: Record<string, { channel: { $ref: string }; security?: { $ref: string }[] }>;
  components: {
    schemas: Record<string, Json>;
    messages: Record<string, { payload: { $ref: string }; examples: { name: string; payload: unknown }[] }>;
  };
}

// Severities as Spectral numbers them (@stoplight/types DiagnosticSeverity). Every rule of the parser
// is on; information and hints do not fail the test (the one the document gets says that AsyncAPI
// 3.1.0 exists: the document keeps 3.0.0, which more of the tools that read it accept).
const ERROR = 0;
const WARNING = 1;

describe('the AsyncAPI document', () => {
  const kind = 'pglite';
  let t: TestApp;
  let doc: Document;
  let body: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const res = await t.app.inject('/api/asyncapi.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    body = res.body;
    doc = res.json();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('parses with no error and no warning', async () => {
    const { document, diagnostics } = await new Parser().parse(body);
    const problems = diagnostics
      .filter((d) => d.severity === ERROR || d.severity === WARNING)
      .map((d) => `${d.code} at ${d.path.join('.')}: ${d.message}`);
    expect(problems).toEqual([]);
    expect(document).toBeDefined();
    expect(document?.channels().length).toBe(SOCKET_CHANNELS.length);
  });

  it('documents every socket route the app serves, and no other', () => {
    const routes = socketRoutesOf(t.app).map((url) => url.replace(/:(\w+)/g, '{$1}'));
    expect(routes.length).toBeGreaterThan(0);
    const addresses = Object.values(doc.channels).map((channel) => channel.address);
    expect(addresses.toSorted()).toEqual(routes.toSorted());
    // The game server's socket comes first.
    expect(addresses[0]).toBe('/api/bridge/ws');
  });

  it('names the host and scheme the document was asked for', async () => {
    expect(doc.servers.site).toMatchObject({ host: 'localhost:80', protocol: 'ws' });
    const behindTls = await createTestApp(kind, { TRUST_PROXY: '1' });
    try {
      const res = await behindTls.app.inject({
        url: '/api/asyncapi.json',
        headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'play.example.org' },
      });
      expect(res.json().servers.site).toMatchObject({ host: 'play.example.org', protocol: 'wss' });
    } finally {
      await behindTls.close();
    }
  });

  /** The document's schemas, compiled as a client would; strict mode is off for AsyncAPI's keywords. */
  const compiled = () => {
    const ajv = new Ajv({ allErrors: true, strict: false });
    addFormats(ajv);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    }
    return ajv;
  };

  it('has examples that the shared schemas and the JSON Schemas of the document accept', () => {
    const ajv = compiled();
    let checked = 0;
    for (const channel of SOCKET_CHANNELS) {
      for (const m of channel.messages) {
        const documented = doc.components.messages[m.name];
        expect(documented?.examples.length, m.name).toBeGreaterThan(0);
        expect(documented?.examples).toEqual(m.examples);
        const validate = ajv.getSchema(documented!.payload.$ref);
        expect(validate, m.name).toBeDefined();
        for (const example of documented!.examples) {
          const parsed = m.schema.safeParse(example.payload);
          expect(parsed.success, `${m.name} ${example.name}: ${parsed.error?.message}`).toBe(true);
          expect(
            validate!(example.payload),
            `${m.name} ${example.name}: ${ajv.errorsText(validate!.errors)}`,
          ).toBe(true);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(SOCKET_CHANNELS.length);
  });

  it('describes a delivery as fully as the shared schema does', () => {
    const delivery = doc.components.schemas.Delivery as {
      properties: Record<string, Json>;
      required: string[];
    };
    expect(delivery.required.toSorted()).toEqual(Object.keys(deliverySchema.shape).toSorted());
    for (const [field, schema] of Object.entries(delivery.properties)) {
      expect(schema.description, field).toEqual(expect.any(String));
    }
  });

  it("holds each socket to its security, and what a feed sends on connect to its channel's messages", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const ajv = compiled();
    const player = newPlayer();
    expect((await postEvents(t.app, [player.join])).statusCode).toBe(200);
    // Staff, so that the console's feed opens too (a player's feeds open for anyone signed in).
    await grantRoles(t.db, player.uuid, ['ADMIN']);
    const token = await signIn(t.db, player.uuid);
    const credentials: Record<string, { query?: string; headers?: Record<string, string> }> = {
      bridgeToken: { headers: { authorization: `Bearer ${BRIDGE_TOKEN}` } },
      playerTokenInQuery: { query: `token=${token}` },
    };
    for (const [id, operation] of Object.entries(doc.operations)) {
      const channel = doc.channels[operation.channel.$ref.replace('#/channels/', '')]!;
      const path = channel.address.replace(
        /\{(\w+)\}/g,
        (_, name: string) => channel.parameters![name]!.examples[0]!,
      );
      const scheme = operation.security?.[0]?.$ref.replace('#/components/securitySchemes/', '');
      if (scheme === 'bridgeToken') {
        // Refused at the handshake without its token.
        const refused = new WebSocket(`${base}${path}`);
        refused.on('error', () => {});
        const status = await new Promise((resolve) => {
          refused.on('unexpected-response', (request, response) => {
            request.destroy();
            resolve(response.statusCode);
          });
          refused.on('open', () => resolve(101));
        });
        expect(status, id).toBe(401);
      } else if (scheme === 'playerTokenInQuery') {
        // Opened, then closed with 1008, without one.
        expect((await connect(`${base}${path}`).closed).code, id).toBe(1008);
      } else {
        expect(scheme, id).toBeUndefined();
      }
      const given = scheme ? credentials[scheme]! : {};
      const feed = connect(`${base}${path}${given.query ? `?${given.query}` : ''}`, given.headers);
      await new Promise((resolve, reject) => {
        feed.socket.once('open', resolve);
        feed.socket.once('error', reject);
      });
      const validators = Object.values(channel.messages).map(
        (m) =>
          ajv.getSchema(doc.components.messages[m.$ref.split('/').at(-1)!]!.payload.$ref) as ValidateFunction,
      );
      // The bridge's socket sends only deliveries, and there are none pending here.
      if (scheme !== 'bridgeToken') {
        const count = Object.keys(channel.messages).length;
        await feed.next(() => feed.messages.length >= count);
        for (const received of feed.messages) {
          expect(
            validators.some((validate) => validate(received)),
            `${id}: ${JSON.stringify(received)}`,
          ).toBe(true);
        }
      }
      feed.socket.close();
      await feed.closed;
    }
  });
});
