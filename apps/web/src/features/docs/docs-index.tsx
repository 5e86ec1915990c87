import { Trans, useLingui } from '@lingui/react/macro';
import type { Doc } from '@prison/shared/docs';
import { clsx } from 'clsx';
import { FileText, Search, SearchX } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { docSearch, filterDocs } from './doc-selection.ts';
import { loadMarkdown } from './lazy-markdown.tsx';

const SKELETONS = 6;
/** The selected doc's link is the page's current one. */
const CURRENT_PAGE = 'page';

const preloadMarkdown = () => {
  void loadMarkdown();
};

interface DocsIndexProps {
  /** Undefined while loading. */
  docs: Doc[] | undefined;
  selectedSlug: string | null;
  search: string;
  onSearchChange: (search: string) => void;
}

/** Spec 2.5: the "Docs Index" card, with its search and its loading, empty and no-match states. */
export function DocsIndex({ docs, selectedSlug, search, onSearchChange }: DocsIndexProps) {
  const { t } = useLingui();
  const searchId = useId();
  const searchBox = useTypedBeforeHydration(search, onSearchChange);
  const shown = docs && filterDocs(docs, search);
  const filtering = search.trim() !== '';
  const matching = shown?.length ?? 0;
  const total = docs?.length ?? 0;

  return (
    <section
      aria-labelledby="docs-index-title"
      className="overflow-hidden rounded-3xl border border-line bg-surface-raised shadow-card"
    >
      <div className="flex items-center justify-between gap-3 px-5 pt-5">
        <h2 id="docs-index-title" className="font-display text-lg font-bold tracking-tight text-fg">
          <Trans>Docs Index</Trans>
        </h2>
        {docs && docs.length > 0 && (
          <span className="rounded-full bg-fg/[0.06] px-2.5 py-0.5 text-xs font-semibold text-fg-muted tabular-nums">
            {filtering ? (
              <Trans comment="How many docs match the search, of all the docs">
                {matching} of {total}
              </Trans>
            ) : (
              docs.length
            )}
          </span>
        )}
      </div>

      <div className="relative mx-5 mt-4">
        <label htmlFor={searchId} className="sr-only">
          <Trans>Search docs</Trans>
        </label>
        <Search
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-3.5 my-auto size-4 text-fg-muted"
        />
        <input
          ref={searchBox}
          id={searchId}
          type="search"
          value={search}
          onChange={(event) => onSearchChange(event.target.value)}
          placeholder={t`Search docs`}
          autoComplete="off"
          spellCheck={false}
          className="h-11 w-full rounded-xl border border-line-strong bg-surface pr-3 pl-10 text-[15px] text-fg shadow-[inset_0_1px_2px_rgb(0_0_0/0.05)] transition-colors placeholder:text-fg-muted/80 hover:border-fg/30 focus-visible:border-amber-500 focus-visible:outline-offset-0"
        />
      </div>

      <div className="mt-3 max-h-[26rem] overflow-y-auto px-2.5 pb-3 lg:max-h-[calc(100dvh-17rem)]">
        {!shown ? (
          <>
            <p role="status" className="sr-only">
              <Trans>Loading docs…</Trans>
            </p>
            <ul aria-hidden className="space-y-1 px-0.5">
              {Array.from({ length: SKELETONS }, (_, i) => (
                <li key={i} data-testid="doc-skeleton" className="rounded-xl px-3 py-2.5">
                  <div className="h-3.5 w-3/4 rounded-full bg-fg/[0.08] motion-safe:animate-pulse" />
                  <div className="mt-2 h-2.5 w-1/3 rounded-full bg-fg/[0.06] motion-safe:animate-pulse" />
                </li>
              ))}
            </ul>
          </>
        ) : shown.length === 0 ? (
          <div className="flex flex-col items-center gap-2 px-4 py-8 text-center">
            {filtering ? (
              <SearchX aria-hidden className="size-6 text-fg-muted" />
            ) : (
              <FileText aria-hidden className="size-6 text-fg-muted" />
            )}
            <p className="text-sm text-fg-muted">
              {docs?.length && filtering ? (
                <Trans>No docs match your search.</Trans>
              ) : (
                <Trans>No docs available.</Trans>
              )}
            </p>
          </div>
        ) : (
          <ul className="space-y-0.5">
            {shown.map((doc) => {
              const selected = doc.slug === selectedSlug;
              return (
                <li key={doc.slug}>
                  <Link
                    to={docSearch(doc.slug)}
                    aria-current={selected ? CURRENT_PAGE : undefined}
                    // The page came with its doc rendered and no markdown code: the code starts
                    // downloading as the reader heads for another doc.
                    onPointerEnter={preloadMarkdown}
                    onFocus={preloadMarkdown}
                    className={clsx(
                      'group relative flex flex-col rounded-xl px-3 py-2.5 transition-colors',
                      selected
                        ? 'bg-amber-400/[0.12] ring-1 ring-amber-500/25 ring-inset'
                        : 'hover:bg-fg/[0.05]',
                    )}
                  >
                    {selected && (
                      <span
                        aria-hidden
                        className="absolute inset-y-2.5 left-0 w-[3px] rounded-full bg-amber-500"
                      />
                    )}
                    <span
                      className={clsx(
                        'text-[15px] leading-snug font-medium [overflow-wrap:anywhere]',
                        selected ? 'text-fg' : 'text-fg/90 group-hover:text-fg',
                      )}
                    >
                      {doc.title}
                    </span>
                    <span
                      className={clsx(
                        'mt-0.5 truncate font-mono text-xs',
                        selected ? 'text-accent' : 'text-fg-muted',
                      )}
                    >
                      /{doc.slug}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}
