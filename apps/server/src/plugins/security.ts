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

export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    // Avatars and icons come from other hosts.
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl?.startsWith('https:') ? undefined : false,
  });
}
