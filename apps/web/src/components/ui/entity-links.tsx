// Links to the public pages of players and gangs: every place that names one links to its page.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export const playerPath = (username: string) => `/players/${encodeURIComponent(username)}`;
export const gangPath = (id: string) => `/gangs/${encodeURIComponent(id)}`;

/** The look of a player or gang name that links to its page, for links made elsewhere (the admin console's). */
export const entityLinkClass =
  'rounded-sm underline-offset-4 hover:underline focus-visible:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent';

/**
 * A player's name linking to their page. Without a name (an unknown player) the fallback text is
 * shown unlinked: the page is found by name.
 */
export function PlayerLink({
  username,
  children,
  className,
}: {
  username: string | null | undefined;
  children?: ReactNode;
  className?: string;
}) {
  if (!username) return <span className={className}>{children}</span>;
  return (
    <Link to={playerPath(username)} className={clsx(entityLinkClass, className)}>
      {children ?? username}
    </Link>
  );
}

/** A gang's name linking to its page. */
export function GangLink({
  id,
  children,
  className,
}: {
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link to={gangPath(id)} className={clsx(entityLinkClass, className)}>
      {children}
    </Link>
  );
}
