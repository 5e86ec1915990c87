import { z } from 'zod';

/** Every error the API answers: a status and a plain sentence. */
export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;
