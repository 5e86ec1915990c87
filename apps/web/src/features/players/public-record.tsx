import type { ActivityItem, PlayerPage } from '@prison/shared/players';
import { BarChart3, EyeOff, Flag, Lock } from 'lucide-react';
import type { ReactNode } from 'react';
import { ActivityEntry } from '../../components/ui/activity-entry.tsx';
import { Alert } from '../../components/ui/alert.tsx';
import { StatGroups } from '../../components/ui/stat-groups.tsx';

/**
 * The player's statistics and milestones, or, when the player hides them, a plain note saying so.
 * Staff are sent them anyway (with `hidden` set) and are told the public does not see them.
 */
export function PublicRecord({ player, now }: { player: PlayerPage; now: number }) {
  if (player.stats === null || player.milestones === null) {
    return (
      <section
        aria-labelledby="private-title"
        className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-12 text-center"
      >
        <span className="flex size-12 items-center justify-center rounded-2xl bg-fg/[0.06] text-fg-muted">
          <Lock aria-hidden className="size-6" />
        </span>
        <h2 id="private-title" className="font-display text-xl font-bold text-fg">
          {player.username} keeps their statistics private.
        </h2>
        <p className="max-w-md text-pretty text-fg-muted">
          Their name, rank and level stay public; their statistics and milestones are only theirs to see.
        </p>
      </section>
    );
  }
  return (
    <>
      {player.hidden && (
        <Alert tone="info">
          <span className="inline-flex items-center gap-2">
            <EyeOff aria-hidden className="size-4" />
            {player.username} hides these from the public: you see them as staff.
          </span>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-12">
        <Section id="statistics-title" title="Statistics" icon={<BarChart3 className="size-5" />} wide>
          <StatGroups
            stats={player.stats}
            empty={`No statistics recorded for ${player.username} yet.`}
            gridClassName="md:grid-cols-2"
          />
        </Section>
        <Section id="milestones-title" title="Milestones" icon={<Flag className="size-5" />}>
          <Milestones items={player.milestones} now={now} />
        </Section>
      </div>
    </>
  );
}

function Section({
  id,
  title,
  icon,
  wide,
  children,
}: {
  id: string;
  title: string;
  icon: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={wide ? 'min-w-0 lg:col-span-8' : 'min-w-0 lg:col-span-4'}>
      <h2
        id={id}
        className="mb-4 flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-fg"
      >
        <span aria-hidden className="text-accent">
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}

/** Level-ups, prestiges, G-Kit unlocks and upgrades and gang joins, newest first. */
function Milestones({ items, now }: { items: ActivityItem[]; now: number }) {
  if (items.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        No milestones yet.
      </p>
    );
  }
  return (
    <ol className="space-y-3" aria-labelledby="milestones-title">
      {items.map((item) => (
        <ActivityEntry key={item.id} item={item} now={now} />
      ))}
    </ol>
  );
}
