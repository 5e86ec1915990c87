import { Trans, useLingui } from '@lingui/react/macro';
import { Search, Trophy, UserRoundX } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { NotFoundPanel } from '../../components/ui/not-found-panel.tsx';
import { visibleSearchField } from '../../lib/site-search-field.ts';

/** An unknown name or uuid: where to look instead. */
export function PlayerNotFound() {
  const [canSearch, setCanSearch] = useState(false);
  useEffect(() => setCanSearch(visibleSearchField() !== null), []);
  const { t } = useLingui();

  return (
    <NotFoundPanel
      title={t`Player not found`}
      icon={UserRoundX}
      heading={t`We couldn't find that player.`}
      actions={
        <>
          <Link to="/leaderboard" className={buttonClass('primary')}>
            <Trophy aria-hidden className="size-4" />
            <Trans>Browse the leaderboard</Trans>
          </Link>
          {canSearch && (
            <button
              type="button"
              className={buttonClass('secondary')}
              onClick={() => visibleSearchField()?.focus()}
            >
              <Search aria-hidden className="size-4" />
              <Trans>Search players</Trans>
            </button>
          )}
        </>
      }
    >
      <Trans>
        Check the spelling, or search for them: press{' '}
        <kbd className="rounded-md border border-line-strong bg-surface px-1.5 py-0.5 font-mono text-xs text-fg">
          /
        </kbd>{' '}
        or use the search in the header or the menu. Names change; a player's page follows their current name.
      </Trans>
    </NotFoundPanel>
  );
}
