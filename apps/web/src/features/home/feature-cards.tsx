import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { ArrowRight, BookOpen, FlaskConical, Gavel, Trophy, UserRound, Users } from 'lucide-react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card.tsx';
import { SectionHeading } from '../../components/ui/section-heading.tsx';

const FEATURES = [
  {
    to: '/profile',
    title: msg`Player profiles`,
    open: msg`Open player profiles`,
    text: msg`Rank, level, prestige, balance, G-Kits and your activity feed, linked between the web and the game.`,
    icon: UserRound,
    tint: 'bg-sky-500/12 text-sky-700 ring-sky-500/25 dark:text-sky-300',
  },
  {
    to: '/social',
    title: msg`Social hub`,
    open: msg`Open social hub`,
    text: msg`Your gang roster, your friends and who is online right now: the cell collaboration dashboard.`,
    icon: Users,
    tint: 'bg-violet-500/12 text-violet-700 ring-violet-500/25 dark:text-violet-300',
  },
  {
    to: '/leaderboard',
    title: msg`Leaderboard`,
    open: msg`Open leaderboard`,
    text: msg`Live rankings by level, XP, prestige and balance, with a podium for the top three.`,
    icon: Trophy,
    tint: 'bg-amber-400/15 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  },
  {
    to: '/auction',
    title: msg`Auction house`,
    open: msg`Open auction house`,
    text: msg`Browse the market, compare prices and buy items that arrive in-game the moment you pay.`,
    icon: Gavel,
    tint: 'bg-emerald-500/12 text-emerald-700 ring-emerald-500/25 dark:text-emerald-300',
  },
  {
    to: '/enchants',
    title: msg`Enchant laboratory`,
    open: msg`Open enchant laboratory`,
    text: msg`Study every enchant by rarity, gear and system, and plan your next pickaxe before you spend.`,
    icon: FlaskConical,
    tint: 'bg-rose-500/12 text-rose-700 ring-rose-500/25 dark:text-rose-300',
  },
  {
    to: '/docs',
    title: msg`Docs & guides`,
    open: msg`Open docs & guides`,
    text: msg`From joining the server to running a gang treasury, written by staff and the community.`,
    icon: BookOpen,
    tint: 'bg-cyan-500/12 text-cyan-700 ring-cyan-500/25 dark:text-cyan-300',
  },
] as const;

/** Spec 2.3 feature cards, each a way into its part of the site. */
export function FeatureCards() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="features-title" className="container-page py-12 sm:py-16">
      <SectionHeading id="features-title" eyebrow={t`The site`} title={t`Your whole prison life, on the web`}>
        <Trans>
          Everything you do in the game shows up here, and everything here helps you win in the game.
        </Trans>
      </SectionHeading>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map(({ to, title, open, text, icon: Icon, tint }) => (
          <li key={to}>
            <Link
              to={to}
              className={cardClass(
                'group flex h-full flex-col p-6 transition duration-200 hover:border-line-strong motion-safe:hover:-translate-y-0.5',
              )}
            >
              <span
                className={clsx(
                  'flex size-11 items-center justify-center rounded-xl ring-1 ring-inset',
                  tint,
                )}
              >
                <Icon aria-hidden className="size-5" />
              </span>
              <h3 className="mt-5 font-display text-lg font-bold text-fg">{t(title)}</h3>
              <p className="mt-2 flex-1 text-[15px] leading-relaxed text-fg-muted">{t(text)}</p>
              <span className="mt-5 inline-flex items-center gap-1.5 text-sm font-semibold text-accent">
                {t(open)}
                <ArrowRight aria-hidden className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
