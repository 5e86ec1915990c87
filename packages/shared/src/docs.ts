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

// The worked examples of the OpenAPI document: the server's rules, edited twice since they were written.
const RULES = {
  title: 'Server Rules',
  slug: 'rules',
  content:
    '# Server Rules\n\n1. No cheats, macros or auto-miners.\n2. No scamming on the auction house.\n3. Keep chat friendly: no spam, no slurs.\n',
  revision: 3,
};

export const docSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    content: z.string().describe('Markdown; raw HTML is allowed and sanitized when shown'),
    revision: z.number().int().describe('The current revision: an edit names the one it started from'),
  })
  .meta({
    id: 'Doc',
    description: 'A page of the documentation: its title, address and Markdown.',
    examples: [RULES],
  });
export type Doc = z.infer<typeof docSchema>;
export const docListSchema = z.array(docSchema).meta({
  id: 'DocList',
  description: 'Every doc, by title.',
  examples: [
    [
      {
        title: 'Joining the Server',
        slug: 'joining-the-server',
        content: '# Joining the Server\n\nAdd the server in Multiplayer, join and type `/spawn`.\n',
        revision: 1,
      },
      RULES,
    ],
  ],
});

const UNSTORABLE = 'contains characters that cannot be stored';

/** Spec 5 Create Doc: both fields required and trimmed before sending (and again on arrival). */
export const createDocRequestSchema = z
  .object({
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
  })
  .meta({
    id: 'CreateDocRequest',
    examples: [
      { title: 'Gangs', content: '# Gangs\n\nCreate one with `/gang create <name>` from level 10.\n' },
    ],
  });
export type CreateDocRequest = z.input<typeof createDocRequestSchema>;

const revisionNumber = z.number().int().min(1);

/** An edit: the new title and content, and the revision they were written over (409 if it moved). */
export const editDocRequestSchema = createDocRequestSchema
  .extend({ revision: revisionNumber.describe('The revision the edit started from') })
  .meta({ id: 'EditDocRequest', examples: [{ title: RULES.title, content: RULES.content, revision: 2 }] });
export type EditDocRequest = z.input<typeof editDocRequestSchema>;

/** Restoring an old revision: the current revision as the page showed it (409 if it moved). */
export const restoreRevisionRequestSchema = z
  .object({ revision: revisionNumber.describe('The current revision as the page showed it') })
  .meta({ id: 'RestoreRevisionRequest', examples: [{ revision: 3 }] });

/** The answer to an edit made over an older revision than the current one. */
export const DOC_CHANGED =
  'This doc changed since you opened it. Reload it to see the latest version, then make your changes again.';

export const docSlugParamsSchema = z.object({ slug: z.string().min(1).max(200) });
export const docRevisionParamsSchema = docSlugParamsSchema.extend({ n: z.coerce.number().int().min(1) });

/** A deleted doc, as staff see it in their list of deleted docs. */
export const deletedDocSchema = z
  .object({
    title: z.string(),
    slug: z.string(),
    revision: z.number().int(),
    deleted_at: z.string(),
  })
  .meta({ id: 'DeletedDoc', description: 'A deleted doc: POST /api/docs/{slug}/restore brings it back.' });
export type DeletedDoc = z.infer<typeof deletedDocSchema>;
export const deletedDocListSchema = z.array(deletedDocSchema).meta({
  id: 'DeletedDocList',
  description: 'The deleted docs, most recently deleted first.',
  examples: [
    [
      {
        title: 'Season I Launch',
        slug: 'season-1-launch',
        revision: 4,
        deleted_at: '2026-04-12T09:30:00.000Z',
      },
    ],
  ],
});

/** One revision in a doc's history. */
export const docRevisionSchema = z
  .object({
    revision: z.number().int(),
    title: z.string(),
    /** Who saved it; null when unknown (a guide the site started with). */
    author: z.string().nullable(),
    created_at: z.string(),
    bytes: z.number().int().describe('The size of its content in UTF-8 bytes'),
  })
  .meta({ id: 'DocRevision', description: 'One saved version of a doc, without its text.' });
export type DocRevision = z.infer<typeof docRevisionSchema>;
export const docRevisionListSchema = z.array(docRevisionSchema).meta({
  id: 'DocRevisionList',
  description: "A doc's history, newest revision first.",
  examples: [
    [
      {
        revision: 3,
        title: 'Server Rules',
        author: 'Alex',
        created_at: '2026-04-28T16:05:12.000Z',
        bytes: 132,
      },
      {
        revision: 2,
        title: 'Server Rules',
        author: 'Jeb_',
        created_at: '2026-03-02T10:41:37.000Z',
        bytes: 90,
      },
      { revision: 1, title: 'Rules', author: null, created_at: '2026-01-15T00:00:00.000Z', bytes: 64 },
    ],
  ],
});

/** One revision with its text. */
export const docRevisionTextSchema = docRevisionSchema.extend({ content: z.string() }).meta({
  id: 'DocRevisionText',
  description: 'One saved version of a doc, with its text.',
  examples: [
    {
      revision: 2,
      title: 'Server Rules',
      author: 'Jeb_',
      created_at: '2026-03-02T10:41:37.000Z',
      bytes: 90,
      content:
        '# Server Rules\n\n1. No cheats, macros or auto-miners.\n2. No scamming on the auction house.\n',
    },
  ],
});
export type DocRevisionText = z.infer<typeof docRevisionTextSchema>;

/**
 * WS /api/docs/ws: each listed doc's slug and revision, on connect and whenever a doc is created,
 * edited, deleted or restored. Small on purpose: a page whose list differs loads it again.
 */
export const docsLiveMessageSchema = z.object({
  docs: z.array(z.object({ slug: z.string(), revision: z.number().int() })),
});
export type DocsLiveMessage = z.infer<typeof docsLiveMessageSchema>;
