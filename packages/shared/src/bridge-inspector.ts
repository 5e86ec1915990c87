// The admin console's bridge inspector (GET /api/admin/bridge): each game server's credential and
// last contact, its delivery sockets open now, the deliveries waiting, taken and acknowledged, and
// the newest batches the game servers sent, each refusal by its index, code and reason.
import { z } from 'zod';

/** How many batches the inspector shows, newest first (the site keeps a few hundred more). */
export const INSPECTOR_BATCHES = 50;
/** How many refusals of one batch are kept, and how long each reason may be. */
export const KEPT_REFUSALS = 50;
export const KEPT_REASON_LENGTH = 300;

export const bridgeServerSchema = z
  .object({
    name: z.string().describe('The credential\'s name; "default" is BRIDGE_TOKEN'),
    credential_id: z.guid().nullable().describe('null for "default", BRIDGE_TOKEN'),
    revoked: z.boolean(),
    last_used_at: z
      .string()
      .nullable()
      .describe(
        'Its last contact: the latest of its last request (to the minute), its last batch and its sockets; null when never',
      ),
    sockets: z.int().describe('Its delivery sockets open now, in every process of the site'),
    deliveries_taken: z.int().describe('Deliveries handed to its sockets and not acknowledged yet'),
  })
  .meta({ id: 'BridgeServer', description: "A game server's credential and what it is doing now." });
export type BridgeServer = z.infer<typeof bridgeServerSchema>;

export const bridgeRefusalSchema = z.object({
  index: z.int().nullable().describe("The refused event's index in the batch; null when the whole batch was"),
  code: z.string(),
  reason: z.string(),
});
export type BridgeRefusal = z.infer<typeof bridgeRefusalSchema>;

export const bridgeBatchRecordSchema = z
  .object({
    id: z.int().describe('Grows with each batch received'),
    received_at: z.string(),
    server: z.string().describe('The credential the batch came with'),
    applied: z.int(),
    skipped: z.int().describe('Events already seen, by their id'),
    refused: z.int().describe('Events refused; a refused batch applies nothing'),
    errors: z
      .array(bridgeRefusalSchema)
      .describe(
        `The refusals, the first ${KEPT_REFUSALS} only, each reason cut to ${KEPT_REASON_LENGTH} characters`,
      ),
  })
  .meta({ id: 'BridgeBatchRecord', description: 'A batch a game server sent, and how it was answered.' });
export type BridgeBatchRecord = z.infer<typeof bridgeBatchRecordSchema>;

const exampleServer: BridgeServer = {
  name: 'lobby-1',
  credential_id: '5b7f3c2e-8d1a-4c6b-9e2f-0a1b2c3d4e5f',
  revoked: false,
  last_used_at: '2026-05-02T09:13:04.000Z',
  sockets: 1,
  deliveries_taken: 2,
};

export const bridgeInspectorSchema = z
  .object({
    servers: z.array(bridgeServerSchema).describe('"default" first, then every credential, oldest first'),
    deliveries: z.object({
      waiting: z.int().describe('Not acknowledged and held by no socket (never taken, or its lease ended)'),
      taken: z.int().describe('Handed to a socket, its lease running, not acknowledged yet'),
      acknowledged_last_24h: z.int(),
    }),
    batches: z.array(bridgeBatchRecordSchema).describe(`The newest ${INSPECTOR_BATCHES}, newest first`),
  })
  .meta({
    id: 'BridgeInspector',
    description:
      "The bridge as the site sees it: the game servers, the deliveries' state and the newest batches.",
    examples: [
      {
        servers: [
          {
            name: 'default',
            credential_id: null,
            revoked: false,
            last_used_at: null,
            sockets: 0,
            deliveries_taken: 0,
          },
          exampleServer,
        ],
        deliveries: { waiting: 3, taken: 2, acknowledged_last_24h: 41 },
        batches: [
          {
            id: 1042,
            received_at: '2026-05-02T09:13:04.000Z',
            server: 'lobby-1',
            applied: 0,
            skipped: 0,
            refused: 1,
            errors: [
              { index: 1, code: 'unknown_player', reason: 'uuid: no player with this uuid has joined' },
            ],
          },
          {
            id: 1041,
            received_at: '2026-05-02T09:13:01.000Z',
            server: 'lobby-1',
            applied: 12,
            skipped: 1,
            refused: 0,
            errors: [],
          },
        ],
      },
    ],
  });
export type BridgeInspector = z.infer<typeof bridgeInspectorSchema>;
