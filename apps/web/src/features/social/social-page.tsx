import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { Friend } from '@prison/shared/social';
import { clsx } from 'clsx';
import { Compass, LogIn, Shield, UserRound, UsersRound, WifiOff } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { PresenceAvatar } from '../../components/ui/presence-avatar.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { SearchField } from '../../components/ui/search-field.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { MiniStat, Stat } from '../../components/ui/stat.tsx';
import { formatWhole } from '../../lib/money.ts';
import { pageDateTimeFormat } from '../../lib/page-intl.ts';
import { useSession } from '../../lib/session.ts';
import { formatTimestamp, socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { type SocialFeed, useGangsFeed, useSocialFeed } from './api.ts';
import { GangListCard, YourGangCard } from './gang-card.tsx';
import { filterGangs } from './gang-filter.ts';

const sectionClass = 'scroll-mt-24';
const dateOnly = () => pageDateTimeFormat('date only', { dateStyle: 'medium' });

/** Spec 2.8: your gang, your friends and every gang, all live. */
export function SocialPage() {
  const session = useSession();
  const social = useSocialFeed(session?.token ?? null);
  const gangs = useGangsFeed();
  useScrollToHash();
  const { t } = useLingui();

  const signedIn = Boolean(session);
  const friendsOnline = social.overview?.friends.online ?? social.friends?.filter((f) => f.online).length;
  const gangOnline = social.gang === null ? 0 : social.gang?.online_count;

  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Social hub`)}</title>
      <PageBackdrop glow="bg-[radial-gradient(36rem_22rem_at_0%_0%,rgb(16_185_129/0.14),transparent_70%),radial-gradient(34rem_22rem_at_100%_0%,rgb(251_191_36/0.14),transparent_70%)]" />

      <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
        <div className="grid gap-8 lg:grid-cols-12 lg:items-end">
          <div className="lg:col-span-7">
            <PageHeader eyebrow={t`Gangs and friends`} title={t`Social hub`}>
              <Trans>
                Who is online from your crew, how your gang is doing, and every gang on the server, live.
              </Trans>
            </PageHeader>
            <div className="mt-6 flex flex-wrap gap-3">
              {social.gang ? (
                <a href="#your-gang" className={buttonClass('primary')}>
                  <Shield aria-hidden className="size-4" />
                  <Trans>Jump to your gang</Trans>
                </a>
              ) : (
                <a href="#gang-browser" className={buttonClass('primary')}>
                  <Compass aria-hidden className="size-4" />
                  <Trans>Browse gangs</Trans>
                </a>
              )}
              <a href="#friends" className={buttonClass('secondary')}>
                <UsersRound aria-hidden className="size-4" />
                <Trans>Check friends online</Trans>
              </a>
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-3 lg:col-span-5">
            <HeroFigure label={t`Friends online`} value={signedIn ? friendsOnline : null} />
            <HeroFigure label={t`Gang members online`} value={signedIn ? gangOnline : null} />
          </dl>
        </div>

        {signedIn && social.status === 'closed' && (
          <p
            role="status"
            className="mt-8 inline-flex items-center gap-2 rounded-full border border-amber-500/35 bg-amber-400/10 px-3 py-1.5 text-sm font-semibold text-amber-900 dark:text-amber-100"
          >
            <WifiOff aria-hidden className="size-4" />
            <Trans>Reconnecting to live updates…</Trans>
          </p>
        )}

        <div className="mt-12 grid gap-12 xl:grid-cols-12">
          <section
            id="your-gang"
            aria-labelledby="your-gang-title"
            className={clsx(sectionClass, 'xl:col-span-7')}
          >
            <SectionTitle id="your-gang-title" icon={<Shield className="size-5" />}>
              <Trans>Your gang</Trans>
            </SectionTitle>
            <YourGang signedIn={signedIn} social={social} />
          </section>
          <section
            id="friends"
            aria-labelledby="friends-title"
            className={clsx(sectionClass, 'xl:col-span-5')}
          >
            <SectionTitle id="friends-title" icon={<UsersRound className="size-5" />}>
              <Trans>Friends</Trans>
            </SectionTitle>
            <Friends signedIn={signedIn} friends={social.friends} />
          </section>
        </div>

        <section
          id="gang-browser"
          aria-labelledby="gang-browser-title"
          className={clsx(sectionClass, 'mt-14')}
        >
          <GangBrowser gangs={gangs.gangs} status={gangs.status} />
        </section>
      </div>
    </div>
  );
}

/** Links from other pages (/social#friends) land on their section once the page has drawn it. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const target = document.getElementById(decodeURIComponent(hash.slice(1)));
    target?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash]);
}

/** A count of the hero: a placeholder until the feed has said, a dash when signed out. */
function HeroFigure({ label, value }: { label: string; value: number | null | undefined }) {
  return (
    <Stat
      label={label}
      value={
        value === undefined ? <Skeleton className="h-8 w-14" /> : value === null ? '—' : formatWhole(value)
      }
    />
  );
}

function SectionTitle({ id, icon, children }: { id: string; icon: ReactNode; children: ReactNode }) {
  return (
    <h2
      id={id}
      className="mb-4 flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-fg"
    >
      <span aria-hidden className="text-accent">
        {icon}
      </span>
      {children}
    </h2>
  );
}

function Notice({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col items-start gap-4 rounded-3xl border border-dashed border-line-strong bg-surface/60 p-6 sm:p-8">
      {children}
    </div>
  );
}

function YourGang({ signedIn, social }: { signedIn: boolean; social: SocialFeed }) {
  if (!signedIn) {
    return (
      <Notice>
        <p className="text-fg-muted">
          <Trans>Link your account to reveal your gang.</Trans>
        </p>
        <Link to="/login?redirect=/social" className={buttonClass('secondary', 'sm')}>
          <LogIn aria-hidden className="size-4" />
          <Trans>Sign in</Trans>
        </Link>
      </Notice>
    );
  }
  if (social.gang === undefined) return <Skeleton className="h-72 rounded-3xl" />;
  if (social.gang === null) {
    return (
      <Notice>
        <p className="text-fg-muted">
          <Trans>You're not in a gang yet.</Trans>
        </p>
        <a href="#gang-browser" className={buttonClass('secondary', 'sm')}>
          <Compass aria-hidden className="size-4" />
          <Trans>Browse gangs</Trans>
        </a>
      </Notice>
    );
  }
  return <YourGangCard gang={social.gang} role={social.overview?.gang.role ?? null} />;
}

function Friends({ signedIn, friends }: { signedIn: boolean; friends: Friend[] | undefined }) {
  if (!signedIn) {
    return (
      <Notice>
        <p className="text-fg-muted">
          <Trans>Sign in to see which of your friends are online.</Trans>
        </p>
      </Notice>
    );
  }
  if (friends === undefined) {
    return (
      <div className="space-y-3">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-20 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (friends.length === 0) {
    return (
      <Notice>
        <p className="text-fg-muted">
          <Trans>No friends linked yet.</Trans>
        </p>
        <Link to="/profile" className={buttonClass('secondary', 'sm')}>
          <UserRound aria-hidden className="size-4" />
          <Trans>Back to your profile</Trans>
        </Link>
      </Notice>
    );
  }
  return <FriendList friends={friends} />;
}

/** The friends, on the list's own clock: their last-seen times tick without drawing the page again. */
function FriendList({ friends }: { friends: Friend[] }) {
  const now = useNow();
  const { t } = useLingui();
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-1">
      {friends.map((friend) => (
        <li
          key={friend.uuid}
          data-friend={friend.username}
          data-online={friend.online}
          className={cardClass('flex gap-3 p-4')}
        >
          <PresenceAvatar
            uuid={friend.uuid}
            online={friend.online}
            size={44}
            className="rounded-xl"
            wrapperClassName="h-fit"
          />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <PlayerLink username={friend.username} className="truncate font-semibold text-fg" />
              <RankBadge rank={friend.rank} />
            </div>
            <dl className="mt-1.5 grid grid-cols-3 gap-2 text-xs">
              <MiniStat label={t`Level`} value={String(friend.level)} />
              <MiniStat
                label={t`Last seen`}
                value={friend.online ? t`Online now` : socialRelativeTime(friend.last_activity_at, now)}
              />
              <MiniStat
                label={t`Friends since`}
                value={dateOnly().format(new Date(friend.friends_since))}
                title={formatTimestamp(friend.friends_since)}
              />
            </dl>
          </div>
        </li>
      ))}
    </ul>
  );
}

function GangBrowser({ gangs, status }: { gangs: ReturnType<typeof useGangsFeed>['gangs']; status: string }) {
  const [query, setQuery] = useState('');
  const shown = gangs ? filterGangs(gangs, query) : null;
  const { t } = useLingui();
  const count = gangs?.length ?? 0;
  const gangCount = formatWhole(count);
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <SectionTitle id="gang-browser-title" icon={<Compass className="size-5" />}>
            <Trans>Gang browser</Trans>
          </SectionTitle>
          <p className="-mt-2 text-sm text-fg-muted">
            {gangs
              ? t({
                  message: plural(count, {
                    one: `${gangCount} gangs on the server, richest first.`,
                    other: `${gangCount} gangs on the server, richest first.`,
                  }),
                  comment: 'Above the gang browser; the English says "gangs" even for one',
                })
              : t`Loading every gang on the server…`}
          </p>
        </div>
        <SearchField
          label={t`Search by name or status`}
          value={query}
          onChange={setQuery}
          className="w-full sm:w-80"
        />
      </div>
      {status === 'closed' && (
        <p
          role="status"
          className="mt-4 inline-flex items-center gap-2 rounded-full border border-rose-500/30 bg-rose-500/10 px-3 py-1.5 text-sm font-semibold text-rose-800 dark:text-rose-200"
        >
          <WifiOff aria-hidden className="size-4" />
          <Trans>Connection lost. Reconnecting…</Trans>
        </p>
      )}
      <div className="mt-6">
        {shown === null ? (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t`Loading gangs`}>
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <li key={i}>
                <Skeleton className="h-36 rounded-2xl" />
              </li>
            ))}
          </ul>
        ) : shown.length === 0 ? (
          <Notice>
            <p className="text-fg-muted">
              <Trans>No gangs matched that search.</Trans>
            </p>
            <button type="button" onClick={() => setQuery('')} className={buttonClass('secondary', 'sm')}>
              <Trans>Clear search</Trans>
            </button>
          </Notice>
        ) : (
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {shown.map((gang) => (
              <GangListCard key={gang.id} gang={gang} />
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
