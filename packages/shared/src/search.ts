// Search (GET /api/search?q=): players by name prefix and gangs by name, as the header's search
// field types.
import { z } from 'zod';

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

export const searchPlayerSchema = z.object({
  uuid: z.string(),
  username: z.string(),
  rank: z.string(),
  level: z.int(),
  online: z.boolean(),
});
export type SearchPlayer = z.infer<typeof searchPlayerSchema>;

export const searchGangSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  status: z.string(),
  member_count: z.int(),
  online_count: z.int(),
});
export type SearchGang = z.infer<typeof searchGangSchema>;

/** At most 8 of each, best first: the exact name, then names that start with the query, online first. */
export const searchResultSchema = z.object({
  players: z.array(searchPlayerSchema).max(SEARCH_MAX_RESULTS),
  gangs: z.array(searchGangSchema).max(SEARCH_MAX_RESULTS),
});
export type SearchResult = z.infer<typeof searchResultSchema>;
