import { pageTitle } from '@prison/shared/brand';
import { Search, Trophy, UserRoundX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

// The header's search field (features/search): "/" focuses it from anywhere.
const SITE_SEARCH_ID = 'site-search';

/** The header's search field when it is drawn (on a phone it sits in the menu instead). */
function visibleSearchField(): HTMLElement | null {
  const field = document.getElementById(SITE_SEARCH_ID);
  return field && field.getClientRects().length > 0 ? field : null;
}

/** An unknown name or uuid: where to look instead. */
export function PlayerNotFound() {
  const [canSearch, setCanSearch] = useState(false);
  useEffect(() => setCanSearch(visibleSearchField() !== null), []);

  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <title>{pageTitle('Player not found')}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <UserRoundX aria-hidden className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-accent uppercase">Error 404</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
        We couldn't find that player.
      </h1>
      <p className="mt-3 max-w-md text-pretty text-fg-muted">
        Check the spelling, or search for them: press{' '}
        <kbd className="rounded-md border border-line-strong bg-surface px-1.5 py-0.5 font-mono text-xs text-fg">
          /
        </kbd>{' '}
        or use the search in the header or the menu. Names change; a player's page follows their current name.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/leaderboard" className={buttonClass('primary')}>
          <Trophy aria-hidden className="size-4" />
          Browse the leaderboard
        </Link>
        {canSearch && (
          <button
            type="button"
            className={buttonClass('secondary')}
            onClick={() => visibleSearchField()?.focus()}
          >
            <Search aria-hidden className="size-4" />
            Search players
          </button>
        )}
      </div>
    </div>
  );
}
