// Security headers. Pages and files get helmet's set with a Content-Security-Policy that admits
// exactly the image hosts configured; JSON answers get a short set of their own (below). None of
// them depends on the request, so both sets are computed once and one synchronous hook puts them on
// every answer, errors included.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { Config } from '../config.ts';

/** The origin of an address template ("https://crafatar.com/avatars/{uuid}"); null if it has none. */
export function templateOrigin(template: string): string | null {
  try {
    return new URL(template.replace(/\{\w+\}/g, 'x')).origin;
  } catch {
    return null;
  }
}

/**
 * The hashes of the inline scripts of the web app's index.html, for script-src: the one that sets
 * the theme before the first paint (apps/web/vite.config.ts puts it inline). No other inline script
 * runs. Read once, at start-up, like the rest of the policy.
 */
export function inlineScriptHashes(webDist: string): string[] {
  const file = join(webDist, 'index.html');
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body = '']) => `'sha256-${createHash('sha256').update(body).digest('base64')}'`,
  );
}

export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const imageHosts = [config.avatarUrl, config.assetBaseUrl]
    .map(templateOrigin)
    .filter((o): o is string => o !== null);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...inlineScriptHashes(config.webDist)],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:', ...new Set(imageHosts)],
    fontSrc: ["'self'", 'data:'],
    // 'self' covers ws: and wss: to the same host (CSP Level 3).
    connectSrc: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    upgradeInsecureRequests: config.publicUrl?.startsWith('https:') ? [] : null,
  };
}

export type HeaderSet = Readonly<Record<string, string>>;

/** Helmet's headers with the site's options, as it would set them on a response. */
export function documentHeaders(config: Config): HeaderSet {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader() {},
  };
  const middleware = helmet({
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Avatars and icons come from other hosts.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  middleware({} as never, recorder as never, () => {});
  return headers;
}

/**
 * JSON answers are data, never rendered as a page: the policy forbids everything, framing included
 * (as OWASP's REST cheat sheet advises), and the headers that only concern documents are left out.
 */
export function apiHeaders(config: Config): HeaderSet {
  const page = documentHeaders(config);
  const kept = ['strict-transport-security', 'x-content-type-options', 'cross-origin-resource-policy'];
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    ...Object.fromEntries(kept.filter((name) => page[name] !== undefined).map((name) => [name, page[name]])),
  };
}

/** Whether `url` is answered with JSON (the API, sockets, health checks) rather than a page or file. */
export function isApiUrl(url: string): boolean {
  if (url.startsWith('/api')) {
    const next = url.charCodeAt(4);
    // '/api', '/api/…', '/api?…', but not the browsable reference (an HTML page and its files).
    return (Number.isNaN(next) || next === 47 || next === 63) && !url.startsWith('/api/reference');
  }
  return url.startsWith('/ws/') || url.startsWith('/healthz') || url.startsWith('/readyz');
}

export function registerSecurity(app: FastifyInstance, config: Config): void {
  const page = documentHeaders(config);
  const api = apiHeaders(config);
  // Named: the fast lane, which sends the JSON headers itself, accounts for this hook by name.
  app.addHook('onRequest', function securityHeaders(request, reply, done) {
    reply.headers(isApiUrl(request.url) ? api : page);
    done();
  });
}
