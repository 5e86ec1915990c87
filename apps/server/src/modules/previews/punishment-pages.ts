// What the punishment pages' HTML says about itself (/punishments and /punishments/{id}): their
// titles as the pages set them, and a description of the punishment in the page's language. No
// preview image: a small card. A silent or unknown punishment is a 404 page.
import type { I18n } from '@lingui/core';
import { pageTitle, SITE_NAME } from '@prison/shared/brand';
import type { Language } from '@prison/shared/languages';
import type { Punishment } from '@prison/shared/punishments';
import type { Db } from '../../db/client.ts';
import { DomainError } from '../../errors.ts';
import { serverI18n } from '../../i18n.ts';
import type { PageMetaResolver } from '../../plugins/page-meta.ts';
import { punishmentById } from '../punishments/service.ts';

/** How long a reason may run in a description before it is cut. */
const REASON_SHOWN = 160;

/** A punishment's type in a title ("Ban #1204"), as the page's tab and badge name it. */
function typeWord(i18n: I18n, type: Punishment['type']): string {
  switch (type) {
    case 'ban':
      return i18n._('Ban', undefined, { comment: 'A punishment type: the player may not join the server' });
    case 'mute':
      return i18n._('Mute', undefined, { comment: 'A punishment type: the player may not chat' });
    case 'warning':
      return i18n._('Warning', undefined, { comment: 'A punishment type: a recorded warning' });
    case 'kick':
      return i18n._('Kick', undefined, {
        comment: 'A punishment type: the player was removed from the server',
      });
  }
}

/** "Notch was banned on Vaultbreak by Steve.": what happened, by whom. */
function whatHappened(i18n: I18n, punishment: Punishment): string {
  const values = { player: punishment.player.name, site: SITE_NAME, staff: punishment.staff?.name };
  const byConsole = punishment.staff === null;
  const comment = "The start of a punishment page's description";
  switch (punishment.type) {
    case 'ban':
      return byConsole
        ? i18n._('{player} was banned on {site} from the console.', values, { comment })
        : i18n._('{player} was banned on {site} by {staff}.', values, { comment });
    case 'mute':
      return byConsole
        ? i18n._('{player} was muted on {site} from the console.', values, { comment })
        : i18n._('{player} was muted on {site} by {staff}.', values, { comment });
    case 'warning':
      return byConsole
        ? i18n._('{player} was warned on {site} from the console.', values, { comment })
        : i18n._('{player} was warned on {site} by {staff}.', values, { comment });
    case 'kick':
      return byConsole
        ? i18n._('{player} was kicked from {site} from the console.', values, { comment })
        : i18n._('{player} was kicked from {site} by {staff}.', values, { comment });
  }
}

/** "Dec 20, 2026, 6:02 PM" in UTC, as the page's language writes it. */
const utcDate = (language: Language, at: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(
    new Date(at),
  );

/** Where it stands: permanent, in force until, expired or revoked (a kick has no end). */
function howItStands(i18n: I18n, language: Language, punishment: Punishment): string | null {
  const comment = "In a punishment page's description; {date} is a date and time in UTC";
  if (punishment.revoked) {
    return i18n._('Revoked on {date} UTC.', { date: utcDate(language, punishment.revoked.at) }, { comment });
  }
  if (punishment.type === 'kick') return null;
  if (punishment.until === null) {
    return i18n._('Permanent.', undefined, { comment: "In a punishment page's description: it has no end" });
  }
  const date = utcDate(language, punishment.until);
  return Date.parse(punishment.until) > Date.now()
    ? i18n._('In force until {date} UTC.', { date }, { comment })
    : i18n._('Expired on {date} UTC.', { date }, { comment });
}

function reasonOf(i18n: I18n, reason: string | null): string {
  if (!reason)
    return i18n._('No reason given.', undefined, { comment: "In a punishment page's description" });
  const flat = reason.replace(/\s+/g, ' ').trim();
  const cut = flat.length <= REASON_SHOWN ? flat : `${flat.slice(0, REASON_SHOWN - 1).trimEnd()}…`;
  // A sentence of its own among the description's others.
  const shown = /[.!?…]$/.test(cut) ? cut : `${cut}.`;
  return i18n._('Reason: {reason}', { reason: shown }, { comment: "In a punishment page's description" });
}

/** A page's id as the API takes it, or null when no punishment can have it. */
function punishmentId(text: string): number | null {
  if (!/^[1-9][0-9]{0,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The meta of the punishment pages. `messages` gives each language's messages: the server's
 * catalogues (serverI18n) unless a test hands its own.
 */
export function punishmentPages({
  db,
  messages = serverI18n,
}: {
  db: Db;
  messages?: (language: Language) => I18n;
}): PageMetaResolver {
  return async (rawPath, _query, language) => {
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const i18n = messages(language);
    const site = SITE_NAME;
    if (path === '/punishments') {
      return {
        kind: 'page',
        status: 200,
        meta: {
          title: pageTitle(i18n._('Punishments', undefined, { comment: "The punishments page's title" })),
          description: i18n._(
            'Every ban, mute, warning and kick on {site}: who was punished, by whom, why and for how long.',
            { site },
          ),
          path: '/punishments',
        },
      };
    }
    const [, kind, rest, more] = path.split('/');
    if (kind !== 'punishments' || !rest || more !== undefined) return undefined;
    const id = punishmentId(rest);
    const punishment = id === null ? null : await punishmentById(db, id).catch(unlessNotFound);
    if (!punishment) {
      return {
        kind: 'page',
        status: 404,
        meta: {
          title: pageTitle(i18n._('Punishment not found')),
          description: i18n._("We couldn't find that punishment on {site}.", { site }),
          path: `/punishments/${encodeURIComponent(rest)}`,
          noindex: true,
        },
      };
    }
    const name = i18n._(
      '{type} #{number}',
      { type: typeWord(i18n, punishment.type), number: String(punishment.id) },
      { comment: 'A punishment by its type and number, e.g. Ban #1204' },
    );
    const description = [
      whatHappened(i18n, punishment),
      reasonOf(i18n, punishment.reason),
      howItStands(i18n, language, punishment),
    ]
      .filter(Boolean)
      .join(' ');
    return {
      kind: 'page',
      status: 200,
      meta: {
        title: pageTitle(`${name} · ${punishment.player.name}`),
        description,
        path: `/punishments/${punishment.id}`,
      },
    };
  };
}

/** A punishment that is not there (or not public) reads as none; any other failure stays one. */
function unlessNotFound(err: unknown): null {
  if (err instanceof DomainError && err.kind === 'not_found') return null;
  throw err;
}
