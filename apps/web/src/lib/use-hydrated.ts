import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server renders a page and while the browser hydrates that HTML, true afterwards and
 * in a page the browser renders alone. What depends on the browser (its clock, its time zone, work
 * put off until after the first paint) renders as the server did until then, so hydration matches.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
