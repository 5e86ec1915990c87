import { Trans } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';

// The next page is asked for this far before the end of the list comes into view, so that scrolling
// seldom reaches it.
const AHEAD = '800px 0px';

/**
 * The end of a list with more to come: asks for the next page as the end nears the screen, and offers
 * a "Load more" button that does the same by hand (keyboard, screen readers, browsers without
 * IntersectionObserver). After a failed page it waits for the button, rather than asking again and
 * again as the player scrolls.
 */
export function LoadMore({
  hasMore,
  isLoading,
  failed,
  onLoad,
}: {
  hasMore: boolean;
  isLoading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = end.current;
    if (!element || !hasMore || isLoading || failed || typeof IntersectionObserver === 'undefined') return;
    // A new observer reports at once whether the end is in view: a page that did not fill the screen
    // is followed by the next one.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoad();
      },
      { rootMargin: AHEAD },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasMore, isLoading, failed, onLoad]);

  if (!hasMore) return null;
  return (
    <div ref={end} data-load-more className="mt-5 flex flex-col items-center gap-3">
      {failed && (
        <Alert tone="error">
          <Trans>Failed to load listings</Trans>
        </Alert>
      )}
      <button
        type="button"
        onClick={onLoad}
        disabled={isLoading}
        aria-busy={isLoading}
        className={buttonClass('secondary', 'sm', 'min-w-36')}
      >
        {isLoading ? (
          <Trans>Loading more…</Trans>
        ) : failed ? (
          <Trans>Try again</Trans>
        ) : (
          <Trans>Load more</Trans>
        )}
      </button>
    </div>
  );
}
