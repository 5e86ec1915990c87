import type { SocialOverview } from '@prison/shared/social';
import { ArrowRight, Shield, Sparkles, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card } from '../../components/ui/card.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import type { PlayerGang } from './api.ts';

/**
 * Spec 2.7: three cards once the social overview has loaded; skeletons while it loads (undefined),
 * nothing when it could not be loaded (null). The gang's name links to the gang's page once its id
 * is known (`gang`).
 */
export function SocialCards({
  overview,
  gang: gangPage,
}: {
  overview: SocialOverview | null | undefined;
  gang?: PlayerGang | null;
}) {
  if (overview === null) return null;
  if (overview === undefined) {
    return (
      <div className="grid gap-4 md:grid-cols-3" data-testid="social-cards-loading">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-36" />
        ))}
      </div>
    );
  }
  const { gang, friends } = overview;
  const inGang = gang.name !== null;
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SocialCard
        title="Gang status"
        icon={<Shield className="size-5" />}
        to="/social#your-gang"
        link="View your gang"
      >
        <p className="truncate font-display text-xl font-bold text-fg">
          {gang.name && gangPage?.name === gang.name ? (
            <GangLink id={gangPage.id}>{gang.name}</GangLink>
          ) : (
            (gang.name ?? 'Unassigned')
          )}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {inGang ? (
            <>
              {gang.role ?? 'Member'} · {gang.online_count ?? 0} / {gang.member_count ?? 0} online
            </>
          ) : (
            'Join a gang to share a treasury and climb together.'
          )}
        </p>
      </SocialCard>
      <SocialCard
        title="Friends"
        icon={<UsersRound className="size-5" />}
        to="/social#gang-browser"
        link="Find players"
      >
        <p className="font-display text-xl font-bold text-fg tabular-nums">
          {friends.online} / {friends.total} online
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {friends.total === 0 ? 'Add friends in game to see them here.' : 'Friends linked to your account.'}
        </p>
      </SocialCard>
      <SocialCard
        title="Social hub"
        icon={<Sparkles className="size-5" />}
        to="/social"
        link="Open the social hub"
        accent
      >
        <p className="font-display text-xl font-bold text-fg">Gangs, friends and who is on</p>
        <p className="mt-1 text-sm text-fg-muted">
          Live presence for your crew and every gang on the server.
        </p>
      </SocialCard>
    </div>
  );
}

/** A card of the overview, with the way to where it leads at its foot. */
function SocialCard({
  title,
  icon,
  to,
  link,
  accent,
  children,
}: {
  title: string;
  icon: ReactNode;
  to: string;
  link: string;
  accent?: boolean;
  children: ReactNode;
}) {
  return (
    <Card title={title} icon={icon} heading="h3" titleStyle="label" tone={accent ? 'accent' : 'plain'}>
      <div className="flex-1">{children}</div>
      <Link
        to={to}
        className="mt-4 inline-flex items-center gap-1.5 self-start text-sm font-semibold text-accent hover:underline"
      >
        {link}
        <ArrowRight aria-hidden className="size-4" />
      </Link>
    </Card>
  );
}
