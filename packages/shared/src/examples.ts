// The cast of the OpenAPI document's worked examples, so that every example tells one story: Steve
// leads the gang Night Shift, Alex is his friend and officer, and it is the afternoon of 1 May 2026.

export const STEVE = '8667ba71-b85a-4004-af54-457a9734eed7';
export const ALEX = 'ec561538-f3fd-461d-aff5-086b22154bce';
export const NIGHT_SHIFT = { id: 'night-shift', name: 'Night Shift', color: 'dark_purple' } as const;
/** "Now" in the examples. */
export const EXAMPLE_TIME = '2026-05-01T14:32:05.000Z';
