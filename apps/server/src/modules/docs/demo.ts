// Demo mode's guides are site content, not game data: written straight into the database.
import type { Db } from '../../db/client.ts';
import { docs } from '../../db/schema.ts';
import { notifyChanges } from '../../live/changes.ts';
import { DEMO_GUIDES } from './demo-guides.ts';

export async function seedDemoGuides(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(docs)
      .values(DEMO_GUIDES.map(({ title, slug, content }) => ({ title, slug, content })))
      .onConflictDoNothing({ target: docs.slug });
    await notifyChanges(tx, [{ type: 'docs.changed' }]);
  });
}
