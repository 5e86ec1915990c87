// What every WebSocket of the site has in common (DESIGN.md section 4, Sockets): the keep-alive,
// how much a client may send, and the codes the site closes a socket with. The server uses these
// values and its AsyncAPI document (GET /api/asyncapi.json) states them, so the two cannot differ.

/**
 * The site pings every socket this often (a WebSocket ping frame, which clients answer on their
 * own); a socket that has not answered one ping by the next is dropped without a close frame.
 */
export const PING_INTERVAL_MS = 30_000;

/** The largest message a client may send; the sockets read nothing, so this is small. */
export const MAX_CLIENT_MESSAGE_BYTES = 4096;

/** The close codes (RFC 6455 section 7.4.1) the site sends, by what they mean. */
export const CLOSE_CODES = {
  /**
   * The social feed's access token is missing, invalid or expired, or its session was signed out
   * (spec 7): the page logs out with reason expired.
   */
  sessionExpired: 1008,
  /** The game server's credential was revoked while its delivery socket was open. */
  credentialRevoked: 1008,
  /**
   * A staff feed's account may not use the console (no staff role, or, with STAFF_2FA=required, a
   * session without a second factor): the reason says which. Reconnecting will not help.
   */
  notPermitted: 4403,
  /** The client sent a message larger than MAX_CLIENT_MESSAGE_BYTES. */
  messageTooBig: 1009,
  /** The feed could not start (the database cannot be reached): connect again a little later. */
  unavailable: 1011,
} as const;

/** The reason sent with CLOSE_CODES.unavailable. */
export const UNAVAILABLE_REASON = 'unavailable';

/** The reason sent with CLOSE_CODES.credentialRevoked. */
export const CREDENTIAL_REVOKED_REASON = 'credential revoked';
