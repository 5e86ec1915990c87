import { z } from 'zod';

/** Every error the API answers: a status and a plain sentence. */
export const errorSchema = z.object({ detail: z.string() });
export type ApiError = z.infer<typeof errorSchema>;

/** The body of an answer with no content (204), such as a deletion's: none, read as null. */
export const noContentSchema = z.null();
