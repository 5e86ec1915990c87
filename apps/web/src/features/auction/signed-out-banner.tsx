import { Trans } from '@lingui/react/macro';
import { Gavel, LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

/** Spec 2.10: signed out (or answered 401), the market is hidden behind this banner. */
export function SignedOutBanner({ redirect }: { redirect: string }) {
  const signIn = `/login?redirect=${encodeURIComponent(redirect)}`;
  return (
    <div className="mt-10 flex flex-col items-start gap-4 rounded-3xl border border-amber-500/35 bg-gradient-to-br from-amber-400/15 via-amber-400/5 to-transparent p-6 shadow-card sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex items-start gap-4">
        <span className="flex size-12 shrink-0 items-center justify-center rounded-2xl bg-amber-400/20 text-amber-700 dark:text-amber-300">
          <Gavel aria-hidden className="size-6" />
        </span>
        <div>
          <h2 className="font-display text-xl font-bold text-fg">
            <Trans>Sign in to track live auctions</Trans>
          </h2>
          <p className="mt-1 text-fg-muted">
            <Trans>
              Prices, listings and purchases use your in-game account: what you buy arrives in game at once.
            </Trans>
          </p>
        </div>
      </div>
      <Link to={signIn} className={buttonClass('primary')}>
        <LogIn aria-hidden className="size-4" />
        <Trans>Sign in</Trans>
      </Link>
    </div>
  );
}
