import { Trans } from '@lingui/react/macro';
import { ArrowRight, MessagesSquare } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

/** Closing call to action; the community link appears only when the deployment configured one. */
export function JoinBanner({ communityInviteUrl }: { communityInviteUrl: string }) {
  return (
    <section aria-labelledby="join-title" className="container-page pt-8">
      <div className="relative isolate overflow-hidden rounded-3xl border border-amber-500/25 bg-[#0b0f1a] px-6 py-12 text-center sm:px-12 sm:py-16">
        <div aria-hidden className="absolute inset-0 -z-10">
          <div className="absolute inset-0 bg-[radial-gradient(40rem_18rem_at_50%_-10%,rgb(245_158_11/0.32),transparent_70%),radial-gradient(26rem_20rem_at_0%_100%,rgb(124_58_237/0.32),transparent_70%),radial-gradient(20rem_16rem_at_100%_100%,rgb(225_29_72/0.16),transparent_70%)]" />
        </div>
        <h2
          id="join-title"
          className="mx-auto max-w-2xl font-display text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl"
        >
          <Trans>Be in the yard when the gates open</Trans>
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-pretty text-slate-300">
          <Trans>Read the join guide now, line up your gang and be first in the queue for Season I.</Trans>
        </p>
        <div className="mt-8 flex flex-wrap justify-center gap-3">
          <Link to="/docs" className={buttonClass('primary', 'lg')}>
            <Trans>Read the join guide</Trans>
            <ArrowRight aria-hidden className="size-4" />
          </Link>
          {communityInviteUrl && (
            <a
              href={communityInviteUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass(
                'secondary',
                'lg',
                'bg-white/10 text-white ring-white/20 hover:bg-white/15 dark:hover:bg-white/15',
              )}
            >
              <MessagesSquare aria-hidden className="size-4" />
              <Trans>Join the community</Trans>
              <span className="sr-only">
                <Trans>(opens in a new tab)</Trans>
              </span>
            </a>
          )}
        </div>
      </div>
    </section>
  );
}
