// The status page's chart ranges (GET /api/status history), without zod: the page that offers them
// loads no schema (status.ts re-exports them with its schemas).

export const STATUS_RANGES = ['day', 'week', 'month'] as const;
export type StatusRange = (typeof STATUS_RANGES)[number];

export const STATUS_SERIES = {
  day: { spanSeconds: 24 * 3600, step: 300 },
  week: { spanSeconds: 7 * 24 * 3600, step: 3600 },
  month: { spanSeconds: 30 * 24 * 3600, step: 4 * 3600 },
} as const satisfies Record<StatusRange, { spanSeconds: number; step: number }>;
