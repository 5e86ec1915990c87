import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle, SITE_NAME } from '@prison/shared/brand';
import { Cookie, Database, Globe, HardDrive } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClass } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { templateHost, useSiteConfig } from '../../lib/site-config.tsx';

// Spec 9 Storage: what the browser keeps.
const LOCAL_STORAGE: { name: string; purpose: MessageDescriptor }[] = [
  {
    name: 'token',
    purpose: msg`Your access token, so the site knows it is you. It expires after a short time.`,
  },
  {
    name: 'refresh_token',
    purpose: msg`Lets the site renew your access token without asking for your password again.`,
  },
  { name: 'user', purpose: msg`Your player id, username and roles, to show your name and the right menus.` },
  {
    name: 'preferred_theme',
    purpose: msg`Light or dark, once you pick one. Without it the site follows your system.`,
  },
];

const COOKIES: { name: string; lifetime: MessageDescriptor; purpose: MessageDescriptor }[] = [
  {
    name: 'cp_token',
    lifetime: msg`30 days`,
    purpose: msg`A copy of your access token.`,
  },
  {
    name: 'cp_refresh_token',
    lifetime: msg`30 days`,
    purpose: msg`A copy of your refresh token.`,
  },
  {
    name: 'cp_user',
    lifetime: msg`7 days`,
    purpose: msg`A copy of your player id, username and roles.`,
  },
];

const SERVER_DATA: MessageDescriptor[] = [
  msg`Your account: player id, username and the roles that come from your in-game groups.`,
  msg`Your password, only ever stored as a one-way hash (argon2id); nobody can read it back.`,
  msg`Game statistics and activity that the game server reports: levels, XP, balance, G-Kits, gang and friends, joins, chat shown in activity feeds, and similar events.`,
  msg`Your auction house purchases and the deliveries of those items to the game.`,
];

function Section({
  id,
  icon: Icon,
  title,
  children,
}: {
  /** The heading's id, the same in every language. */
  id: string;
  icon: typeof Cookie;
  title: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cardClass('p-6 sm:p-8')}>
      <h2 id={id} className="flex items-center gap-3 font-display text-xl font-bold text-fg">
        <span className="flex size-9 items-center justify-center rounded-xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
          <Icon aria-hidden className="size-[18px]" />
        </span>
        {title}
      </h2>
      <div className="mt-5 space-y-4 text-[15px] leading-relaxed text-fg-muted">{children}</div>
    </section>
  );
}

const codeClass = 'rounded-md bg-fg/[0.07] px-1.5 py-0.5 font-mono text-[13px] text-fg';

export function PrivacyPage() {
  const { t } = useLingui();
  const config = useSiteConfig();
  const avatarHost = templateHost(config.avatarUrl);
  const iconHost = templateHost(config.itemIconUrl);
  const inviteHost = templateHost(config.communityInviteUrl);
  const siteName = SITE_NAME;

  return (
    <div className="container-page py-14 sm:py-20">
      <title>{pageTitle(t`Privacy`)}</title>
      <PageHeader eyebrow={t`Privacy`} title={t`What this site stores and loads`}>
        <Trans>
          {siteName} keeps only what it needs to sign you in and show your game. No advertising, no tracking,
          no analytics.
        </Trans>
      </PageHeader>

      <div className="mt-12 grid max-w-4xl gap-6">
        <Section id="privacy-in-your-browser" icon={HardDrive} title={t`In your browser`}>
          <p>
            <Trans>When you sign in, the site keeps these values in your browser's local storage:</Trans>
          </p>
          <dl className="grid gap-3">
            {LOCAL_STORAGE.map((item) => (
              <div key={item.name} className="grid gap-1 sm:grid-cols-[10rem_1fr] sm:gap-4">
                <dt>
                  <code className={codeClass}>{item.name}</code>
                </dt>
                <dd>{t(item.purpose)}</dd>
              </div>
            ))}
          </dl>
          <p>
            <Trans>
              Signing out removes the token, refresh token and user. The theme choice stays until you clear
              it.
            </Trans>
          </p>
        </Section>

        <Section id="privacy-cookies" icon={Cookie} title={t`Cookies`}>
          <p>
            <Trans>
              The same sign-in values are mirrored in cookies, so the main site and the admin console can
              share one session:
            </Trans>
          </p>
          <dl className="grid gap-3">
            {COOKIES.map((item) => (
              <div key={item.name} className="grid gap-1 sm:grid-cols-[10rem_6rem_1fr] sm:gap-4">
                <dt>
                  <code className={codeClass}>{item.name}</code>
                </dt>
                <dd className="font-medium text-fg">{t(item.lifetime)}</dd>
                <dd>{t(item.purpose)}</dd>
              </div>
            ))}
          </dl>
          <p>
            <Trans>
              They apply to the whole site (<code className={codeClass}>Path=/</code>) and to its parent
              domain when the address has one. Over HTTPS they are <code className={codeClass}>Secure</code>{' '}
              and <code className={codeClass}>SameSite=None</code>; otherwise{' '}
              <code className={codeClass}>SameSite=Lax</code>. Signing out deletes them. There are no
              advertising or tracking cookies.
            </Trans>
          </p>
        </Section>

        <Section id="privacy-on-our-server" icon={Database} title={t`On our server`}>
          <ul className="list-disc space-y-2 pl-5 marker:text-accent">
            {SERVER_DATA.map((item) => (
              <li key={item.id}>{t(item)}</li>
            ))}
          </ul>
        </Section>

        <Section id="privacy-loaded-from-other-hosts" icon={Globe} title={t`Loaded from other hosts`}>
          <p>
            <Trans>
              Some pages load content from other services, which then see your IP address like any website
              would:
            </Trans>
          </p>
          <ul className="list-disc space-y-2 pl-5 marker:text-accent">
            <li>
              {avatarHost ? (
                <Trans>
                  Player avatars from the avatar service at <code className={codeClass}>{avatarHost}</code>.
                </Trans>
              ) : (
                <Trans>Player avatars from the avatar service configured by this server.</Trans>
              )}
            </li>
            <li>
              {iconHost ? (
                <Trans>
                  Item and enchant icons from the public game-assets host at{' '}
                  <code className={codeClass}>{iconHost}</code>.
                </Trans>
              ) : (
                <Trans>
                  Item and enchant icons from the public game-assets host configured by this server.
                </Trans>
              )}
            </li>
            <li>
              {inviteHost ? (
                <Trans>
                  The community chat invite at <code className={codeClass}>{inviteHost}</code>, only when you
                  follow the link.
                </Trans>
              ) : (
                <Trans>The community chat invite, only when you follow the link.</Trans>
              )}
            </li>
          </ul>
          <p>
            <Trans>
              If one of these hosts cannot be reached, the site shows a local placeholder instead.
            </Trans>
          </p>
        </Section>
      </div>
    </div>
  );
}
