// The look of every "we couldn't find that" page: an icon, "Error 404", the heading, a line of
// advice and where to go instead.

import { Trans } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

export function NotFoundPanel({
  title,
  icon: Icon,
  heading,
  children,
  actions,
}: {
  /** The browser tab's title, before the site's name. */
  title: string;
  icon: LucideIcon;
  heading: string;
  /** The advice under the heading. */
  children: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <title>{pageTitle(title)}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <Icon aria-hidden className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-accent uppercase">
        <Trans>Error 404</Trans>
      </p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
        {heading}
      </h1>
      <p className="mt-3 max-w-md text-pretty text-fg-muted">{children}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">{actions}</div>
    </div>
  );
}
