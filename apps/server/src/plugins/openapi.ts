// The OpenAPI document at /api/openapi.json, built from the routes' zod schemas, and a browsable
// reference at /api/reference.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Prison community site API',
        description:
          'The API of the community site: public data, the player area, the admin console, and the bridge ' +
          'through which the game server reports what happens in game.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: {
          bearer: {
            type: 'http',
            scheme: 'bearer',
            description: 'A player access token, or BRIDGE_TOKEN for /api/bridge',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/reference',
    staticCSP: true,
    // Its own policy would upgrade every request to https and break the page on plain http.
    transformStaticCSP: (header) =>
      header
        .replace(/upgrade-insecure-requests;?\s*/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'"),
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
