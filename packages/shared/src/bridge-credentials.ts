// The game servers' credentials (the bridge): each game server of a network connects with its own,
// named, created and revoked by an owner from the command line or the admin console. The token is
// answered once, when it is made; the site keeps only its SHA-256 hash. BRIDGE_TOKEN keeps working as
// a built-in credential of its own, named "default".
import { z } from 'zod';

/** The name BRIDGE_TOKEN goes by: no credential may take it. */
export const DEFAULT_CREDENTIAL_NAME = 'default';

export const CREDENTIAL_NAME_RULE =
  'A credential name is 1 to 32 lowercase letters, digits, dots, dashes or underscores, starting with a letter or digit';

/** A game server's name in the network: what the console, the logs and the audit log call it. */
export const credentialNameSchema = z
  .string()
  .trim()
  .regex(/^[a-z0-9][a-z0-9._-]{0,31}$/, CREDENTIAL_NAME_RULE)
  .refine((name) => name !== DEFAULT_CREDENTIAL_NAME, {
    error: `"${DEFAULT_CREDENTIAL_NAME}" is the name of BRIDGE_TOKEN: choose another`,
  })
  .describe('The game server it is for, e.g. lobby-1');

const EXAMPLE_ID = '5b7f3c2e-8d1a-4c6b-9e2f-0a1b2c3d4e5f';
const EXAMPLE_TOKEN = 'Qm9yZWQ_bm90aGluZy10by1zZWUtaGVyZS0wMTIzNDU2Nzg5';

/** A credential as it is listed: never its token, nor its hash. */
export const bridgeCredentialSchema = z
  .object({
    id: z.guid(),
    name: z.string(),
    created_at: z.string(),
    created_by: z.string().describe('Who made it: an owner\'s name, or "command line"'),
    last_used_at: z
      .string()
      .nullable()
      .describe('When a game server last used it (to the minute: it is recorded at most once a minute)'),
    revoked_at: z.string().nullable().describe('When it was revoked; from then on it is refused (401)'),
  })
  .meta({
    id: 'BridgeCredential',
    description: "A game server's credential for the bridge, without its token.",
  });
export type BridgeCredential = z.infer<typeof bridgeCredentialSchema>;

const exampleCredential: BridgeCredential = {
  id: EXAMPLE_ID,
  name: 'lobby-1',
  created_at: '2026-05-01T14:20:11.000Z',
  created_by: 'Notch',
  last_used_at: '2026-05-02T09:13:00.000Z',
  revoked_at: null,
};

export const bridgeCredentialListSchema = z.object({ credentials: z.array(bridgeCredentialSchema) }).meta({
  id: 'BridgeCredentialList',
  description:
    'Every credential made for a game server, revoked ones included, oldest first. BRIDGE_TOKEN, the built-in "default", is not listed.',
  examples: [
    {
      credentials: [
        exampleCredential,
        {
          ...exampleCredential,
          id: '0f8e7d6c-5b4a-4938-8271-605f4e3d2c1b',
          name: 'mines-2',
          created_by: 'command line',
          last_used_at: null,
          revoked_at: '2026-05-03T10:00:00.000Z',
        },
      ],
    },
  ],
});
export type BridgeCredentialList = z.infer<typeof bridgeCredentialListSchema>;

/** POST /api/admin/bridge/credentials */
export const createBridgeCredentialSchema = z
  .object({ name: credentialNameSchema })
  .meta({ id: 'CreateBridgeCredential', examples: [{ name: 'lobby-1' }] });

/** The answer to its creation: the only time the token is ever shown. */
export const createdBridgeCredentialSchema = z
  .object({
    credential: bridgeCredentialSchema,
    token: z
      .string()
      .describe(
        "The bearer token for the game server's plugin. Shown this once: the site keeps only its hash",
      ),
  })
  .meta({
    id: 'CreatedBridgeCredential',
    description: 'A new credential and its token, which is never shown again.',
    examples: [{ credential: { ...exampleCredential, last_used_at: null }, token: EXAMPLE_TOKEN }],
  });
export type CreatedBridgeCredential = z.infer<typeof createdBridgeCredentialSchema>;

export const bridgeCredentialParamsSchema = z.object({ id: z.guid({ error: 'Not a credential id' }) });
