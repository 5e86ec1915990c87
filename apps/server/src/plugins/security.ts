// Security headers, with a Content-Security-Policy that admits exactly the image hosts configured.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

function origin(template: string): string | null {
  try {
    return new URL(template.replace(/\{\w+\}/g, 'x')).origin;
  } catch {
    return null;
  }
}

export function contentSecurityPolicy(config: Config): Record<string, string[] | null> {
  const imageHosts = [config.avatarUrl, config.assetBaseUrl]
    .map(origin)
    .filter((o): o is string => o !== null);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
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

type HeaderValues = Record<string, string | number | string[]>;

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  // Not global: @fastify/helmet would rebuild helmet's middleware (re-parsing the whole policy) on
  // every request. The headers do not depend on the request, so helmet sets them once, with the
  // site's options, and one synchronous hook puts the same values on every answer.
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Avatars and icons come from other hosts.
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
  let headers: HeaderValues | null = null;
  app.addHook('onRequest', (_request, reply, done) => {
    if (headers) {
      reply.headers(headers);
      return done();
    }
    const before = new Set(reply.raw.getHeaderNames());
    reply.helmet();
    headers = Object.fromEntries(
      Object.entries(reply.raw.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] =>
          !before.has(entry[0]) && entry[1] !== undefined,
      ),
    );
    done();
  });
}
