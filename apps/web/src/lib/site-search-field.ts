// The header's search field (features/search) by its id, for pages that send people to it.

export const SEARCH_INPUT_ID = 'site-search';

/** The search field when it is drawn: in the header on wide screens, in the open menu on a phone. */
export function visibleSearchField(): HTMLElement | null {
  const field = document.getElementById(SEARCH_INPUT_ID);
  return field && field.getClientRects().length > 0 ? field : null;
}
