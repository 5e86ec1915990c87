import { useLingui } from '@lingui/react/macro';
import { SITE_NAME } from '@prison/shared/brand';
import type { ReactNode } from 'react';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { FeatureCards } from './feature-cards.tsx';
import { Hero } from './hero.tsx';
import { JoinBanner } from './join-banner.tsx';
import { Roadmap } from './roadmap.tsx';
import { SeasonSnapshot } from './season-snapshot.tsx';

/**
 * Spec 2.3 home. Loaded with the first bundle, so it stays free of heavy libraries (no markdown, charts
 * or admin code). The lore section belongs to another feature and is handed in by the app.
 */
export function HomePage({ lore }: { lore?: ReactNode }) {
  const { t } = useLingui();
  const config = useSiteConfig();
  const site = SITE_NAME;
  return (
    <>
      <title>{t`${site} · Season I is coming soon`}</title>
      <Hero />
      <SeasonSnapshot season={config.season} />
      <Roadmap />
      <FeatureCards />
      {lore}
      <JoinBanner communityInviteUrl={config.communityInviteUrl} />
    </>
  );
}
