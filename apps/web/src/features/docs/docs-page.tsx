import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { Doc } from '@prison/shared/docs';
import { canEditDocs } from '@prison/shared/roles';
import { clsx } from 'clsx';
import { LockKeyhole, PenLine } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { queryForFirstRender, waitForFirstRender } from '../../lib/query-client.ts';
import { useSession } from '../../lib/session.ts';
import { docsQueryOptions, useDeletedDocs, useDocs, useDocsFeed } from './api.ts';
import { DeletedDocs } from './deleted-docs.tsx';
import { DocCard } from './doc-card.tsx';
import { CreateDocCard, preloadDocEditors } from './doc-editors.tsx';
import { docSearch, hashSlug, selectDoc } from './doc-selection.ts';
import { DocsIndex } from './docs-index.tsx';
import { holdsServerMarkdown, loadMarkdown } from './lazy-markdown.tsx';

/** Brings the top of an element into view unless it already sits in the upper part of the screen. */
function reveal(element: HTMLElement | null) {
  if (!element) return;
  const { top } = element.getBoundingClientRect();
  if (top < 72 || top > window.innerHeight * 0.6) element.scrollIntoView({ block: 'start' });
}

let loadedBefore = false;

/**
 * The route's loader: the list and the markdown code, so that the first render shows the doc itself
 * (lib/query-client.ts); if the code fails to load, the reader tries again as it renders. Not the
 * code when the page hydrates a doc the server rendered: that doc is adopted as it is
 * (lazy-markdown.tsx), and the code is left until another doc is about to be opened (docs-index.tsx).
 */
export const docsLoader = () => {
  const adopting = !loadedBefore && holdsServerMarkdown();
  loadedBefore = true;
  const docs = queryForFirstRender(docsQueryOptions());
  return adopting ? waitForFirstRender(docs) : waitForFirstRender(docs, loadMarkdown());
};

/**
 * Spec 2.5 /docs: the index, the selected doc and, for staff, the Create Doc card, editing, history
 * and the deleted docs. The list follows every change live.
 */
export function DocsPage() {
  const { t } = useLingui();
  useDocsFeed();
  const docs = useDocs();
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const canWrite = session ? canEditDocs(session.user.roles) : false;
  const deleted = useDeletedDocs(canWrite);
  useEffect(() => {
    if (canWrite) preloadDocEditors();
  }, [canWrite]);
  const [search, setSearch] = useState('');
  const readerRef = useRef<HTMLDivElement>(null);
  const titleRef = useRef<HTMLInputElement>(null);

  const requested = params.get('doc');
  const hashed = hashSlug(hash);
  const selected = selectDoc(docs, requested, hashed);
  // A doc asked for by address (?doc=, #slug, a click) is brought into view; the automatic first one is not.
  const asked = Boolean(selected && (requested || selected.slug === hashed));

  useEffect(() => {
    if (!asked || !selected?.slug) return;
    // In the next frame: when the page renders with its doc at once, the router restores this
    // entry's scroll position (ScrollRestoration) in the commit after this one, which would undo it.
    const frame = requestAnimationFrame(() => reveal(readerRef.current));
    return () => cancelAnimationFrame(frame);
  }, [asked, selected?.slug]);

  /** Selects a doc the list has just gained (created or restored). */
  function show(doc: Doc) {
    // Spec 4 Docs: the new doc is selected (the list was already re-sorted with it).
    setSearch('');
    navigate({ search: docSearch(doc.slug) });
  }

  const docTitle = selected?.title;
  return (
    <div className="relative isolate">
      <title>{pageTitle(docTitle ? t`${docTitle} · Docs` : t`Docs`)}</title>
      <div aria-hidden className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-80 overflow-hidden">
        <div className="absolute inset-0 bg-grid opacity-50" />
        <div className="absolute inset-0 bg-[radial-gradient(40rem_20rem_at_0%_0%,rgb(251_191_36/0.16),transparent_70%),radial-gradient(36rem_22rem_at_100%_0%,rgb(139_92_246/0.1),transparent_70%)] dark:bg-[radial-gradient(40rem_20rem_at_0%_0%,rgb(245_158_11/0.12),transparent_70%),radial-gradient(36rem_22rem_at_100%_0%,rgb(124_58_237/0.16),transparent_70%)]" />
        <div className="absolute inset-x-0 bottom-0 h-24 bg-gradient-to-b from-transparent to-canvas" />
      </div>

      <div className="container-page pt-10 pb-16 sm:pt-14 sm:pb-24">
        <header className="max-w-3xl">
          <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">
            <Trans>Knowledge base</Trans>
          </p>
          <h1 className="mt-2 font-display text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
            <Trans>Docs</Trans>
          </h1>
          <p className="mt-3 text-lg text-pretty text-fg-muted">
            <Trans>
              How to join, rank up, enchant, run a gang and trade, plus the rules of the yard. Pick a guide
              from the index or search it by name.
            </Trans>
          </p>
        </header>

        <div className="mt-8 grid grid-cols-[minmax(0,1fr)] items-start gap-6 sm:mt-10 lg:grid-cols-[18rem_minmax(0,1fr)] xl:grid-cols-[20rem_minmax(0,1fr)] xl:gap-8">
          <div className="min-w-0 space-y-4 lg:sticky lg:top-24">
            <DocsIndex
              docs={docs}
              selectedSlug={selected?.slug ?? null}
              search={search}
              onSearchChange={setSearch}
            />
            <WriterNote
              signedIn={Boolean(session)}
              canWrite={canWrite}
              onWrite={() => {
                titleRef.current?.scrollIntoView({ block: 'center' });
                titleRef.current?.focus({ preventScroll: true });
              }}
            />
          </div>

          <div className="min-w-0 space-y-6 xl:space-y-8">
            <div ref={readerRef} className="scroll-mt-24">
              <DocCard
                doc={selected}
                loading={!docs}
                canWrite={canWrite}
                // The first doc of the list takes its place.
                onDeleted={() => navigate({ search: '' })}
                // After the change has rendered: a long editor gone leaves the page scrolled past the card.
                onModeChange={() => requestAnimationFrame(() => reveal(readerRef.current))}
              />
            </div>
            {canWrite && (
              <Suspense fallback={null}>
                <CreateDocCard onCreated={show} titleRef={titleRef} />
              </Suspense>
            )}
            {canWrite && deleted && <DeletedDocs docs={deleted} onRestored={show} />}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Who may write docs, in one line (spec 6: staff roles; guests are pointed to the sign-in page). */
function WriterNote({
  signedIn,
  canWrite,
  onWrite,
}: {
  signedIn: boolean;
  canWrite: boolean;
  onWrite: () => void;
}) {
  const look =
    'flex items-start gap-2.5 rounded-2xl border border-dashed border-line-strong px-4 py-3 text-sm';
  if (canWrite) {
    return (
      <button
        type="button"
        onClick={onWrite}
        className={clsx(
          look,
          'w-full text-left font-semibold text-fg transition-colors hover:border-amber-500/60 hover:bg-amber-400/[0.06]',
        )}
      >
        <PenLine aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
        <Trans>Write a new doc</Trans>
      </button>
    );
  }
  return (
    <p className={clsx(look, 'text-fg-muted')}>
      <LockKeyhole aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
      {signedIn ? (
        <span>
          <Trans>Your account cannot write docs.</Trans>
        </span>
      ) : (
        <span>
          <Trans>
            <Link
              to="/login?redirect=/docs"
              className="font-semibold text-fg underline underline-offset-2 hover:no-underline"
            >
              Sign in
            </Link>{' '}
            as staff to write docs.
          </Trans>
        </span>
      )}
    </p>
  );
}
