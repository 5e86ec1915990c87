import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { canUseAdminConsole } from '@prison/shared/roles';
import { LogIn, RotateCw } from 'lucide-react';
// The tabs entry alone: radix-ui's main entry loads every primitive.
import * as Tabs from 'radix-ui/tabs';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { PlayerHero } from '../../components/ui/player-hero.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { StatGroups } from '../../components/ui/stat-groups.tsx';
import { useSession } from '../../lib/session.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { ActivityTab } from './activity-tab.tsx';
import { type PlayerGang, useActivity, useProfileData, useSocialOverview } from './api.ts';
import { DiscordCard } from './discord-card.tsx';
import { GKitsTab } from './gkits-tab.tsx';
import { NotificationsCard } from './notifications-card.tsx';
import { PrivacyCard } from './privacy-card.tsx';
import { PunishmentsCard } from './punishments-card.tsx';
import { SecurityCard } from './security-card.tsx';
import { SessionsCard } from './sessions-card.tsx';
import { SocialCards } from './social-cards.tsx';

const TABS = [
  { id: 'activity', label: msg`Activity` },
  { id: 'statistics', label: msg`Statistics` },
  { id: 'gkits', label: msg`G-Kits` },
] as const;

/** Spec 2.7: the signed-in player's own profile. */
export function ProfilePage() {
  const session = useSession();
  const { t } = useLingui();
  return (
    <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
      <title>{pageTitle(t`My profile`)}</title>
      {session ? (
        <Profile
          uuid={session.user.uuid}
          token={session.token}
          staff={canUseAdminConsole(session.user.roles)}
        />
      ) : (
        <>
          <PageHeader eyebrow={t`Your prisoner file`} title={t`My profile`}>
            <Trans>
              Sign in with your in-game account to see your level, balance, activity, statistics and G-Kits.
            </Trans>
          </PageHeader>
          <Link to="/login?redirect=/profile" className={buttonClass('primary', 'md', 'mt-8')}>
            <LogIn aria-hidden className="size-4" />
            <Trans>Sign in</Trans>
          </Link>
        </>
      )}
    </div>
  );
}

function Profile({ uuid, token, staff }: { uuid: string; token: string; staff: boolean }) {
  const { profile, stats } = useProfileData(uuid);
  const overview = useSocialOverview();
  const activity = useActivity(uuid);
  const refreshedAt = Math.max(profile.dataUpdatedAt, stats.dataUpdatedAt);
  const ready = profile.data && stats.data;
  const gang: PlayerGang | null =
    profile.data?.gang_id && profile.data.gang_name
      ? { id: profile.data.gang_id, name: profile.data.gang_name }
      : null;
  const { t } = useLingui();
  const refreshed = formatTimestamp(refreshedAt);
  const gangName = gang ? <GangLink id={gang.id}>{gang.name}</GangLink> : profile.data?.gang_name;

  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader eyebrow={t`Your prisoner file`} title={t`My profile`} />
        <div className="flex items-center gap-3 text-sm text-fg-muted">
          <p aria-live="polite">
            {ready && refreshedAt > 0 ? (
              <Trans>
                Last refreshed <time dateTime={new Date(refreshedAt).toISOString()}>{refreshed}</time>
              </Trans>
            ) : (
              <Trans>Loading your profile…</Trans>
            )}
          </p>
          <button
            type="button"
            className={buttonClass('secondary', 'sm')}
            onClick={() => {
              void profile.refetch();
              void stats.refetch();
            }}
          >
            <RotateCw aria-hidden className="size-4" />
            <Trans>Refresh</Trans>
          </button>
        </div>
      </div>

      {ready ? (
        <div className="mt-8 space-y-6">
          <PlayerHero
            player={profile.data}
            level={stats.data.level}
            xp={stats.data.xp}
            avatar={
              <PlayerAvatar
                uuid={profile.data.uuid}
                size={80}
                className="rounded-2xl ring-1 ring-line sm:size-24"
              />
            }
            details={
              <>
                <RankBadge rank={profile.data.rank} />
                {profile.data.gang_name && (
                  <span className="truncate text-sm text-fg-muted">
                    <Trans comment="Beside the player's rank: the gang they belong to">
                      of <span className="font-semibold text-fg">{gangName}</span>
                    </Trans>
                  </span>
                )}
              </>
            }
          />
          <PunishmentsCard token={token} />
          <SocialCards overview={overview} gang={gang} />
          <PrivacyCard username={profile.data.username} />
          <NotificationsCard staff={staff} />
          <DiscordCard />
          <SecurityCard />
          <SessionsCard />
          <Tabs.Root defaultValue="activity" className="pt-2">
            <Tabs.List
              aria-label={t`Profile sections`}
              className={cardClass('inline-grid grid-cols-3 gap-1 p-1')}
            >
              {TABS.map((tab) => (
                <Tabs.Trigger
                  key={tab.id}
                  value={tab.id}
                  className="rounded-xl px-4 py-2 text-sm font-semibold text-fg-muted transition hover:text-fg data-[state=active]:bg-gradient-to-b data-[state=active]:from-amber-300 data-[state=active]:to-amber-500 data-[state=active]:text-amber-950 sm:px-6"
                >
                  {t(tab.label)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <Tabs.Content value="activity" className="mt-6 focus-visible:outline-none">
              <ActivityTab items={activity} />
            </Tabs.Content>
            <Tabs.Content value="statistics" className="mt-6 focus-visible:outline-none">
              <StatGroups stats={stats.data.stats} />
            </Tabs.Content>
            <Tabs.Content value="gkits" className="mt-6 focus-visible:outline-none">
              <GKitsTab gkits={stats.data.gkits} />
            </Tabs.Content>
          </Tabs.Root>
        </div>
      ) : (
        <div className="mt-8 grid gap-4 md:grid-cols-2" data-testid="profile-loading" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} className="h-44 rounded-2xl" />
          ))}
        </div>
      )}
    </>
  );
}
