import { Trans, useLingui } from '@lingui/react/macro';
import { SITE_NAME } from '@prison/shared/brand';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { useSiteConfig } from '../../lib/site-config.tsx';

const linkClass = 'rounded text-fg-muted transition-colors hover:text-fg';
const externalLinkClass = `${linkClass} inline-flex items-center gap-1.5`;

export function SiteFooter() {
  const { t } = useLingui();
  const { communityInviteUrl } = useSiteConfig();
  const year = new Date().getFullYear();
  const site = SITE_NAME;
  return (
    <footer className="mt-24 border-t border-line bg-surface-sunken/60">
      <div className="container-page flex flex-col gap-8 py-10 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <BrandMark className="size-9" />
          <div>
            <p className="font-display font-bold text-fg">{SITE_NAME}</p>
            <p className="text-sm text-fg-muted">
              <Trans>
                © {year} {site}. Not affiliated with Mojang or Microsoft.
              </Trans>
            </p>
          </div>
        </div>
        <nav aria-label={t`Footer`}>
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-3 text-sm font-medium">
            {communityInviteUrl && (
              <li>
                <a
                  href={communityInviteUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                  className={externalLinkClass}
                >
                  <Trans>Join the community</Trans>
                  <ExternalLink aria-hidden className="size-3.5" />
                  <span className="sr-only">
                    <Trans>(opens in a new tab)</Trans>
                  </span>
                </a>
              </li>
            )}
            <li>
              <Link to="/status" className={linkClass}>
                <Trans>Server status</Trans>
              </Link>
            </li>
            <li>
              <Link to="/punishments" className={linkClass}>
                <Trans comment="Footer link to the public list of bans, mutes, warnings and kicks">
                  Punishments
                </Trans>
              </Link>
            </li>
            <li>
              <Link to="/docs" className={linkClass}>
                <Trans comment="Footer link to the knowledge base">Docs</Trans>
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={linkClass}>
                <Trans comment="Footer link to the privacy policy">Privacy</Trans>
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
