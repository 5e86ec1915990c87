// What went wrong, in the domain's words. Services, routes, the live hub and the command line raise
// these; plugins/errors.ts is the one place that turns each kind into a status and a {detail} answer
// (and holds HttpError, the HTTP layer's own, which lint refuses below it). Errors the database
// raises are classified in db/errors.ts.

/** What went wrong. */
export type Failure =
  | 'invalid'
  | 'unauthenticated'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'rate_limited'
  | 'unavailable';

export class DomainError extends Error {
  constructor(
    readonly kind: Failure,
    readonly detail: string,
    /** More for the answer beside `detail` (e.g. the bridge's rejected events). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

/** Bad input: a value the domain does not accept. */
export const invalid = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('invalid', detail, extra);
/** No valid sign-in. */
export const unauthenticated = (detail: string, extra?: Record<string, unknown>) =>
  new DomainError('unauthenticated', detail, extra);
/** Signed in, but not allowed to. */
export const forbidden = (detail: string) => new DomainError('forbidden', detail);
export const notFound = (detail: string) => new DomainError('not_found', detail);
/** The state of things does not allow it (taken, changed, too few left). */
export const conflict = (detail: string) => new DomainError('conflict', detail);
export const tooLarge = (detail: string) => new DomainError('too_large', detail);
/** Too many attempts: try again later. */
export const rateLimited = (detail: string) => new DomainError('rate_limited', detail);
/** A dependency (the database, the game server) cannot do it right now. */
export const unavailable = (detail: string) => new DomainError('unavailable', detail);
