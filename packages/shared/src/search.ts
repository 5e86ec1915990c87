// Search (GET /api/search?q=): players by name prefix and gangs by name, as the header's search
// field types.
import { z } from 'zod';
import { NIGHT_SHIFT } from './examples.ts';

export const SEARCH_MAX_QUERY = 32;
export const SEARCH_MAX_RESULTS = 8;

export const searchQuerySchema = z.object({
  q: z
    .string({ error: 'Type something to search for' })
    .trim()
    .min(1, { error: 'Type something to search for' })
    .max(SEARCH_MAX_QUERY, { error: `Search for at most ${SEARCH_MAX_QUERY} characters` })
    // Control characters (NUL above all, which PostgreSQL cannot take) are in no name.
    .refine((q) => ![...q].some((c) => c < ' ' || c === '\u007f'), {
      error: 'Search for letters, digits and punctuation',
    })
    .describe('A player name prefix or part of a gang name, any case'),
});

export const searchPlayerSchema = z
  .object({
    uuid: z.string(),
    username: z.string(),
    rank: z.string(),
    level: z.int(),
    online: z.boolean(),
  })
  .meta({ id: 'SearchPlayer', description: 'A player whose name matched.' });
export type SearchPlayer = z.infer<typeof searchPlayerSchema>;

export const searchGangSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    color: z.string().nullable(),
    status: z.string(),
    member_count: z.int(),
    online_count: z.int(),
  })
  .meta({ id: 'SearchGang', description: 'A gang whose name matched.' });
export type SearchGang = z.infer<typeof searchGangSchema>;

/** At most 8 of each, best first: the exact name, then names that start with the query, online first. */
export const searchResultSchema = z
  .object({
    players: z.array(searchPlayerSchema).max(SEARCH_MAX_RESULTS),
    gangs: z.array(searchGangSchema).max(SEARCH_MAX_RESULTS),
  })
  .meta({
    id: 'SearchResult',
    description:
      'At most 8 players and 8 gangs, best first: the exact name, then names that start with the query, online first.',
    examples: [
      {
        players: [
          {
            uuid: '1f1e1429-1d59-4f0d-ae4a-e091e9bc376f',
            username: 'Nightcrawler',
            rank: 'DOMINUS',
            level: 88,
            online: true,
          },
          {
            uuid: '7043f5d4-3afb-4ed6-abff-036daebf5496',
            username: 'nightowl',
            rank: 'ROOKIE',
            level: 4,
            online: false,
          },
        ],
        gangs: [{ ...NIGHT_SHIFT, status: 'InviteOnly', member_count: 3, online_count: 2 }],
      },
    ],
  });
export type SearchResult = z.infer<typeof searchResultSchema>;
