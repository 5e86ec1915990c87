// How many entries of a player's activity feed a page asks for, and may, without zod (players.ts
// re-exports them with its schemas).

export const ACTIVITY_DEFAULT_LIMIT = 10;
export const ACTIVITY_MAX_LIMIT = 50;
