// What the punishments list shows, held in its address so that a link shares it: ?type= (a tab),
// ?status= (in force or ended), ?q= (the start of a player's or staff member's name) and ?after= (the
// cursor of the page shown, when it is not the first). The API names them type, active, q and cursor.
import type { PunishmentType } from '@prison/shared/punishments';

/**
 * The types in the order of the tabs: the contract's (packages/shared/src/punishments.ts), whose
 * module is not loaded for this (it builds the schemas). Each has its words (TYPE_WORDS, in
 * components/ui/punishment-badges.tsx).
 */
export const PUNISHMENT_TYPES = [
  'ban',
  'mute',
  'warning',
  'kick',
] as const satisfies readonly PunishmentType[];

export const STATUS_FILTERS = ['all', 'active', 'ended'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The longest search the API takes (MAX_PUNISHMENT_QUERY of the contract). */
export const MAX_SEARCH = 32;

export interface ListFilters {
  /** One type's tab, or null for all of them. */
  type: PunishmentType | null;
  status: StatusFilter;
  /** The search, trimmed; '' for none. */
  q: string;
  /** The cursor of the page shown; null for the first page. */
  after: string | null;
}

export const NO_FILTERS: ListFilters = { type: null, status: 'all', q: '', after: null };

const isType = (value: string | null): value is PunishmentType =>
  (PUNISHMENT_TYPES as readonly (string | null)[]).includes(value);
const isStatus = (value: string | null): value is StatusFilter =>
  (STATUS_FILTERS as readonly (string | null)[]).includes(value);

/** The filters an address names; anything it names wrongly reads as its default. */
export function readFilters(params: URLSearchParams): ListFilters {
  const type = params.get('type');
  const status = params.get('status');
  return {
    type: isType(type) ? type : null,
    status: isStatus(status) ? status : 'all',
    q: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    after: params.get('after') || null,
  };
}

/** The page's query string for `filters`: defaults left out, so the plain list is /punishments. */
export function writeFilters(filters: ListFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status !== 'all') params.set('status', filters.status);
  const q = filters.q.trim();
  if (q) params.set('q', q);
  if (filters.after) params.set('after', filters.after);
  return params;
}

/** The API's query string for `filters` (GET /api/punishments), with a page size when not the default. */
export function listQuery(filters: ListFilters, limit?: number): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.type) params.set('type', filters.type);
  if (filters.status !== 'all') params.set('active', String(filters.status === 'active'));
  if (filters.q) params.set('q', filters.q);
  if (filters.after) params.set('cursor', filters.after);
  if (limit !== undefined) params.set('limit', String(limit));
  return params;
}

/** Whether a search or a status narrows the list (the type is a tab, not a filter). */
export const isFiltered = (filters: ListFilters): boolean => filters.status !== 'all' || filters.q !== '';
