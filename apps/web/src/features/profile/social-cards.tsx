import { Trans, useLingui } from '@lingui/react/macro';
import type { SocialOverview } from '@prison/shared/social';
import { ArrowRight, Shield, Sparkles, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Card, type CardTone } from '../../components/ui/card.tsx';
import { GangLink } from '../../components/ui/entity-links.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { gangRoleLabel } from '../../lib/gang-role.ts';
import { formatWhole } from '../../lib/money.ts';
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
  const { t } = useLingui();
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
  const role = gangRoleLabel(gang.role ?? 'Member');
  const online = formatWhole(gang.online_count ?? 0);
  const members = formatWhole(gang.member_count ?? 0);
  const friendsOnline = formatWhole(friends.online);
  const friendsTotal = formatWhole(friends.total);
  return (
    <div className="grid gap-4 md:grid-cols-3">
      <SocialCard
        title={t`Gang status`}
        icon={<Shield className="size-5" />}
        to="/social#your-gang"
        link={t`View your gang`}
      >
        <p className="truncate font-display text-xl font-bold text-fg">
          {gang.name && gangPage?.name === gang.name ? (
            <GangLink id={gangPage.id}>{gang.name}</GangLink>
          ) : (
            (gang.name ?? t`Unassigned`)
          )}
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {inGang ? (
            <Trans comment="The player's role in their gang, then its members online out of all its members">
              {role} · {online} / {members} online
            </Trans>
          ) : (
            <Trans>Join a gang to share a treasury and climb together.</Trans>
          )}
        </p>
      </SocialCard>
      <SocialCard
        title={t`Friends`}
        icon={<UsersRound className="size-5" />}
        to="/social#gang-browser"
        link={t`Find players`}
      >
        <p className="font-display text-xl font-bold text-fg tabular-nums">
          <Trans comment="Friends online, out of all the player's friends">
            {friendsOnline} / {friendsTotal} online
          </Trans>
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          {friends.total === 0 ? (
            <Trans>Add friends in game to see them here.</Trans>
          ) : (
            <Trans>Friends linked to your account.</Trans>
          )}
        </p>
      </SocialCard>
      <SocialCard
        title={t`Social hub`}
        icon={<Sparkles className="size-5" />}
        to="/social"
        link={t`Open the social hub`}
        accent
      >
        <p className="font-display text-xl font-bold text-fg">
          <Trans>Gangs, friends and who is on</Trans>
        </p>
        <p className="mt-1 text-sm text-fg-muted">
          <Trans>Live presence for your crew and every gang on the server.</Trans>
        </p>
      </SocialCard>
    </div>
  );
}

/** The cards' titles, under the profile's own heading. */
const CARD_HEADING = 'h3';

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
  const tone: CardTone = accent ? 'accent' : 'plain';
  return (
    <Card title={title} icon={icon} heading={CARD_HEADING} titleStyle="label" tone={tone}>
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
