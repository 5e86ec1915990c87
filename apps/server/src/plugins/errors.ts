// Where errors become answers: every error is JSON {detail} with the right status; stack traces never
// reach a client. Below the HTTP layer code raises domain errors (errors.ts); HttpError is for the
// HTTP layer itself (plugins, app.ts).
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DATABASE_UNAVAILABLE, isDatabaseDown } from '../db/errors.ts';
import { DomainError, type Failure } from '../errors.ts';

/** The HTTP layer's own errors: a status and a plain sentence. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

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

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof DomainError) {
      return reply.code(STATUS_OF[err.kind]).send({ detail: err.detail, ...err.extra });
    }
    if (err instanceof HttpError) {
      return reply.code(err.statusCode).send({ detail: err.detail, ...err.extra });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const reasons = err.validation.map((v) => {
        const where = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        return where ? `${where}: ${v.message}` : (v.message ?? 'invalid');
      });
      return reply
        .code(400)
        .send({ detail: `Invalid ${err.validationContext ?? 'request'}: ${reasons.join('; ')}` });
    }
    if (isDatabaseDown(err)) {
      request.log.warn({ err }, 'database unavailable');
      return reply.code(503).send({ detail: DATABASE_UNAVAILABLE });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed JSON, body too large, wrong content type).
      return reply.code(status).send({ detail: err.message });
    }
    request.log.error({ err }, 'request failed');
    return reply.code(500).send({ detail: 'Internal server error' });
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
