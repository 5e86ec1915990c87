// What each public page's HTML says about itself (plugins/page-meta.ts writes it into index.html):
// its title as the page sets it once running, a description, its canonical address and, for a
// player or a gang, the preview card. An unknown player or gang is a 404 page; a player's uuid
// address redirects to their name. Figures come from the live snapshots where the page has one.
// Everything is written in the page's language (the server's catalogues, i18n.ts; figures.ts), and
// a card's address names it (`&lang=de`) unless it is English.
import type { I18n } from '@lingui/core';
import { pageTitle, SITE_NAME } from '@prison/shared/brand';
import { LANGUAGE_PARAMETER, type Language, SOURCE_LANGUAGE } from '@prison/shared/languages';
import type { Db } from '../../db/client.ts';
import { serverI18n } from '../../i18n.ts';
import type { LiveHub } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';
import type { PageAnswer, PageMeta, PageMetaResolver } from '../../plugins/page-meta.ts';
import { VISITOR } from '../auth/staff.ts';
import { DOCS_TOPIC } from '../docs/service.ts';
import { snapshotTopic } from '../leaderboard/service.ts';
import { isPlayerUuid, playerPage } from '../players/public-page.ts';
import { gangById } from '../social/service.ts';
import { cardVersion, gangCardData, playerCardData } from './cards.ts';
import { figures } from './figures.ts';

const found = (meta: PageMeta): PageAnswer => ({ kind: 'page', status: 200, meta });
const notFound = (meta: PageMeta): PageAnswer => ({
  kind: 'page',
  status: 404,
  meta: { ...meta, noindex: true },
});

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

/** A gang's kind as its description names it, by status; any other status is "a gang". */
function gangKind(i18n: I18n, status: string): string {
  switch (status) {
    case 'Open':
      return i18n._('an open gang', undefined, { comment: "In a gang's description: {kind} on {site}" });
    case 'InviteOnly':
      return i18n._('an invite-only gang', undefined, {
        comment: "In a gang's description: {kind} on {site}",
      });
    case 'Closed':
      return i18n._('a closed gang', undefined, { comment: "In a gang's description: {kind} on {site}" });
    default:
      return i18n._('a gang', undefined, { comment: "In a gang's description: {kind} on {site}" });
  }
}

/** The address of a card image: `version` tells caches when it changes, `lang` which words it draws. */
function cardPath(path: string, version: string, language: Language): string {
  const lang = language === SOURCE_LANGUAGE ? '' : `&${LANGUAGE_PARAMETER}=${encodeURIComponent(language)}`;
  return `${path}?v=${version}${lang}`;
}

/**
 * The resolver of public pages' meta. `messages` gives each language's messages: the server's
 * catalogues (serverI18n) unless a test hands its own.
 */
export function linkPreviews({
  db,
  hub,
  messages = serverI18n,
}: {
  db: Db;
  hub: LiveHub;
  messages?: (language: Language) => I18n;
}): PageMetaResolver {
  async function playerAnswer(
    address: string,
    query: URLSearchParams,
    language: Language,
  ): Promise<PageAnswer> {
    const i18n = messages(language);
    const { whole, money } = figures(language);
    const site = SITE_NAME;
    const missing = notFound({
      title: pageTitle(i18n._('Player not found')),
      description: i18n._("We couldn't find that player on {site}.", { site }),
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
    const player = page.username;
    const rank = page.rank
      ? i18n._(
          '{rank} rank',
          { rank: titleCase(page.rank) },
          { comment: "A player's rank (its name as the game writes it), in their page's description" },
        )
      : i18n._('Unranked rank', undefined, {
          comment: "In a player's page description, in place of '{rank} rank': the player has no rank yet",
        });
    const level = whole(page.level);
    const prestige = whole(page.prestige);
    const balance = money(page.balance);
    const description = page.gang
      ? i18n._(
          '{player} on {site}: {rank}, level {level}, prestige {prestige}, balance {balance}. Member of the gang {gang}.',
          { player, site, rank, level, prestige, balance, gang: page.gang.name },
          { comment: "A player's page description; {rank} is '{rank} rank' or 'Unranked rank', translated" },
        )
      : i18n._(
          '{player} on {site}: {rank}, level {level}, prestige {prestige}, balance {balance}.',
          { player, site, rank, level, prestige, balance },
          { comment: "A player's page description; {rank} is '{rank} rank' or 'Unranked rank', translated" },
        );
    return found({
      title: pageTitle(player),
      description,
      path,
      type: 'profile',
      image: {
        path: cardPath(`/api/og/players/${encodeURIComponent(player)}.png`, cardVersion(card), language),
        alt: i18n._(
          '{player}: level {level}, {balance}',
          { player, level, balance },
          { comment: "The text of a player's preview image, for those who cannot see it" },
        ),
      },
    });
  }

  async function gangAnswer(id: string, language: Language): Promise<PageAnswer> {
    const i18n = messages(language);
    const { whole, money } = figures(language);
    const site = SITE_NAME;
    const gang = id.length >= 1 && id.length <= 64 ? await gangById(db, id) : null;
    if (!gang) {
      return notFound({
        title: pageTitle(i18n._('Gang not found')),
        description: i18n._("We couldn't find that gang on {site}.", { site }),
        path: `/gangs/${encodeURIComponent(id)}`,
      });
    }
    const count = gang.member_count;
    const members = whole(count);
    const treasury = money(gang.balance);
    return found({
      title: pageTitle(gang.name),
      description: i18n._(
        '{gang}: {kind} on {site} with {count, plural, one {{members} member} other {{members} members}} and a treasury of {treasury}. Minimum level {level}.',
        {
          gang: gang.name,
          kind: gangKind(i18n, gang.status),
          site,
          count,
          members,
          treasury,
          level: whole(gang.min_level),
        },
        {
          comment:
            "A gang's page description; {kind} is 'an open gang', 'an invite-only gang', 'a closed gang' or 'a gang', translated; {members} is {count} as written",
        },
      ),
      path: `/gangs/${encodeURIComponent(gang.id)}`,
      image: {
        path: cardPath(
          `/api/og/gangs/${encodeURIComponent(gang.id)}.png`,
          cardVersion(gangCardData(gang)),
          language,
        ),
        alt: i18n._(
          '{gang}: {count, plural, one {{members} member} other {{members} members}}, treasury {treasury}',
          { gang: gang.name, count, members, treasury },
          {
            comment:
              "The text of a gang's preview image, for those who cannot see it; {members} is {count} as written",
          },
        ),
      },
    });
  }

  async function docsAnswer(query: URLSearchParams, language: Language): Promise<PageAnswer> {
    const i18n = messages(language);
    const site = SITE_NAME;
    const docsTitle = i18n._('Docs', undefined, { comment: "The docs page's title" });
    const slug = query.get('doc');
    const docs = slug ? await hub.current(DOCS_TOPIC) : [];
    const doc = docs.find((d) => d.slug === slug);
    if (doc) {
      const title = doc.title;
      return found({
        title: pageTitle(`${title} · ${docsTitle}`),
        description:
          docSummary(doc.content, title) ||
          i18n._(
            '{title}, in the {site} docs.',
            { title, site },
            {
              comment: "A doc's description when it has no text: {title} is the doc's title",
            },
          ),
        path: `/docs?doc=${encodeURIComponent(doc.slug)}`,
      });
    }
    return found({
      title: pageTitle(docsTitle),
      description: i18n._(
        'Guides to {site}: how to join, ranks and prestige, enchants, gangs and the auction house.',
        { site },
      ),
      path: '/docs',
    });
  }

  function leaderboardAnswer(language: Language): PageAnswer {
    const i18n = messages(language);
    const leader = hub.peek(snapshotTopic('level'))?.[0];
    const about = i18n._('The top players of {site} by level, XP, prestige and balance, updated live.', {
      site: SITE_NAME,
    });
    return found({
      title: pageTitle(i18n._('Leaderboard')),
      description: leader
        ? `${about} ${i18n._('{player} leads at level {level}.', {
            player: leader.username,
            level: figures(language).whole(leader.level),
          })}`
        : about,
      path: '/leaderboard',
    });
  }

  function statusAnswer(language: Language): PageAnswer {
    const i18n = messages(language);
    const online = hub.peek(TOPICS.online)?.online;
    const about = i18n._(
      "Is the {site} server up? Players online, today's peak, ticks per second and the history of players online, live.",
      { site: SITE_NAME },
    );
    return found({
      title: pageTitle(i18n._('Server status')),
      description:
        typeof online === 'number'
          ? `${i18n._(
              '{count, plural, one {{online} player online right now.} other {{online} players online right now.}}',
              {
                count: online,
                online: figures(language).whole(online),
              },
            )} ${about}`
          : about,
      path: '/status',
    });
  }

  return async (rawPath, query, language) => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    switch (path) {
      case '/': {
        const i18n = messages(language);
        return found({
          title: `${SITE_NAME} · ${i18n._('Season I is coming soon')}`,
          description: i18n._(
            '{site} is a prison-style Minecraft server. Season I is coming soon: 90-day seasons, an enchant laboratory, gangs, a live leaderboard and an auction house.',
            { site: SITE_NAME },
            { comment: "The home page's description" },
          ),
          path: '/',
        });
      }
      case '/leaderboard':
        return leaderboardAnswer(language);
      case '/status':
        return statusAnswer(language);
      case '/docs':
        return docsAnswer(query, language);
    }
    const [, kind, rest, more] = path.split('/');
    if (more !== undefined || !rest) return undefined;
    const name = segment(rest);
    if (name === null) return undefined;
    if (kind === 'players') return playerAnswer(name, query, language);
    if (kind === 'gangs') return gangAnswer(name, language);
    return undefined;
  };
}
