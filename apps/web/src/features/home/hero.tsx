import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ArrowRight, Check, FlaskConical } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { OnlineCount } from './online-count.tsx';
import { QuickCards } from './quick-cards.tsx';

// Spec 1 marketing points.
const HIGHLIGHTS = [
  msg`90-day seasons with a mid-season refresh`,
  msg`One profile, linked between the web and the game`,
  msg`An enchant laboratory to plan every build`,
  msg`Cell collaboration dashboards for your gang`,
];

export function Hero() {
  const { t } = useLingui();
  return (
    <section aria-labelledby="hero-title" className="relative isolate -mt-16 overflow-hidden pt-16">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
        <div className="absolute inset-0 bg-grid opacity-70" />
        <div className="absolute inset-0 bg-[radial-gradient(44rem_32rem_at_6%_0%,rgb(251_191_36/0.24),transparent_70%),radial-gradient(40rem_34rem_at_100%_10%,rgb(139_92_246/0.16),transparent_70%)] dark:bg-[radial-gradient(44rem_32rem_at_6%_0%,rgb(245_158_11/0.17),transparent_70%),radial-gradient(40rem_34rem_at_100%_10%,rgb(124_58_237/0.22),transparent_70%)]" />
        <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-canvas" />
      </div>

      <div className="container-page grid gap-12 pt-10 pb-12 sm:pt-20 lg:grid-cols-12 lg:gap-10 lg:pt-24 lg:pb-16">
        <div className="lg:col-span-7">
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-500/30 bg-amber-400/10 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-200">
            <span className="size-1.5 rounded-full bg-amber-500" aria-hidden />
            <Trans>Gates open soon · 90-day seasons</Trans>
          </p>
          <h1
            id="hero-title"
            className="mt-6 font-display text-5xl leading-[1.02] font-bold tracking-tight text-balance text-fg sm:text-6xl lg:text-7xl"
          >
            <Trans>
              <span className="bg-gradient-to-br from-amber-500 via-orange-500 to-rose-500 bg-clip-text text-transparent dark:from-amber-200 dark:via-amber-400 dark:to-orange-500">
                Season I
              </span>{' '}
              is coming soon
            </Trans>
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">
            <Trans>
              Dig your way out of the cells, rank up through prestige and carve your name into the
              leaderboard. Every season runs for 90 days, with a mid-season refresh that shakes up the mines,
              the market and the meta.
            </Trans>
          </p>
          <ul className="mt-8 grid gap-3 sm:grid-cols-2">
            {HIGHLIGHTS.map((highlight) => t(highlight)).map((item) => (
              <li key={item} className="flex items-start gap-2.5 text-[15px] text-fg">
                <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full bg-emerald-500/15 text-emerald-700 dark:text-emerald-300">
                  <Check aria-hidden className="size-3.5" strokeWidth={3} />
                </span>
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-10 grid gap-3 sm:flex sm:flex-wrap">
            <Link to="/docs" className={buttonClass('primary', 'lg')}>
              <Trans>Get ready for launch</Trans>
              <ArrowRight aria-hidden className="size-4" />
            </Link>
            <Link to="/enchants" className={buttonClass('secondary', 'lg')}>
              <FlaskConical aria-hidden className="size-4" />
              <Trans>Explore the enchant lab</Trans>
            </Link>
          </div>
        </div>

        <div className="flex flex-col gap-4 lg:col-span-5 lg:pt-4">
          <OnlineCount />
          <QuickCards />
        </div>
      </div>
    </section>
  );
}
