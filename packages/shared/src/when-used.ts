// Intl objects are made when first used, not as their module loads: the first one a page makes
// loads the browser's locale data, a long task on a phone while the page hydrates, which a page that
// never formats a date or compares two names should not pay.

/** A value made the first time it is asked for, and kept. */
export function whenUsed<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
