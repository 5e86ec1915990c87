// Who may use the bridge's routes and socket: a request presenting BRIDGE_TOKEN or a game server's
// credential not revoked (credentials.ts). The credential is known on every request after it, as
// request.bridgeCredential, so that what a game server does can be told apart by its name.
import type { FastifyRequest } from 'fastify';
import { unauthenticated } from '../../errors.ts';
import type { BridgeCredentials, BridgeIdentity } from './credentials.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set on the bridge's routes once the bearer token is checked. */
    bridgeCredential?: BridgeIdentity;
  }
}

/** Checks `Authorization: Bearer <token>` before the body is read; 401 `invalid_token` otherwise. */
export function bridgeAuth(credentials: BridgeCredentials) {
  return async (request: FastifyRequest) => {
    const header = request.headers.authorization ?? '';
    const presented = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const identity = presented ? await credentials.identify(presented) : null;
    if (!identity) throw unauthenticated('invalid_token', 'A valid bridge token is required');
    request.bridgeCredential = identity;
  };
}
