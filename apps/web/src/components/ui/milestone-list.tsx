// Level-ups, prestiges, G-Kit unlocks and upgrades and gang joins, newest first: a player's on their
// page, a gang's members' on the gang's.
import { Trans } from '@lingui/react/macro';
import type { ActivityItem } from '@prison/shared/players';
import { useNow } from '../../lib/use-now.ts';
import { ActivityEntry } from './activity-entry.tsx';

export function MilestoneList({
  items,
  labelledBy,
}: {
  items: ActivityItem[];
  /** The id of the heading that names the list. */
  labelledBy: string;
}) {
  // The list's own clock: its entries' relative times tick without drawing the page again.
  const now = useNow();
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        <Trans>No milestones yet.</Trans>
      </p>
    );
  }
  return (
    <ol className="space-y-3" aria-labelledby={labelledBy}>
      {items.map((item) => (
        <ActivityEntry key={item.id} item={item} now={now} />
      ))}
    </ol>
  );
}
