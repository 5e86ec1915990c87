// Demo mode's guides are site content, not game data: written straight into the database, each as
// its revision 1, like a doc staff create.
import type { Db } from '../../db/client.ts';
import { docRevisions, docs } from '../../db/schema.ts';
import { notifyChanges } from '../../live/changes.ts';
import { DEMO_GUIDES } from './demo-guides.ts';
import { takeDocsTurn } from './service.ts';

export async function seedDemoGuides(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await takeDocsTurn(tx);
    const added = await tx
      .insert(docs)
      .values(DEMO_GUIDES.map(({ title, slug, content }) => ({ title, slug, content })))
      .onConflictDoNothing({ target: docs.slug })
      .returning({ docId: docs.id, title: docs.title, content: docs.content });
    if (added.length === 0) return;
    await tx.insert(docRevisions).values(added.map((doc) => ({ ...doc, revision: 1 })));
    await notifyChanges(tx, [{ type: 'docs.changed' }]);
  });
}
