// What each public page's HTML says about itself (plugins/page-meta.ts writes it into index.html):
// its title as the page sets it once running, a description, its canonical address and, for a
// player or a gang, the preview card. An unknown player or gang is a 404 page; a player's uuid
// address redirects to their name. Figures come from the live snapshots where the page has one.
import { pageTitle, SITE_NAME } from '@prison/shared/brand';
import { formatMoneyCompact } from '@prison/shared/money-format';
import type { Db } from '../../db/client.ts';
import type { LiveHub } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import type { PageAnswer, PageMeta, PageMetaResolver } from '../../plugins/page-meta.ts';
import { VISITOR } from '../auth/staff.ts';
import { DOCS_TOPIC } from '../docs/service.ts';
import { snapshotTopic } from '../leaderboard/service.ts';
import { isPlayerUuid, playerPage } from '../players/public-page.ts';
import { gangById } from '../social/service.ts';
import { formatWhole } from './card-style.ts';
import { cardVersion, gangCardData, playerCardData } from './cards.ts';

// The description index.html carries, for the home page.
const HOME_DESCRIPTION =
  `${SITE_NAME} is a prison-style Minecraft server. Season I is coming soon: 90-day seasons, an enchant ` +
  'laboratory, gangs, a live leaderboard and an auction house.';

const found = (meta: PageMeta): PageAnswer => ({ kind: 'page', status: 200, meta });
const notFound = (meta: PageMeta): PageAnswer => ({
  kind: 'page',
  status: 404,
  meta: { ...meta, noindex: true },
});

const plural = (n: number, one: string, many: string) => `${formatWhole(n)} ${n === 1 ? one : many}`;
const titleCase = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

/** A path segment as the address names it, or null when it does not decode. */
function segment(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * The first words of a doc as plain text, at most about 160 characters, for its description; a
 * first heading that only repeats the title is left out.
 */
export function docSummary(markdown: string, title = ''): string {
  const heading = /^\s*#{1,6}\s+(.*)\n/.exec(markdown);
  const body =
    heading && heading[1]!.trim().toLowerCase() === title.trim().toLowerCase()
      ? markdown.slice(heading[0].length)
      : markdown;
  const text = body
    .replace(/```[\s\S]*?```/g, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120)).replace(/[\s,.;:]+$/, '')}…`;
}

const GANG_KIND: Record<string, string> = {
  Open: 'an open gang',
  InviteOnly: 'an invite-only gang',
  Closed: 'a closed gang',
};

export function linkPreviews({ db, hub }: { db: Db; hub: LiveHub }): PageMetaResolver {
  async function playerAnswer(address: string, query: URLSearchParams): Promise<PageAnswer> {
    const missing = notFound({
      title: pageTitle('Player not found'),
      description: `We couldn't find that player on ${SITE_NAME}.`,
      path: `/players/${encodeURIComponent(address)}`,
    });
    if (address.length < 1 || address.length > 36) return missing;
    const page = await playerPage(db, address, VISITOR, { heroOnly: true });
    if (!page) return missing;
    const path = `/players/${encodeURIComponent(page.username)}`;
    if (isPlayerUuid(address)) {
      const search = query.toString();
      return { kind: 'redirect', location: search ? `${path}?${search}` : path };
    }
    const card = playerCardData(page);
    const facts = [
      `${titleCase(page.rank || 'Unranked')} rank`,
      `level ${formatWhole(page.level)}`,
      `prestige ${formatWhole(page.prestige)}`,
      `balance ${formatMoneyCompact(page.balance)}`,
    ];
    return found({
      title: pageTitle(page.username),
      description:
        `${page.username} on ${SITE_NAME}: ${facts.join(', ')}` +
        (page.gang ? `. Member of the gang ${page.gang.name}.` : '.'),
      path,
      type: 'profile',
      image: {
        path: `/api/og/players/${encodeURIComponent(page.username)}.png?v=${cardVersion(card)}`,
        alt: `${page.username}: level ${formatWhole(page.level)}, ${formatMoneyCompact(page.balance)}`,
      },
    });
  }

  async function gangAnswer(id: string): Promise<PageAnswer> {
    const gang = id.length >= 1 && id.length <= 64 ? await gangById(db, id) : null;
    if (!gang) {
      return notFound({
        title: pageTitle('Gang not found'),
        description: `We couldn't find that gang on ${SITE_NAME}.`,
        path: `/gangs/${encodeURIComponent(id)}`,
      });
    }
    return found({
      title: pageTitle(gang.name),
      description:
        `${gang.name}: ${GANG_KIND[gang.status] ?? 'a gang'} on ${SITE_NAME} with ` +
        `${plural(gang.member_count, 'member', 'members')} and a treasury of ${formatMoneyCompact(gang.balance)}. ` +
        `Minimum level ${formatWhole(gang.min_level)}.`,
      path: `/gangs/${encodeURIComponent(gang.id)}`,
      image: {
        path: `/api/og/gangs/${encodeURIComponent(gang.id)}.png?v=${cardVersion(gangCardData(gang))}`,
        alt: `${gang.name}: ${plural(gang.member_count, 'member', 'members')}, treasury ${formatMoneyCompact(gang.balance)}`,
      },
    });
  }

  async function docsAnswer(query: URLSearchParams): Promise<PageAnswer> {
    const slug = query.get('doc');
    const docs = slug ? await hub.current(DOCS_TOPIC) : [];
    const doc = docs.find((d) => d.slug === slug);
    if (doc) {
      return found({
        title: pageTitle(`${doc.title} · Docs`),
        description: docSummary(doc.content, doc.title) || `${doc.title}, in the ${SITE_NAME} docs.`,
        path: `/docs?doc=${encodeURIComponent(doc.slug)}`,
      });
    }
    return found({
      title: pageTitle('Docs'),
      description: `Guides to ${SITE_NAME}: how to join, ranks and prestige, enchants, gangs and the auction house.`,
      path: '/docs',
    });
  }

  function leaderboardAnswer(): PageAnswer {
    const leader = hub.peek(snapshotTopic('level'))?.[0];
    return found({
      title: pageTitle('Leaderboard'),
      description:
        `The top players of ${SITE_NAME} by level, XP, prestige and balance, updated live.` +
        (leader ? ` ${leader.username} leads at level ${formatWhole(leader.level)}.` : ''),
      path: '/leaderboard',
    });
  }

  function statusAnswer(): PageAnswer {
    const online = hub.peek(TOPICS.online)?.online;
    return found({
      title: pageTitle('Server status'),
      description:
        (typeof online === 'number' ? `${plural(online, 'player', 'players')} online right now. ` : '') +
        `Is the ${SITE_NAME} server up? Players online, today's peak, ticks per second and the history of players online, live.`,
      path: '/status',
    });
  }

  return async (rawPath, query) => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    switch (path) {
      case '/':
        return found({
          title: `${SITE_NAME} · Season I is coming soon`,
          description: HOME_DESCRIPTION,
          path: '/',
        });
      case '/leaderboard':
        return leaderboardAnswer();
      case '/status':
        return statusAnswer();
      case '/docs':
        return docsAnswer(query);
    }
    const [, kind, rest, more] = path.split('/');
    if (more !== undefined || !rest) return undefined;
    const name = segment(rest);
    if (name === null) return undefined;
    if (kind === 'players') return playerAnswer(name, query);
    if (kind === 'gangs') return gangAnswer(name);
    return undefined;
  };
}
