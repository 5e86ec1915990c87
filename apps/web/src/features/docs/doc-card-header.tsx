import type { ReactNode } from 'react';
import { docAddress } from './doc-selection.ts';

/** The top of the doc's card while staff edit it or read its history: where it lives, and what this is. */
export function DocCardHeader({
  slug,
  titleId,
  title,
  note,
  action,
}: {
  slug: string;
  titleId: string;
  title: string;
  note: ReactNode;
  /** Beside the heading, e.g. the way back to the doc. */
  action?: ReactNode;
}) {
  return (
    <header className="relative flex flex-wrap items-start justify-between gap-4 border-b border-line bg-[radial-gradient(30rem_10rem_at_0%_0%,rgb(251_191_36/0.1),transparent_70%)] px-6 pt-7 pb-6 sm:px-10">
      <div className="min-w-0">
        <p className="font-mono text-xs font-medium text-accent [overflow-wrap:anywhere]">
          {docAddress(slug)}
        </p>
        <h2
          id={titleId}
          className="mt-3 font-display text-2xl leading-tight font-bold tracking-tight text-balance text-fg [overflow-wrap:anywhere] sm:text-3xl"
        >
          {title}
        </h2>
        <p className="mt-2 text-sm text-fg-muted">{note}</p>
      </div>
      {action}
    </header>
  );
}
