// Search (the header's search field): players by name prefix, gangs by name. Players are read from
// two ranges of the prefix indexes (online players first, then everyone), each stopping after a
// few rows, so a search costs the same at a million players; gangs from the live gangs snapshot.
import type { SearchGang, SearchPlayer, SearchResult } from '@prison/shared/search';
import { SEARCH_MAX_RESULTS } from '@prison/shared/search';
import type { Gang } from '@prison/shared/social';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { prefixEnd } from '../../db/prefix-range.ts';
import { players } from '../../db/schema.ts';

const NAME = sql`(lower(${players.username}) collate "C")`;

/**
 * Best first: the exact name, then online players, then everyone, each in name order. Each part
 * reads its own index range and stops after SEARCH_MAX_RESULTS rows. Prepared once per database,
 * so a search sends only its two values (the statement is parsed and planned once per connection).
 */
function preparePlayerSearch(db: Db) {
  const q = sql.placeholder('q');
  const end = sql.placeholder('end');
  const columns = (part: number) => ({
    part: sql<number>`${sql.raw(String(part))}`.mapWith(Number),
    uuid: players.uuid,
    username: players.username,
    rank: players.rank,
    level: players.level,
    online: players.online,
  });
  // Written as the partial index's own predicate, so that even a generic plan may use it.
  const isOnline = sql`${players.online}`;
  const inRange = sql`${NAME} >= ${q} and ${NAME} < ${end}`;
  const exact = db
    .select(columns(0))
    .from(players)
    .where(sql`${NAME} = ${q}`)
    .orderBy(sql`${players.online} desc`)
    .limit(SEARCH_MAX_RESULTS);
  const onlineFirst = db
    .select(columns(1))
    .from(players)
    .where(sql`${isOnline} and ${inRange}`)
    .orderBy(NAME)
    .limit(SEARCH_MAX_RESULTS);
  const everyone = db.select(columns(2)).from(players).where(inRange).orderBy(NAME).limit(SEARCH_MAX_RESULTS);
  return exact.unionAll(onlineFirst).unionAll(everyone).prepare('search_players');
}

const prepared = new WeakMap<Db, ReturnType<typeof preparePlayerSearch>>();

/** What a prefix of a player name can be (bridge.ts `username`): anything else matches no one. */
const NAME_PREFIX = /^[.*]?[A-Za-z0-9_]*$/;

export async function searchPlayers(db: Db, query: string): Promise<SearchPlayer[]> {
  if (!NAME_PREFIX.test(query)) return [];
  let statement = prepared.get(db);
  if (!statement) {
    statement = preparePlayerSearch(db);
    prepared.set(db, statement);
  }
  const q = query.toLowerCase();
  const rows = (await statement.execute({ q, end: prefixEnd(q) })).sort((a, b) => a.part - b.part);
  const seen = new Set<string>();
  const found: SearchPlayer[] = [];
  for (const { part: _part, ...player } of rows) {
    if (seen.has(player.uuid) || found.length >= SEARCH_MAX_RESULTS) continue;
    seen.add(player.uuid);
    found.push(player);
  }
  return found;
}

/**
 * Gangs whose name contains the query (any case), best first: the exact name, then names that
 * start with it, then the rest; within each, most members online first, then by name.
 */
export function searchGangs(gangs: readonly Gang[], query: string): SearchGang[] {
  const q = query.toLowerCase();
  const score = (name: string) => (name === q ? 0 : name.startsWith(q) ? 1 : 2);
  return gangs
    .map((gang) => ({ gang, name: gang.name.toLowerCase() }))
    .filter(({ name }) => name.includes(q))
    .sort(
      (a, b) =>
        score(a.name) - score(b.name) ||
        b.gang.online_count - a.gang.online_count ||
        (a.name < b.name ? -1 : a.name > b.name ? 1 : 0),
    )
    .slice(0, SEARCH_MAX_RESULTS)
    .map(({ gang }) => ({
      id: gang.id,
      name: gang.name,
      color: gang.color,
      status: gang.status,
      member_count: gang.member_count,
      online_count: gang.online_count,
    }));
}

export async function search(db: Db, gangs: readonly Gang[], query: string): Promise<SearchResult> {
  return { players: await searchPlayers(db, query), gangs: searchGangs(gangs, query) };
}

/** How long an answer is kept: what the answer's own Cache-Control allows every cache to keep it. */
export const SEARCH_ANSWER_TTL_MS = 5000;
const MAX_KEPT_ANSWERS = 2000;

/**
 * Recent answers by query (any case gives one answer). As people type, everyone's first letters
 * are the same few queries: those are answered from here for up to five seconds, the freshness
 * the answer already declares (`Cache-Control: max-age=5`), so no client sees anything staler
 * than a browser cache could show it. Searches for one query at the same moment share one read.
 */
export class SearchAnswers {
  private readonly kept = new Map<string, { answer: Promise<SearchResult>; until: number }>();

  constructor(
    private readonly read: (query: string) => Promise<SearchResult>,
    private readonly ttlMs = SEARCH_ANSWER_TTL_MS,
    private readonly max = MAX_KEPT_ANSWERS,
  ) {}

  answer(query: string, now = Date.now()): Promise<SearchResult> {
    const key = query.toLowerCase();
    const kept = this.kept.get(key);
    if (kept && kept.until > now) return kept.answer;
    if (kept) this.kept.delete(key);
    const answer = this.read(key);
    this.kept.set(key, { answer, until: now + this.ttlMs });
    // A failed read is not kept: the next search asks the database again.
    answer.catch(() => {
      if (this.kept.get(key)?.answer === answer) this.kept.delete(key);
    });
    // Map order is insertion order: the first entries are the oldest.
    for (const oldest of this.kept.keys()) {
      if (this.kept.size <= this.max) break;
      this.kept.delete(oldest);
    }
    return answer;
  }
}
