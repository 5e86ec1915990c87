// Docs: the list every visitor reads (spec 2.5, 4 Docs, 7), and what staff do to them (issue 15):
// create, edit, delete, restore, and each doc's history. Every save is a row in doc_revisions, and
// every staff action a row in the audit log, written in the same transaction before the change; a
// refusal (a stale revision, a limit) is logged on its own once its transaction is gone.
import {
  type CreateDocRequest,
  type DeletedDoc,
  DOC_CHANGED,
  DOC_CONTENT_MAX_BYTES,
  DOC_CONTENT_TOO_LARGE,
  type Doc,
  type DocRevision,
  type DocRevisionText,
  type DocsLiveMessage,
  docContentBytes,
  type EditDocRequest,
  slugify,
  sortDocs,
} from '@prison/shared/docs';
import { and, count, desc, eq, isNotNull, isNull, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { docRevisions, docs, players } from '../../db/schema.ts';
import { conflict, DomainError, notFound, tooLarge } from '../../errors.ts';
import { type Change, committedHere, notifyChanges } from '../../live/changes.ts';
import { TOPICS } from '../../live/topics.ts';
import { type AuditAction, recordAudit } from '../audit/service.ts';
import { queueWebhooksFrom } from '../webhooks/events.ts';

/** How many docs the site keeps, and how much text they hold together (config DOCS_MAX_*). */
export interface DocLimits {
  maxDocs: number;
  maxTotalBytes: number;
  /** Every revision ever saved, deleted docs' included: the history is never pruned, so it is capped. */
  maxHistoryBytes: number;
}

export const NO_SUCH_DOC = 'No doc has this address.';
export const NO_SUCH_REVISION = 'This doc has no such revision.';
export const NOT_DELETED = 'This doc is not deleted.';

const columns = { title: docs.title, slug: docs.slug, content: docs.content, revision: docs.revision };
const listed = isNull(docs.deletedAt);

/** The live topic holding every listed doc: rebuilt when one changes, in every server process. */
export const DOCS_TOPIC = TOPICS.docs;
/** The live topic of each listed doc's revision, which /api/docs/ws follows. */
export const DOCS_INDEX_TOPIC = TOPICS.docsIndex;

/** Every listed doc, in the shared title order (sorted here rather than by SQL, whose collation varies by server). */
export async function listDocs(db: Db): Promise<Doc[]> {
  return sortDocs(await db.select(columns).from(docs).where(listed));
}

/** Each listed doc's slug and revision, in one fixed order so that an unchanged list sends nothing. */
export async function docsIndex(db: Db): Promise<DocsLiveMessage> {
  const rows = await db.select({ slug: docs.slug, revision: docs.revision }).from(docs).where(listed);
  return { docs: rows.sort((a, b) => (a.slug < b.slug ? -1 : 1)) };
}

/** The deleted docs, most recently deleted first: staff see them and may restore them. */
export async function listDeletedDocs(db: Db): Promise<DeletedDoc[]> {
  const rows = await db
    .select({ title: docs.title, slug: docs.slug, revision: docs.revision, deletedAt: docs.deletedAt })
    .from(docs)
    .where(isNotNull(docs.deletedAt))
    .orderBy(desc(docs.deletedAt), docs.slug);
  return rows.map(({ deletedAt, ...doc }) => ({ ...doc, deleted_at: deletedAt!.toISOString() }));
}

/** `base`, or the first of base-2, base-3... that no doc uses yet, deleted ones included. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  // A slug holds only [a-z0-9-], so it has no LIKE wildcard in it.
  const rows = await tx
    .select({ slug: docs.slug })
    .from(docs)
    .where(or(eq(docs.slug, base), like(docs.slug, `${base}-%`)));
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n++;
  return `${base}-${n}`;
}

/**
 * Writes that add docs or text take turns, so two cannot both fit under a limit that only one fits
 * under, and two creates with one title cannot pick the same slug.
 */
export async function takeDocsTurn(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended('docs', 0))`);
}

const sizeText = (bytes: number) =>
  bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.floor(bytes / 1024)} KB`;

/**
 * Refuses a write that would take the listed docs past the limits (one that shrinks them passes), or
 * whose new revision (`revision`: the bytes it stores) would take the history past its own.
 */
async function checkLimits(
  tx: Tx,
  limits: DocLimits,
  more: { docs: number; bytes: number; revision: number },
): Promise<void> {
  if (more.revision > 0) {
    const [history] = await tx
      .select({
        bytes:
          sql<number>`coalesce(sum(octet_length(${docRevisions.title}) + octet_length(${docRevisions.content})), 0)`.mapWith(
            Number,
          ),
      })
      .from(docRevisions);
    if (history!.bytes + more.revision > limits.maxHistoryBytes) {
      throw tooLarge(
        'docs_history_full',
        `The docs' history may hold at most ${sizeText(limits.maxHistoryBytes)}, and this revision would go past it. Ask the site's owner to raise DOCS_MAX_HISTORY_MB.`,
      );
    }
  }
  if (more.docs <= 0 && more.bytes <= 0) return;
  const [held] = await tx
    .select({
      docs: count(),
      bytes: sql<number>`coalesce(sum(octet_length(${docs.content})), 0)`.mapWith(Number),
    })
    .from(docs)
    .where(listed);
  if (more.docs > 0 && held!.docs + more.docs > limits.maxDocs) {
    throw conflict(
      'docs_full',
      `The site already keeps ${limits.maxDocs} docs, the most it allows. Delete one that is no longer needed first.`,
    );
  }
  if (more.bytes > 0 && held!.bytes + more.bytes > limits.maxTotalBytes) {
    throw tooLarge(
      'docs_full',
      `All docs together may hold at most ${sizeText(limits.maxTotalBytes)} of text, and this would go past it. Shorten or delete a doc first.`,
    );
  }
}

function checkContentSize(content: string): void {
  if (docContentBytes(content) > DOC_CONTENT_MAX_BYTES)
    throw tooLarge('doc_too_large', DOC_CONTENT_TOO_LARGE);
}

interface Attempt {
  actor: string;
  action: AuditAction;
  target: string;
}

/**
 * Runs a staff write in one transaction. A refusal by the docs' own rules (a stale revision, a
 * limit) rolls it back and is then logged as refused, on its own.
 */
async function audited<T>(db: Db, attempt: Attempt, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await docsWrite(db, write);
  } catch (err) {
    if (err instanceof DomainError && (err.kind === 'conflict' || err.kind === 'too_large')) {
      await recordAudit(db, { ...attempt, outcome: 'refused', detail: { reason: err.detail } });
    }
    throw err;
  }
}

const DOCS_CHANGED: Change[] = [{ type: 'docs.changed' }];

/**
 * Runs a write of the docs in a transaction. Its NOTIFY (notifyChanges, inside) goes to every
 * process with the commit; this process's lists are rebuilt before the write is answered, so that
 * its author's next read, and every docs page open on this process, has it.
 */
async function docsWrite<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db.transaction(write);
  await committedHere(db, DOCS_CHANGED, { rebuild: true });
  return result;
}

/** A listed doc and its id, locked for this transaction. */
async function lockListed(tx: Tx, slug: string): Promise<{ id: number; doc: Doc }> {
  const [row] = await tx
    .select({ id: docs.id, doc: columns })
    .from(docs)
    .where(and(eq(docs.slug, slug), listed))
    .for('update');
  if (!row) throw notFound('unknown_doc', NO_SUCH_DOC);
  return row;
}

/** Creates a doc under a unique slug made from its title, as its revision 1. */
export async function createDoc(
  db: Db,
  input: CreateDocRequest,
  actor: string,
  limits: DocLimits,
): Promise<Doc> {
  checkContentSize(input.content);
  const base = slugify(input.title);
  return audited(db, { actor, action: 'doc.create', target: base }, async (tx) => {
    await takeDocsTurn(tx);
    await checkLimits(tx, limits, {
      docs: 1,
      bytes: docContentBytes(input.content),
      revision: docContentBytes(input.title) + docContentBytes(input.content),
    });
    const slug = await freeSlug(tx, base);
    await recordAudit(tx, {
      actor,
      action: 'doc.create',
      target: slug,
      outcome: 'ok',
      detail: { revision: 1 },
    });
    const [created] = await tx
      .insert(docs)
      .values({ slug, title: input.title, content: input.content, authorUuid: actor })
      .returning({ id: docs.id, ...columns });
    const { id, ...doc } = created!;
    await tx
      .insert(docRevisions)
      .values({ docId: id, revision: 1, title: doc.title, content: doc.content, authorUuid: actor });
    await tellWebhooks(tx, 'created', doc, actor);
    // The NOTIFY goes out with the commit, so every process's list gains the doc, or none does.
    await notifyChanges(tx, DOCS_CHANGED);
    return doc;
  });
}

/**
 * Saves `next` as the doc's new revision, within the limits; a save that changes nothing is no new
 * revision and answers the doc as it is.
 */
async function saveRevision(
  tx: Tx,
  { id, doc }: { id: number; doc: Doc },
  next: { title: string; content: string },
  by: { actor: string; action: AuditAction; detail?: Record<string, unknown> },
  limits: DocLimits,
): Promise<Doc> {
  if (next.title === doc.title && next.content === doc.content) return doc;
  await checkLimits(tx, limits, {
    docs: 0,
    bytes: docContentBytes(next.content) - docContentBytes(doc.content),
    revision: docContentBytes(next.title) + docContentBytes(next.content),
  });
  const revision = doc.revision + 1;
  await recordAudit(tx, {
    actor: by.actor,
    action: by.action,
    target: doc.slug,
    outcome: 'ok',
    detail: { ...by.detail, revision },
  });
  const [saved] = await tx
    .update(docs)
    .set({ title: next.title, content: next.content, revision, updatedAt: sql`now()` })
    .where(eq(docs.id, id))
    .returning(columns);
  await tx
    .insert(docRevisions)
    .values({ docId: id, revision, title: next.title, content: next.content, authorUuid: by.actor });
  await tellWebhooks(tx, 'edited', saved!, by.actor);
  await notifyChanges(tx, DOCS_CHANGED);
  return saved!;
}

/** The webhooks that take docs hear of a page written or edited (webhooks/events.ts). */
async function tellWebhooks(tx: Tx, change: 'created' | 'edited', doc: Doc, actor: string): Promise<void> {
  await queueWebhooksFrom(
    tx,
    'doc',
    sql`
      select jsonb_build_object('change', ${change}::text, 'slug', ${doc.slug}::text,
          'title', ${doc.title}::text,
          'by', coalesce((select username from players where uuid = ${actor}::uuid), 'staff')) as data,
        null::text as key`,
  );
}

/** A new title and content for a doc; refused if the doc moved past the revision the edit started from. */
export async function editDoc(
  db: Db,
  slug: string,
  input: EditDocRequest,
  actor: string,
  limits: DocLimits,
): Promise<Doc> {
  checkContentSize(input.content);
  return audited(db, { actor, action: 'doc.edit', target: slug }, async (tx) => {
    await takeDocsTurn(tx);
    const locked = await lockListed(tx, slug);
    if (locked.doc.revision !== input.revision) throw conflict('doc_changed', DOC_CHANGED);
    return saveRevision(tx, locked, input, { actor, action: 'doc.edit' }, limits);
  });
}

/** Takes a doc out of the list; its row and history stay, so staff can restore it. */
export async function deleteDoc(db: Db, slug: string, actor: string): Promise<void> {
  await docsWrite(db, async (tx) => {
    const { id, doc } = await lockListed(tx, slug);
    await recordAudit(tx, {
      actor,
      action: 'doc.delete',
      target: slug,
      outcome: 'ok',
      detail: { revision: doc.revision },
    });
    await tx.update(docs).set({ deletedAt: sql`now()` }).where(eq(docs.id, id));
    await notifyChanges(tx, DOCS_CHANGED);
  });
}

/** Puts a deleted doc back in the list, as it was, within the limits. */
export async function restoreDoc(db: Db, slug: string, actor: string, limits: DocLimits): Promise<Doc> {
  return audited(db, { actor, action: 'doc.restore', target: slug }, async (tx) => {
    await takeDocsTurn(tx);
    const [row] = await tx
      .select({ id: docs.id, deletedAt: docs.deletedAt, doc: columns })
      .from(docs)
      .where(eq(docs.slug, slug))
      .for('update');
    if (!row) throw notFound('unknown_doc', NO_SUCH_DOC);
    if (!row.deletedAt) throw conflict('doc_not_deleted', NOT_DELETED);
    const { id, doc } = row;
    await checkLimits(tx, limits, { docs: 1, bytes: docContentBytes(doc.content), revision: 0 });
    await recordAudit(tx, {
      actor,
      action: 'doc.restore',
      target: slug,
      outcome: 'ok',
      detail: { revision: doc.revision },
    });
    await tx.update(docs).set({ deletedAt: null }).where(eq(docs.id, id));
    await notifyChanges(tx, DOCS_CHANGED);
    return doc;
  });
}

/** Saves revision `n`'s title and text as a new revision; refused if the doc moved past `current`. */
export async function restoreRevision(
  db: Db,
  slug: string,
  n: number,
  current: number,
  actor: string,
  limits: DocLimits,
): Promise<Doc> {
  return audited(db, { actor, action: 'doc.restore', target: slug }, async (tx) => {
    await takeDocsTurn(tx);
    const locked = await lockListed(tx, slug);
    const [old] = await tx
      .select({ title: docRevisions.title, content: docRevisions.content })
      .from(docRevisions)
      .where(and(eq(docRevisions.docId, locked.id), eq(docRevisions.revision, n)));
    if (!old) throw notFound('unknown_revision', NO_SUCH_REVISION);
    if (locked.doc.revision !== current) throw conflict('doc_changed', DOC_CHANGED);
    return saveRevision(
      tx,
      locked,
      old,
      { actor, action: 'doc.restore', detail: { from_revision: n } },
      limits,
    );
  });
}

/** The id of a doc, listed or deleted (staff see both). */
async function docId(db: Db, slug: string): Promise<number> {
  const [doc] = await db.select({ id: docs.id }).from(docs).where(eq(docs.slug, slug));
  if (!doc) throw notFound('unknown_doc', NO_SUCH_DOC);
  return doc.id;
}

const revisionColumns = {
  revision: docRevisions.revision,
  title: docRevisions.title,
  author: players.username,
  createdAt: docRevisions.createdAt,
  bytes: sql<number>`octet_length(${docRevisions.content})`.mapWith(Number),
};

const revisionAnswer = <R extends { createdAt: Date }>({ createdAt, ...row }: R) => ({
  ...row,
  created_at: createdAt.toISOString(),
});

/** Every revision of a doc, newest first. */
export async function docHistory(db: Db, slug: string): Promise<DocRevision[]> {
  const rows = await db
    .select(revisionColumns)
    .from(docRevisions)
    .leftJoin(players, eq(players.uuid, docRevisions.authorUuid))
    .where(eq(docRevisions.docId, await docId(db, slug)))
    .orderBy(desc(docRevisions.revision));
  return rows.map(revisionAnswer);
}

/** Revision `n` of a doc, with its text. */
export async function docRevision(db: Db, slug: string, n: number): Promise<DocRevisionText> {
  const [row] = await db
    .select({ ...revisionColumns, content: docRevisions.content })
    .from(docRevisions)
    .leftJoin(players, eq(players.uuid, docRevisions.authorUuid))
    .where(and(eq(docRevisions.docId, await docId(db, slug)), eq(docRevisions.revision, n)));
  if (!row) throw notFound('unknown_revision', NO_SUCH_REVISION);
  return revisionAnswer(row);
}
