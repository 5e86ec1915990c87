// The console's live moderation feed (WS /api/admin/moderation/ws): a stamp of each list the
// moderation pages show (punishments, appeals, what was sent to the game server), rebuilt when a
// write says one changed (punishment.changed, appeal.changed, action.changed), so that an open page
// reads a list again the moment it changes instead of on a timer. Each stamp is read from the lists'
// own rows through their indexes: a few rows, whatever the size of the tables.
import type { ModerationLiveMessage } from '@prison/shared/moderation';
import { sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client.ts';
import type { TopicBuilder } from '../../live/hub.ts';
import { TOPICS } from '../../live/topics.ts';

export const MODERATION_TOPIC = TOPICS.moderation;

/** How many of the newest actions the stamp covers: as many as the console lists, and more. */
const ACTIONS_COVERED = 50;

export function moderationStamps(db: Db): TopicBuilder<ModerationLiveMessage> {
  return async () => {
    const [row] = rowsOf<ModerationLiveMessage['moderation']>(
      await db.execute(sql`
        select
          concat_ws(':',
            (select max(id) from punishments),
            (select extract(epoch from updated_at) from punishments order by updated_at desc limit 1)
          ) as punishments,
          concat_ws(':',
            (select max(id) from punishment_appeals),
            (select count(*) from punishment_appeals where state = 'open'),
            (select extract(epoch from max(decided_at)) from punishment_appeals)
          ) as appeals,
          coalesce((
            select md5(string_agg(concat_ws(':', id, state, md5(output), md5(error), punishment_id), ','
              order by created_at desc, id desc))
            from (select * from punishment_actions order by created_at desc, id desc limit ${ACTIONS_COVERED}) x
          ), '') as actions`),
    );
    return { value: { moderation: row! } };
  };
}
