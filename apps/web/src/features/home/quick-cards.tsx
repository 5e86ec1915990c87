import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { ArrowUpRight, Rocket, Trophy } from 'lucide-react';
import { Link } from 'react-router';
import { cardClass } from '../../components/ui/card.tsx';

const QUICK_CARDS = [
  {
    to: '/docs',
    title: msg`How to join`,
    text: msg`Connect, link your profile and claim your first kit.`,
    icon: Rocket,
    tint: 'bg-sky-500/12 text-sky-700 ring-sky-500/25 dark:text-sky-300',
  },
  {
    to: '/leaderboard',
    title: msg`Leaderboard`,
    text: msg`See who rules the yard this season.`,
    icon: Trophy,
    tint: 'bg-amber-400/15 text-amber-700 ring-amber-500/25 dark:text-amber-300',
  },
] as const;

/** Spec 2.3 quick cards. */
export function QuickCards() {
  const { t } = useLingui();
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4">
      {QUICK_CARDS.map(({ to, title, text, icon: Icon, tint }) => (
        <li key={to}>
          <Link
            to={to}
            className={cardClass(
              'group flex h-full flex-col p-4 transition duration-200 hover:border-line-strong sm:p-5 motion-safe:hover:-translate-y-0.5',
            )}
          >
            <span className="flex items-center justify-between">
              <span
                className={clsx(
                  'flex size-10 items-center justify-center rounded-xl ring-1 ring-inset',
                  tint,
                )}
              >
                <Icon aria-hidden className="size-5" />
              </span>
              <ArrowUpRight
                aria-hidden
                className="size-5 text-fg-muted transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5 group-hover:text-fg"
              />
            </span>
            <span className="mt-4 font-display text-lg font-bold text-fg">{t(title)}</span>
            <span className="mt-1 text-sm text-fg-muted">{t(text)}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
