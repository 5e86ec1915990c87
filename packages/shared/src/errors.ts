import { z } from 'zod';

/**
 * Every error the API answers is `{detail, code}` (plus, for some, fields named below): `detail` is
 * a sentence for a person, which may be reworded at any time; `code` is one of the names below, which
 * a program branches on (a plugin, the web app showing its own message per code). A code once
 * published keeps its name and meaning; a new situation gets a new code, added here, and the server
 * cannot raise an error without one of these (the constructors in apps/server/src/errors.ts take
 * the code first). The status says the kind (400 bad input, 401, 403, 404, 409, 413, 429, 503); the
 * code says which case of it.
 *
 * The game server's batch refused as a whole answers `events_refused` with `errors`, each bad event
 * by its index with its own code (one of BRIDGE_EVENT_ERROR_CODES) and reason.
 */
export const ERROR_CODES = {
  // Any request: the HTTP layer's own.
  invalid_request: "The body, query or path does not match the endpoint's schema; `detail` says which field.",
  malformed_json: 'The body is not valid JSON (or nests too deep, or holds a `__proto__` key).',
  body_too_large: 'The body is larger than this endpoint accepts.',
  unsupported_media_type: 'This endpoint does not read a body of that Content-Type.',
  bad_request: 'The request is malformed as HTTP (a bad URL, a wrong Content-Length, an unreadable request).',
  headers_too_large: "The request's headers are larger than the server accepts.",
  no_such_endpoint: 'No endpoint answers this method and path (on this host).',
  no_such_file: 'No file of the web app has this path.',
  websocket_required: 'This address is a WebSocket feed: connect with ws:// or wss://.',
  bad_websocket_handshake: 'The WebSocket handshake is malformed.',
  cross_site_socket: "A page of another site may not open this site's WebSocket feeds.",
  too_many_connections: 'This address holds as many live connections as it may: close one first.',
  rate_limited: 'Too many requests: wait the seconds that Retry-After gives, then try again.',
  server_restarting: 'The server is shutting down: try again in a moment.',
  database_unavailable: 'The database cannot be reached right now: try again shortly.',
  database_busy: 'Other changes held the same rows, and nothing was done: send the same request again.',
  internal_error: 'A fault of the server: nothing about the request to change (it is logged).',

  // Signing in and who may do what.
  not_signed_in: 'No valid access token: sign in.',
  session_expired: 'The access token has expired: refresh it and try again.',
  session_ended: 'The refresh token is no longer valid (signed out, reused or expired): sign in again.',
  invalid_credentials: 'The username or the password is wrong.',
  too_many_failed_sign_ins: 'Too many failed sign-ins for this account: wait the seconds Retry-After gives.',
  two_factor_required: 'The account has two-factor sign-in: send the sign-in again with `code`.',
  wrong_two_factor_code: 'The two-factor code (or recovery code) is not right.',
  wrong_password: "The account's current password, asked for to change two-factor sign-in, is wrong.",
  two_factor_already_on: 'Two-factor sign-in is already on for this account.',
  two_factor_not_on: 'Two-factor sign-in is not on for this account.',
  two_factor_setup_not_started: 'Start the two-factor setup before confirming it.',
  unknown_session: 'The signed-in player has no session with this id.',
  not_permitted: 'The account does not hold a role that may do this.',
  staff_two_factor_required:
    'Staff tools need two-factor sign-in on the account (STAFF_2FA): turn it on first.',
  staff_sign_in_with_code:
    'Staff tools need a session signed in with a two-factor code: sign in again with one.',
  invalid_token:
    'The bearer token of a machine endpoint (the bridge, the metrics) is missing, wrong or revoked.',

  // Players, gangs, the auction house, the docs.
  unknown_player: 'No player has this name or uuid.',
  unknown_gang: 'No gang has this id.',
  unknown_category: 'No auction category has this key.',
  unknown_listing: 'No listing has this id.',
  unknown_doc: 'No doc has this address.',
  unknown_revision: 'The doc has no revision of this number.',
  not_your_activity: "A player may read only their own activity (and staff, everyone's).",
  statistics_private: 'This player keeps their statistics private.',
  invalid_cursor:
    'The page cursor is not one the server gave for this sort: start again from the first page.',
  cannot_buy_own_listing: 'A player may not buy their own listing.',
  listing_sold_out: 'The listing has no units left (sold or withdrawn).',
  not_enough_left: 'The listing has fewer units left than asked for; `detail` says how many.',
  not_enough_money: "The buyer's balance does not cover the total.",
  idempotency_key_reused: 'This Idempotency-Key was already used for a different purchase.',
  doc_changed: 'The doc was changed since the revision the edit started from: reload it.',
  doc_not_deleted: 'The doc is not deleted, so there is nothing to restore.',
  doc_too_large: "The doc's text is longer than a doc may be.",
  docs_full: 'The docs together are at their limit (count or size): delete or shorten one first.',
  docs_history_full: "The docs' history is full: the site's owner raises DOCS_MAX_HISTORY_MB.",
  unknown_punishment: 'No punishment has this id (or it is not public).',
  punishment_history_private: 'This player keeps their punishment history off their page.',
  not_your_punishment: 'A player may appeal only a punishment of their own.',
  punishment_not_appealable: 'Only a ban or mute in force can be appealed.',
  appeal_exists: 'This punishment has been appealed already: one appeal per punishment.',
  unknown_appeal: 'No appeal has this id.',
  appeal_decided: 'The appeal has been decided already.',
  punishment_not_in_force:
    'The punishment is no longer in force (ended or lifted): there is nothing to lift.',
  previews_busy: 'Too many preview images are being drawn right now: try again shortly.',

  // The game servers' credentials (the bridge).
  unknown_credential: 'No game server credential has this id.',
  credential_name_taken:
    'A credential that is not revoked already has this name: revoke it first, or choose another.',

  // Discord: the owner's webhooks and players' linked accounts.
  webhook_address_refused:
    "The webhook address is not https on Discord's own hosts, nor on a host WEBHOOK_ALLOW_HOSTS names, or not a webhook's address.",
  webhook_exists: 'This webhook address has been added already.',
  too_many_webhooks: 'The site keeps as many webhook addresses as it may: remove one first.',
  unknown_webhook: 'No webhook has this id.',
  unknown_webhook_message: 'The webhook has no message with this id.',
  webhook_message_not_parked: 'The message is not parked: it is waiting or has been sent.',
  webhook_failed:
    'Discord (or the address) refused the message or could not be reached; `detail` says what it answered.',
  webhook_rate_limited: 'Discord asks this address to wait: try again after the seconds `detail` gives.',
  discord_linking_off:
    'The site has no Discord application set up (DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET): linking is not offered.',

  // Staff commands over RCON.
  command_not_allowed: 'RCON_ALLOW does not list this command.',
  rcon_not_configured: 'The site has no RCON connection to the game server configured.',
  rcon_password_refused: 'The game server refused the RCON password.',
  game_server_unavailable: 'The game server cannot be reached over RCON: the command was not sent.',
  game_server_timeout: 'The game server did not answer in time: the command may or may not have run.',

  // The game server's events (POST /api/bridge/events).
  events_refused:
    "Some events were refused and nothing was applied: `errors` gives each one's index, code and reason.",
  event_invalid: 'The event does not match the schema of its type.',
  listing_exists: 'An auction.listed names a listing id that already exists.',
  cannot_befriend_self: 'A friend.add names the same player twice.',
  staff_account_refused:
    'The game server may not change this account, or grant this role: staff roles are outside BRIDGE_STAFF_ROLES.',
  punishment_exists: 'A punishment.issued names a punishment id that already exists.',
  punishment_not_revocable: 'A punishment.revoked names a kick, which has nothing to lift.',
  revoked_before_issued: 'A punishment.revoked is dated before the punishment was issued.',
  unknown_action: "A punishment event's action_id names no staff action the site handed to the game server.",
  value_refused: 'The database refused a value (out of range, or breaking a rule of the data).',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

const codes = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];
const listed = (of: readonly ErrorCode[]) =>
  of.map((code) => `- \`${code}\`: ${ERROR_CODES[code]}`).join('\n');

/** The codes a refused event of the game server's batch may carry (`errors[].code`). */
export const BRIDGE_EVENT_ERROR_CODES = [
  'event_invalid',
  'unknown_player',
  'unknown_gang',
  'unknown_listing',
  'listing_exists',
  'cannot_befriend_self',
  'staff_account_refused',
  'unknown_punishment',
  'punishment_exists',
  'punishment_not_revocable',
  'revoked_before_issued',
  'unknown_action',
  'value_refused',
] as const satisfies readonly ErrorCode[];
export type BridgeEventErrorCode = (typeof BRIDGE_EVENT_ERROR_CODES)[number];

export const errorCodeSchema = z
  .enum(codes)
  .describe(`What went wrong, as a stable name to branch on (\`detail\` is for people):\n${listed(codes)}`);
export const bridgeEventErrorCodeSchema = z
  .enum(BRIDGE_EVENT_ERROR_CODES)
  .describe(`Why this event was refused:\n${listed(BRIDGE_EVENT_ERROR_CODES)}`);

/** Every error the API answers: a status, a plain sentence and its code. */
export const errorSchema = z.object({ detail: z.string(), code: errorCodeSchema }).meta({
  id: 'Error',
  description: 'An error: `detail` a sentence for people, `code` a stable name for programs.',
  examples: [{ detail: 'No such player', code: 'unknown_player' }],
});
export type ApiError = z.infer<typeof errorSchema>;

/** The body of an answer with no content (204), such as a deletion's: none, read as null. */
export const noContentSchema = z.null();
