// A gang's public page (/gangs/{id}): the gang with its roster, and its members' newest milestones.
import type { GangPage } from '@prison/shared/social';
import type { Db } from '../../db/client.ts';
import { gangMilestones } from '../players/public-page.ts';
import { gangById } from './service.ts';

export async function gangPage(db: Db, id: string): Promise<GangPage | null> {
  const gang = await gangById(db, id);
  if (!gang) return null;
  return { gang, milestones: await gangMilestones(db, id) };
}
