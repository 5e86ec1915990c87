// /punishments: every public ban, mute, warning and kick, newest first, a tab per type, filtered by
// whether it is in force and by a player's or staff member's name, a page at a time. What it shows
// lives in the address (punishment-filters.ts), so that a link shares it.
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { PunishmentCounts, PunishmentType } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { ChevronLeft, ChevronRight, RotateCcw, ScrollText, SearchX } from 'lucide-react';
import { Link, type LoaderFunctionArgs, type ShouldRevalidateFunction } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { PageBackdrop } from '../../components/ui/page-backdrop.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { TYPE_WORDS } from '../../components/ui/punishment-badges.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatWhole } from '../../lib/money.ts';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { punishmentsPageQueryOptions, usePunishmentCounts, usePunishmentsPage } from './api.ts';
import {
  isFiltered,
  type ListFilters,
  PUNISHMENT_TYPES,
  readFilters,
  writeFilters,
} from './punishment-filters.ts';
import { PunishmentList, PunishmentListSkeleton } from './punishment-list.tsx';
import { PunishmentsToolbar } from './punishments-toolbar.tsx';
import { usePunishmentFilters } from './use-punishment-filters.ts';

/** The route's loader: the page of the list the address names, so that it renders once with it. */
export const punishmentsLoader = ({ request }: LoaderFunctionArgs) =>
  waitForFirstRender(
    queryForFirstRender(punishmentsPageQueryOptions(readFilters(new URL(request.url).searchParams))),
  );

/** Another tab, filter or page of the list shows at once, the rows following when they come. */
export const punishmentsRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) =>
  currentUrl.pathname !== nextUrl.pathname;

type Tab = PunishmentType | 'all';
const TABS: readonly Tab[] = ['all', ...PUNISHMENT_TYPES];

export function PunishmentsPage() {
  const { t } = useLingui();
  const { filters, update, ...pages } = usePunishmentFilters();
  const counts = usePunishmentCounts(filters).data;

  return (
    <div className="relative isolate">
      <title>{pageTitle(t`Punishments`)}</title>
      <PageBackdrop glow="bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(244_63_94/0.12),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(251_191_36/0.14),transparent_70%)] dark:bg-[radial-gradient(40rem_24rem_at_10%_0%,rgb(225_29_72/0.14),transparent_70%),radial-gradient(36rem_26rem_at_100%_0%,rgb(245_158_11/0.12),transparent_70%)]" />

      <div className="container-page pt-12 pb-16 sm:pt-16 sm:pb-24">
        <PageHeader
          eyebrow={t({ message: 'Fair play', comment: "Above the punishments page's title" })}
          title={t`Punishments`}
        >
          <Trans>
            Every ban, mute, warning and kick handed out in the yard, newest first: who, by whom, why and for
            how long. Search a player or a staff member, and open any one for its full story.
          </Trans>
        </PageHeader>

        <div className="mt-10 sm:mt-12">
          <PunishmentsToolbar filters={filters} onChange={update} />
        </div>

        <nav
          aria-label={t({
            message: 'Punishment type',
            comment: 'Links that choose which punishments the list shows',
          })}
          className="mt-6"
        >
          <ul className={cardClass('flex flex-wrap gap-1 p-1 sm:inline-flex')}>
            {TABS.map((value) => (
              <li key={value}>
                <TypeTab value={value} filters={filters} counts={counts} />
              </li>
            ))}
          </ul>
        </nav>
        <div className="mt-6">
          <Results filters={filters} pages={pages} onClear={() => update({ status: 'all', q: '' })} />
        </div>
      </div>
    </div>
  );
}

/** A type's tab: a link to the first page of that type, with the same status and search. */
function TypeTab({
  value,
  filters,
  counts,
}: {
  value: Tab;
  filters: ListFilters;
  counts: PunishmentCounts | undefined;
}) {
  const { t } = useLingui();
  const type = value === 'all' ? null : value;
  const current = filters.type === type;
  const count =
    counts && (type === null ? PUNISHMENT_TYPES.reduce((sum, each) => sum + counts[each], 0) : counts[type]);
  const search = writeFilters({ ...filters, type, after: null }).toString();
  return (
    <Link
      to={{ search: search ? `?${search}` : '' }}
      preventScrollReset
      aria-current={current ? 'page' : undefined}
      data-type={value}
      className={clsx(
        'group inline-flex items-center justify-center gap-2 rounded-xl px-3 py-2 text-sm font-semibold whitespace-nowrap transition sm:px-4',
        current
          ? 'bg-gradient-to-b from-amber-300 to-amber-500 text-amber-950 shadow-[0_6px_18px_-8px_rgb(245_158_11/0.6)]'
          : 'text-fg-muted hover:bg-fg/[0.06] hover:text-fg',
      )}
    >
      {type === null
        ? t({ message: 'All', comment: 'The tab of the punishments list showing every type' })
        : t(TYPE_WORDS[type].many)}
      {count !== undefined && (
        <span
          className={clsx(
            'rounded-full px-1.5 py-px text-xs tabular-nums',
            current ? 'bg-amber-950/15' : 'bg-fg/[0.08]',
          )}
        >
          {formatWhole(count)}
        </span>
      )}
    </Link>
  );
}

function Results({
  filters,
  pages: { older, newer, knowsNewer },
  onClear,
}: {
  filters: ListFilters;
  pages: Pick<ReturnType<typeof usePunishmentFilters>, 'older' | 'newer' | 'knowsNewer'>;
  onClear: () => void;
}) {
  const { t } = useLingui();
  const page = usePunishmentsPage(filters);

  if (page.data) {
    const { punishments, next_cursor } = page.data;
    if (punishments.length === 0 && !filters.after) return <Empty filters={filters} onClear={onClear} />;
    return (
      <section
        aria-labelledby="results-title"
        aria-busy={page.isPlaceholderData}
        className={clsx('transition-opacity', page.isPlaceholderData && 'opacity-60')}
      >
        <h2 id="results-title" className="sr-only">
          <Trans comment="Heading of the list of punishments, read by screen readers">
            Punishments found
          </Trans>
        </h2>
        <PunishmentList punishments={punishments} labelledBy="results-title" />
        {(filters.after || next_cursor) && (
          <nav
            aria-label={t({ message: 'Pages', comment: 'The links to newer and older pages of punishments' })}
            className="mt-6 flex items-center justify-between gap-3"
          >
            {filters.after ? (
              <Link {...newer()} className={buttonClass('secondary', 'sm')}>
                <ChevronLeft aria-hidden className="size-4" />
                {knowsNewer ? (
                  <Trans comment="The link to the page of more recent punishments">Newer</Trans>
                ) : (
                  <Trans comment="The link to the first page of punishments, the most recent">Newest</Trans>
                )}
              </Link>
            ) : (
              <span />
            )}
            {next_cursor && (
              <Link {...older(next_cursor)} className={buttonClass('secondary', 'sm')}>
                <Trans comment="The link to the page of earlier punishments">Older</Trans>
                <ChevronRight aria-hidden className="size-4" />
              </Link>
            )}
          </nav>
        )}
      </section>
    );
  }
  if (page.isError) {
    // A page's cursor the API does not take (a link cut short, or from an older site): start again.
    if (isHttpError(page.error) && page.error.status === 400) {
      return (
        <Alert tone="error" className="max-w-xl">
          <p className="font-semibold">
            {errorText(page.error, t`This page of punishments cannot be shown.`)}
          </p>
          <Link {...newer()} state={undefined} className={buttonClass('secondary', 'sm', 'mt-3')}>
            <Trans>Back to the newest</Trans>
          </Link>
        </Alert>
      );
    }
    return (
      <LoadError
        message={errorText(page.error, t`The punishments could not be loaded.`)}
        retrying={page.isFetching}
        onRetry={() => void page.refetch()}
      />
    );
  }
  return (
    <div role="status" aria-label={t`Loading punishments`}>
      <PunishmentListSkeleton />
    </div>
  );
}

function Empty({ filters, onClear }: { filters: ListFilters; onClear: () => void }) {
  const search = filters.q;
  const filtered = isFiltered(filters);
  return (
    <div className="flex flex-col items-center gap-3 rounded-3xl border border-dashed border-line-strong bg-surface/60 px-6 py-14 text-center">
      <span className="flex size-12 items-center justify-center rounded-2xl bg-fg/[0.06] text-fg-muted">
        {filtered ? (
          <SearchX aria-hidden className="size-6" />
        ) : (
          <ScrollText aria-hidden className="size-6" />
        )}
      </span>
      <h2 className="font-display text-xl font-bold text-fg">
        {filtered ? (
          <Trans>No punishments match your filters.</Trans>
        ) : (
          <Trans>No punishments here yet.</Trans>
        )}
      </h2>
      <p className="max-w-md text-pretty text-fg-muted">
        {search ? (
          <Trans>
            Nobody whose name starts with “{search}” was punished, or punished anyone, with these filters.
          </Trans>
        ) : filtered ? (
          <Trans>Try another status, or look through every punishment.</Trans>
        ) : (
          <Trans>A clean yard: when staff ban, mute, warn or kick a player, it is listed here.</Trans>
        )}
      </p>
      {filtered && (
        <button type="button" onClick={onClear} className={buttonClass('secondary', 'md', 'mt-2')}>
          <RotateCcw aria-hidden className="size-4" />
          <Trans>Clear filters</Trans>
        </button>
      )}
    </div>
  );
}
