import { SEASON } from '@prison/shared/season';
import { type SiteConfig, siteConfigSchema } from '@prison/shared/site-config';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';

export function siteConfig(config: Config): SiteConfig {
  return {
    adminHosts: config.adminHosts,
    communityInviteUrl: config.communityInviteUrl,
    avatarUrl: config.avatarUrl,
    itemIconUrl: `${config.assetBaseUrl}/item/{icon}.png`,
    gameVersion: '1.21.4',
    season: SEASON,
    demo: config.demo,
    languages: config.languages.offered,
    defaultLanguage: config.languages.default,
  };
}

export const configRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const body = siteConfig(config);
  app.get(
    '/api/config',
    {
      schema: {
        operationId: 'getSiteConfig',
        tags: ['site'],
        security: [],
        summary: 'What the web app needs to know about this deployment',
        response: { 200: siteConfigSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return body;
    },
  );
};
