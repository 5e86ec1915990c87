// Docs (spec 2.5, 3 Doc, 5 Create Doc and Docs search, 7 GET/POST /api/docs), and their editing,
// deletion and history (issue 15).
import { z } from 'zod';
import { DOC_TITLE_MAX_LENGTH } from './doc-text.ts';
import { isStorableText } from './storable.ts';

// A doc's limits, order, address and search (doc-text.ts holds them without zod).
export {
  compareDocs,
  DOC_CONTENT_MAX_BYTES,
  DOC_CONTENT_TOO_LARGE,
  DOC_TITLE_MAX_LENGTH,
  docContentBytes,
  FALLBACK_SLUG,
  matchesDocSearch,
  slugify,
  sortDocs,
} from './doc-text.ts';

export const docSchema = z.object({
  title: z.string(),
  slug: z.string(),
  content: z.string().describe('Markdown; raw HTML is allowed and sanitized when shown'),
  revision: z.number().int().describe('The current revision: an edit names the one it started from'),
});
export type Doc = z.infer<typeof docSchema>;
export const docListSchema = z.array(docSchema);

const UNSTORABLE = 'contains characters that cannot be stored';

/** Spec 5 Create Doc: both fields required and trimmed before sending (and again on arrival). */
export const createDocRequestSchema = z.object({
  title: z
    .string()
    .trim()
    .min(1, 'Enter a title')
    .max(DOC_TITLE_MAX_LENGTH, `Keep the title to ${DOC_TITLE_MAX_LENGTH} characters or fewer`)
    .refine((title) => !/\p{Cc}/u.test(title), 'The title must be a single line of text')
    .refine(isStorableText, `The title ${UNSTORABLE}`),
  // The size limit is checked separately: too much content is a 413, not a 400.
  content: z
    .string()
    .trim()
    .min(1, 'Write the content')
    .refine(isStorableText, `The content ${UNSTORABLE}`)
    .describe('Markdown, at most 100 KB of UTF-8 (413 above); raw HTML is sanitized when shown'),
});
export type CreateDocRequest = z.input<typeof createDocRequestSchema>;

const revisionNumber = z.number().int().min(1);

/** An edit: the new title and content, and the revision they were written over (409 if it moved). */
export const editDocRequestSchema = createDocRequestSchema.extend({
  revision: revisionNumber.describe('The revision the edit started from'),
});
export type EditDocRequest = z.input<typeof editDocRequestSchema>;

/** Restoring an old revision: the current revision as the page showed it (409 if it moved). */
export const restoreRevisionRequestSchema = z.object({
  revision: revisionNumber.describe('The current revision as the page showed it'),
});

/** The answer to an edit made over an older revision than the current one. */
export const DOC_CHANGED =
  'This doc changed since you opened it. Reload it to see the latest version, then make your changes again.';

export const docSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const docRevisionParamsSchema = docSlugParamsSchema.extend({ n: z.coerce.number().int().min(1) });

/** A deleted doc, as staff see it in their list of deleted docs. */
export const deletedDocSchema = z.object({
  title: z.string(),
  slug: z.string(),
  revision: z.number().int(),
  deleted_at: z.string(),
});
export type DeletedDoc = z.infer<typeof deletedDocSchema>;
export const deletedDocListSchema = z.array(deletedDocSchema);

/** One revision in a doc's history. */
export const docRevisionSchema = z.object({
  revision: z.number().int(),
  title: z.string(),
  /** Who saved it; null when unknown (a guide the site started with). */
  author: z.string().nullable(),
  created_at: z.string(),
  bytes: z.number().int().describe('The size of its content in UTF-8 bytes'),
});
export type DocRevision = z.infer<typeof docRevisionSchema>;
export const docRevisionListSchema = z.array(docRevisionSchema);

/** One revision with its text. */
export const docRevisionTextSchema = docRevisionSchema.extend({ content: z.string() });
export type DocRevisionText = z.infer<typeof docRevisionTextSchema>;

/**
 * WS /api/docs/ws: each listed doc's slug and revision, on connect and whenever a doc is created,
 * edited, deleted or restored. Small on purpose: a page whose list differs loads it again.
 */
export const docsLiveMessageSchema = z.object({
  docs: z.array(z.object({ slug: z.string(), revision: z.number().int() })),
});
export type DocsLiveMessage = z.infer<typeof docsLiveMessageSchema>;
