// Hosts the built web app: hashed assets cached for a year, pre-compressed files when present,
// and index.html for every other path outside /api and /ws (the single-page app's routes).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/(api|ws)(\/|$)/;

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const built = existsSync(join(webDist, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      preCompressed: true,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders(res, path) {
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
    }
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, or start with `npm start`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
