// GET /api/config: what the web app reads at start, so one build serves every deployment.
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';

export const seasonSchema = z
  .object({
    number: z.int(),
    name: z.string(),
    status: z.enum(['upcoming', 'live', 'ended']),
    totalEnchants: z.int(),
    dailyQuests: z.int(),
    maxPrestige: z.int(),
    lengthDays: z.int(),
  })
  .meta({ id: 'Season', description: 'The current season.' });
export type Season = z.infer<typeof seasonSchema>;

export const siteConfigSchema = z
  .object({
    // Hosts that serve the admin console on their own (spec 2.1); empty means the /admin path.
    adminHosts: z.array(z.string()),
    communityInviteUrl: z.string(),
    // Templates: {uuid} and {size} for avatars; {icon} for item and enchant icons.
    avatarUrl: z.string(),
    itemIconUrl: z.string(),
    gameVersion: z.string(),
    season: seasonSchema,
    demo: z.boolean(),
    // The languages the site offers in its menu, and the one it falls back to (SITE_LANGUAGES, SITE_LANGUAGE).
    languages: z.array(z.enum(LANGUAGES)),
    defaultLanguage: z.enum(LANGUAGES),
  })
  .meta({
    id: 'SiteConfig',
    description: 'What the web app starts from: addresses, templates and the current season.',
    examples: [
      {
        adminHosts: [],
        communityInviteUrl: 'https://discord.gg/prison',
        avatarUrl: 'https://crafatar.com/avatars/{uuid}?size={size}&overlay&default=MHF_Steve',
        itemIconUrl: 'https://assets.mcasset.cloud/1.21.4/assets/minecraft/textures/item/{icon}.png',
        gameVersion: '1.21.4',
        season: {
          number: 1,
          name: 'Season I',
          status: 'live',
          totalEnchants: 47,
          dailyQuests: 10,
          maxPrestige: 5,
          lengthDays: 90,
        },
        demo: false,
        languages: ['en', 'de', 'es', 'fr', 'pl', 'pt-BR', 'ru'],
        defaultLanguage: 'en',
      },
    ],
  });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

// Spec 9 Season's value is SEASON in season.ts, and the templates are filled by address-template.ts:
// both without zod, for the pages that read them.
