// Activity entries (spec 2.7 Activity tab, spec 3 Activity item) as the profile's feed, the public
// milestones of player and gang pages and the admin stream show them: what each entry says, decided
// apart from how it is drawn, and the profile's filter chips. Its fallbacks are in the page's
// language; the chips' labels are descriptors, shown with t(label).
import { msg } from '@lingui/core/macro';
import { GKITS } from '@prison/shared/gkits';
import type { ActivityItem } from '@prison/shared/players';
import { translate } from './i18n.ts';

export type ActivityView =
  | { kind: 'presence'; joined: boolean; name: string }
  | { kind: 'private-message'; from: string; to: string; text: string }
  | { kind: 'chat'; name: string; text: string }
  | { kind: 'level-up'; name: string; level: number | null }
  | {
      kind: 'gkit';
      name: string;
      /** The kit's name, from the catalogue when only its id is given; null when neither is. */
      kitName: string | null;
      level: number | null;
      status: 'unlocked' | 'upgraded';
    }
  | { kind: 'generic'; actor: string; target: string | null; text: string | null; typeLabel: string };

const unknown = () =>
  translate(msg({ message: 'Unknown', comment: 'Activity: stands for a player whose name is missing' }));
const unknownPlayer = () => translate(msg`Unknown player`);

/** A blank or missing string is no value. */
function present(value: string | null | undefined): string | null {
  return value?.trim() ? value : null;
}

/** Spec 3: malformed activity text JSON is treated as none. */
function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function jsonObject(text: string | null): Record<string, unknown> {
  const value = parseJson(text);
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

const finiteNumber = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Spec 3: a level-up's text is JSON with a numeric level, or a plain integer. */
function levelUpLevel(text: string | null): number | null {
  if (text !== null && /^\s*-?\d+\s*$/.test(text)) return Number(text);
  return finiteNumber(jsonObject(text).level);
}

function kitName(details: Record<string, unknown>): string | null {
  const named = typeof details.kitName === 'string' ? present(details.kitName) : null;
  if (named) return named;
  const id =
    typeof details.kitId === 'string' || typeof details.kitId === 'number' ? String(details.kitId) : '';
  if (!id.trim()) return null;
  return GKITS.find((kit) => kit.id === id)?.name ?? id;
}

export function describeActivity(item: ActivityItem): ActivityView {
  const actor = present(item.actor_username);
  const text = present(item.activity_text);
  switch (item.activity_type) {
    case 'PLAYER_JOIN':
    case 'PLAYER_QUIT':
      // Spec 3: anything other than PLAYER_JOIN is shown as Left.
      return {
        kind: 'presence',
        joined: item.activity_type === 'PLAYER_JOIN',
        name: actor ?? unknownPlayer(),
      };
    case 'PRIVATE_MESSAGE':
      return {
        kind: 'private-message',
        from: actor ?? unknown(),
        to: present(item.target_username) ?? unknown(),
        text: text ?? translate(msg`Message content unavailable`),
      };
    case 'CHAT_MESSAGE':
      return {
        kind: 'chat',
        name: actor ?? unknownPlayer(),
        text: text ?? translate(msg`Message unavailable`),
      };
    case 'LEVEL_UP':
      return { kind: 'level-up', name: actor ?? unknownPlayer(), level: levelUpLevel(text) };
    case 'GKIT_UNLOCK':
    case 'GKIT_LEVEL_UP': {
      const details = jsonObject(text);
      return {
        kind: 'gkit',
        name: actor ?? unknownPlayer(),
        kitName: kitName(details),
        level: finiteNumber(details.level),
        // Spec 3: "unlock" means unlocked, anything else (a missing status included) upgraded.
        status: details.status === 'unlock' ? 'unlocked' : 'upgraded',
      };
    }
    default:
      return {
        kind: 'generic',
        actor: actor ?? unknown(),
        target: present(item.target_username),
        text,
        typeLabel: item.activity_type.replaceAll('_', ' '),
      };
  }
}

export const ACTIVITY_FILTERS = [
  { id: 'all', label: msg({ message: 'All', comment: 'Activity filter chip: every kind of entry' }) },
  { id: 'messages', label: msg`Messages` },
  { id: 'chat', label: msg`Chat` },
  {
    id: 'joins',
    label: msg`Joins`,
  },
  { id: 'level-ups', label: msg`Level Ups` },
  {
    id: 'gkits',
    label: msg`G-Kits`,
  },
  {
    id: 'other',
    label: msg({ message: 'Other', comment: 'Activity filter chip: every other kind of entry' }),
  },
] as const;
export type ActivityFilter = (typeof ACTIVITY_FILTERS)[number]['id'];

/** The filter an activity type belongs to, apart from All. */
function filterOf(type: string): Exclude<ActivityFilter, 'all'> {
  if (type === 'PRIVATE_MESSAGE') return 'messages';
  if (type === 'CHAT_MESSAGE') return 'chat';
  if (type === 'PLAYER_JOIN' || type === 'PLAYER_QUIT') return 'joins';
  if (type === 'LEVEL_UP') return 'level-ups';
  if (type.startsWith('GKIT_')) return 'gkits';
  return 'other';
}

export function matchesFilter(item: Pick<ActivityItem, 'activity_type'>, filter: ActivityFilter): boolean {
  return filter === 'all' || filterOf(item.activity_type) === filter;
}
