// Where errors become answers: every error is JSON {detail, code} with the right status (code from
// the shared catalogue, ERROR_CODES); stack traces never reach a client. Below the HTTP layer code
// raises domain errors (errors.ts); HttpError is for the HTTP layer itself (plugins, app.ts).
import type { ApiError, ErrorCode } from '@prison/shared/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseDown } from '../db/errors.ts';
import { DomainError, type Failure } from '../errors.ts';

/** The HTTP layer's own errors: a status, a code and a plain sentence. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

/** An error answer's body, for the few places that write one themselves rather than throw. */
export const errorBody = (code: ErrorCode, detail: string): ApiError => ({ detail, code });

/** The one place a domain error becomes a status. */
export const STATUS_OF: Readonly<Record<Failure, number>> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  rate_limited: 429,
  unavailable: 503,
};

/** Fastify's own client errors (its FST_ codes), and by status whatever a plugin raises. */
const FRAMEWORK_CODES: Readonly<Record<string, ErrorCode>> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'malformed_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'body_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'unsupported_media_type',
  FST_ERR_NOT_FOUND: 'no_such_endpoint',
  FST_ERR_VALIDATION: 'invalid_request',
};
const STATUS_CODES: Readonly<Record<number, ErrorCode>> = {
  404: 'no_such_endpoint',
  413: 'body_too_large',
  415: 'unsupported_media_type',
  429: 'rate_limited',
  431: 'headers_too_large',
  500: 'internal_error',
};

/** The code of a client error Fastify or one of its plugins raised. */
export function frameworkErrorCode(err: { code?: string; statusCode?: number }): ErrorCode {
  return (
    (err.code !== undefined ? FRAMEWORK_CODES[err.code] : undefined) ??
    STATUS_CODES[err.statusCode ?? 400] ??
    'bad_request'
  );
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply.code(STATUS_OF[err.kind]).send({ detail: err.detail, code: err.code, ...err.extra });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ detail: err.detail, code: err.code, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const reasons = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${v.message}` : (v.message ?? 'invalid');
      });
      const detail = `Invalid ${err.validationContext ?? 'request'}: ${reasons.join('; ')}`;
      return reply.code(400).send(errorBody('invalid_request', detail));
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).send(errorBody('database_unavailable', DATABASE_UNAVAILABLE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply.code(status).send(errorBody(frameworkErrorCode(err), err.message));
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send(errorBody('internal_error', 'Internal server error'));
  });
}

/**
 * Keeps secrets in query strings (the social socket's token) out of every log line. The server
 * reads a parameter's name decoded (fast-querystring: '+' is a space, then percent-decoding), so
 * `%74oken=` is the token too: each name is decoded before it is matched, as often as it still
 * changes (double encoding), in any case. Parameters are split at '&', and generously at ';' and
 * '?' as other parsers do; a value runs to the next of those, a '#' included (the server reads it
 * so). Malformed encoding never throws: a '%' that starts no escape stays as it is.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const query = url
    .slice(mark + 1)
    .split(/([&;?])/)
    .map((part) => {
      const equals = part.indexOf('=');
      return equals !== -1 && isSecretName(part.slice(0, equals))
        ? `${part.slice(0, equals + 1)}[redacted]`
        : part;
    });
  return `${url.slice(0, mark + 1)}${query.join('')}`;
}

const SECRET_NAMES = /token|password|secret/;

function isSecretName(name: string): boolean {
  let decoded = name;
  for (let round = 0; round < 8; round++) {
    const next = decoded
      .replaceAll('+', ' ')
      .replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    if (next === decoded) break;
    decoded = next;
  }
  // Spaces, underscores and the like do not hide a name either (access_token, " token").
  return SECRET_NAMES.test(decoded.toLowerCase().replace(/[^a-z]/g, ''));
}
