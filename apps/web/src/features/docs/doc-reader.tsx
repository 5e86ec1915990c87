import { Plural, Trans } from '@lingui/react/macro';
import type { Doc } from '@prison/shared/docs';
import { clsx } from 'clsx';
import { BookOpenText, Clock } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatWhole } from '../../lib/money.ts';
import { docAddress, readingMinutes, withoutRepeatedTitle } from './doc-selection.ts';
import { LazyMarkdown, MarkdownLines } from './lazy-markdown.tsx';

/** The look of the doc's card, whichever of reading, editing and history it shows. */
export const docCardClass = 'rounded-3xl border border-line bg-surface-raised shadow-card';

interface DocReaderProps {
  doc: Doc | null;
  loading: boolean;
  /** What staff may do to the doc, beside its title. */
  actions?: ReactNode;
}

/** Spec 2.5 main card: "/docs/{slug}", the title and the rendered markdown. */
export function DocReader({ doc, loading, actions }: DocReaderProps) {
  if (loading) {
    return (
      <div aria-hidden className={clsx(docCardClass, 'px-6 py-8 sm:px-10 sm:py-10')}>
        <div className="h-3 w-32 rounded-full bg-fg/[0.07] motion-safe:animate-pulse" />
        <div className="mt-5 h-8 w-2/3 rounded-full bg-fg/[0.09] motion-safe:animate-pulse" />
        <div className="mt-10">
          <MarkdownLines lines={6} />
        </div>
      </div>
    );
  }

  if (!doc) {
    return (
      <div
        className={clsx(
          docCardClass,
          'flex flex-col items-center gap-4 border-dashed px-6 py-20 text-center shadow-none',
        )}
      >
        <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
          <BookOpenText aria-hidden className="size-7" />
        </span>
        <p className="max-w-sm text-lg text-fg-muted">
          <Trans>Select a document to read its details.</Trans>
        </p>
      </div>
    );
  }

  const minutes = readingMinutes(doc.content);
  const shown = formatWhole(minutes);
  return (
    <article aria-labelledby="doc-title" className={clsx(docCardClass, 'relative overflow-hidden')}>
      <div
        aria-hidden
        className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(30rem_10rem_at_0%_0%,rgb(251_191_36/0.12),transparent_70%)]"
      />
      <header className="relative border-b border-line px-6 pt-7 pb-6 sm:px-10 sm:pt-9">
        <p className="font-mono text-xs font-medium text-accent [overflow-wrap:anywhere]">
          {docAddress(doc.slug)}
        </p>
        <h2
          id="doc-title"
          className="mt-3 font-display text-3xl leading-tight font-bold tracking-tight text-balance text-fg [overflow-wrap:anywhere] sm:text-4xl"
        >
          {doc.title}
        </h2>
        <div className="mt-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-3">
          <p className="flex items-center gap-1.5 text-sm text-fg-muted">
            <Clock aria-hidden className="size-4" />
            <Plural
              comment="How long the doc takes to read"
              value={minutes}
              one={`${shown} min read`}
              other={`${shown} min read`}
            />
          </p>
          {actions}
        </div>
      </header>
      <div className="relative px-6 py-8 sm:px-10 sm:py-10">
        <LazyMarkdown content={withoutRepeatedTitle(doc.content, doc.title)} className="max-w-3xl" />
      </div>
    </article>
  );
}
