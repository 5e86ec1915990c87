// Docs: the list every visitor reads and the create that staff use (spec 2.5, 4 Docs, 7).
import {
  type CreateDocRequest,
  DOC_CONTENT_MAX_BYTES,
  DOC_CONTENT_TOO_LARGE,
  type Doc,
  docContentBytes,
  slugify,
  sortDocs,
} from '@prison/shared/docs';
import { eq, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { docs } from '../../db/schema.ts';
import { conflict, tooLarge } from '../../errors.ts';
import { notifyChanges } from '../../live/changes.ts';
import { TOPICS } from '../../live/topics.ts';

const columns = { title: docs.title, slug: docs.slug, content: docs.content };

/** The live topic holding every doc: rebuilt when one is created, in every server process. */
export const DOCS_TOPIC = TOPICS.docs;

/** Every doc, in the shared title order (sorted here rather than by SQL, whose collation varies by server). */
export async function listDocs(db: Db): Promise<Doc[]> {
  return sortDocs(await db.select(columns).from(docs));
}

/** `base`, or the first of base-2, base-3... that no doc uses yet. */
async function freeSlug(db: Db, base: string): Promise<string> {
  // A slug holds only [a-z0-9-], so it has no LIKE wildcard in it.
  const rows = await db
    .select({ slug: docs.slug })
    .from(docs)
    .where(or(eq(docs.slug, base), like(docs.slug, `${base}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

// Each round at least one of the racing creates wins its slug, so this bounds how many may race.
const MAX_SLUG_ATTEMPTS = 50;

/**
 * Creates a doc under a unique slug made from its title. Two creates may pick the same free slug at
 * once: the unique index lets one in, and the other picks again.
 */
export async function createDoc(db: Db, input: CreateDocRequest, authorUuid: string): Promise<Doc> {
  if (docContentBytes(input.content) > DOC_CONTENT_MAX_BYTES) throw tooLarge(DOC_CONTENT_TOO_LARGE);
  const base = slugify(input.title);
  for (let attempt = 0; attempt < MAX_SLUG_ATTEMPTS; attempt++) {
    const slug = await freeSlug(db, base);
    // The NOTIFY goes out with the commit, so every process's list gains the doc, or none does.
    const created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(docs)
        .values({ slug, title: input.title, content: input.content, authorUuid })
        .onConflictDoNothing({ target: docs.slug })
        .returning(columns);
      if (row) await notifyChanges(tx, [{ type: 'docs.changed' }]);
      return row;
    });
    if (created) return created;
  }
  throw conflict('Many docs with this title are being created right now. Please try again.');
}
