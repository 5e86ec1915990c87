// What went wrong, in the domain's words. Services, routes, the live hub and the command line raise
// these; plugins/errors.ts is the one place that turns each kind into a status and a {detail, code}
// answer (and holds HttpError, the HTTP layer's own, which lint refuses below it). Errors the database
// raises are classified in db/errors.ts. Each error names its code from the shared catalogue
// (ERROR_CODES in @prison/shared/errors) first, so none can be raised without one.
import type { ErrorCode } from '@prison/shared/errors';

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
    /** Which case of the kind, for programs to branch on (the shared catalogue). */
    readonly code: ErrorCode,
    readonly detail: string,
    /** More for the answer beside `detail` (e.g. the bridge's rejected events). */
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

/** Bad input: a value the domain does not accept. */
export const invalid = (code: ErrorCode, detail: string, extra?: Record<string, unknown>) =>
  new DomainError('invalid', code, detail, extra);
/** No valid sign-in. */
export const unauthenticated = (code: ErrorCode, detail: string, extra?: Record<string, unknown>) =>
  new DomainError('unauthenticated', code, detail, extra);
/** Signed in, but not allowed to. */
export const forbidden = (code: ErrorCode, detail: string) => new DomainError('forbidden', code, detail);
export const notFound = (code: ErrorCode, detail: string) => new DomainError('not_found', code, detail);
/** The state of things does not allow it (taken, changed, too few left). */
export const conflict = (code: ErrorCode, detail: string) => new DomainError('conflict', code, detail);
export const tooLarge = (code: ErrorCode, detail: string) => new DomainError('too_large', code, detail);
/** Too many attempts: try again later. */
export const rateLimited = (code: ErrorCode, detail: string) => new DomainError('rate_limited', code, detail);
/** A dependency (the database, the game server) cannot do it right now. */
export const unavailable = (code: ErrorCode, detail: string) => new DomainError('unavailable', code, detail);

/**
 * A refusal of the operator's tools (backup, restore, db:move, the accounts command): told on the
 * terminal, never answered over HTTP, so it has no code and no status.
 */
export class OperatorError extends Error {}
export const operatorError = (detail: string) => new OperatorError(detail);
