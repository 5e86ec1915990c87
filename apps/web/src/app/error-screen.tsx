import { Trans } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';

/** Spec 2.2 generic error screen, shown by the route error boundaries. */
export function ErrorScreen() {
  const error = useRouteError();
  useEffect(() => {
    // The details stay in the console for support; the page shows only the generic text.
    console.error(error);
  }, [error]);

  return (
    <div role="alert" className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <span className="flex size-14 items-center justify-center rounded-2xl bg-rose-500/10 text-rose-600 ring-1 ring-rose-500/25 dark:text-rose-300">
        <TriangleAlert aria-hidden className="size-7" />
      </span>
      <h1 className="mt-6 font-display text-3xl font-bold tracking-tight text-fg">
        <Trans>Unexpected error</Trans>
      </h1>
      <p className="mt-3 max-w-md text-pretty text-fg-muted">
        <Trans>
          Something went wrong. Please refresh the page. If the problem persists, contact support.
        </Trans>
      </p>
      <button
        type="button"
        className={buttonClass('primary', 'md', 'mt-8')}
        onClick={() => window.location.reload()}
      >
        <Trans>Refresh the page</Trans>
      </button>
    </div>
  );
}

/** The outermost boundary: the layout itself failed, so the screen stands alone. */
export function RootErrorScreen() {
  return (
    <main className="flex min-h-dvh items-center">
      <ErrorScreen />
    </main>
  );
}
