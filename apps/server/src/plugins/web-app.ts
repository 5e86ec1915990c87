// Hosts the built web app: hashed assets cached for a year, pre-compressed files when present,
// and index.html for every other path outside /api and /ws (the single-page app's routes).
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PATH = /^\/(api|ws)(\/|$)/;
// A request for a file (hashed assets, robots.txt, an image) that does not exist is a 404, not the
// app: after a deploy, a stale chunk must fail loudly instead of being handed HTML.
const FILE_PATH = /^\/assets\/|\/[^/]+\.[A-Za-z0-9]{1,8}$/;

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
        const hashed = relative(webDist, path).startsWith(`assets${sep}`);
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (API_PATH.test(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.code(404).send({ detail: `No such endpoint: ${request.method} ${path}` });
    }
    if (FILE_PATH.test(path)) return reply.code(404).send({ detail: `Not found: ${path}` });
    if (!built) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web app has not been built yet. Run `npm run build`, or start with `npm start`.');
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
