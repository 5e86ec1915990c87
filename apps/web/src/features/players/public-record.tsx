import { Trans, useLingui } from '@lingui/react/macro';
import type { PlayerPage } from '@prison/shared/players';
import { BarChart3, EyeOff, Flag, Lock } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { MilestoneList } from '../../components/ui/milestone-list.tsx';
import { PageSection } from '../../components/ui/page-section.tsx';
import { StatGroups } from '../../components/ui/stat-groups.tsx';

/**
 * The player's statistics and milestones, or, when the player hides them, a plain note saying so.
 * Staff are sent them anyway (with `hidden` set) and are told the public does not see them.
 */
export function PublicRecord({ player }: { player: PlayerPage }) {
  const { t } = useLingui();
  const username = player.username;
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
          <Trans>{username} keeps their statistics private.</Trans>
        </h2>
        <p className="max-w-md text-pretty text-fg-muted">
          <Trans>
            Their name, rank and level stay public; their statistics and milestones are only theirs to see.
          </Trans>
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
            <Trans>{username} hides these from the public: you see them as staff.</Trans>
          </span>
        </Alert>
      )}
      <div className="grid gap-6 lg:grid-cols-12">
        <PageSection
          id="statistics-title"
          title={t`Statistics`}
          icon={<BarChart3 className="size-5" />}
          className="lg:col-span-8"
        >
          <StatGroups
            stats={player.stats}
            empty={t`No statistics recorded for ${username} yet.`}
            gridClassName="md:grid-cols-2"
          />
        </PageSection>
        <PageSection
          id="milestones-title"
          title={t`Milestones`}
          icon={<Flag className="size-5" />}
          className="lg:col-span-4"
        >
          <MilestoneList items={player.milestones} labelledBy="milestones-title" />
        </PageSection>
      </div>
    </>
  );
}
