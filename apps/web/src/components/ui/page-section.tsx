// A titled section of a page (the player and gang pages' Statistics, Roster, Milestones): an h2 with
// its icon, something beside it, and the content.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function PageSection({
  id,
  title,
  icon,
  aside,
  className,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  title: string;
  icon: ReactNode;
  aside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={clsx('min-w-0', className)}>
      <div className="mb-4 flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2
          id={id}
          className="flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-fg"
        >
          <span aria-hidden className="text-accent">
            {icon}
          </span>
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
