// The site's panel: a rounded, bordered surface with the card shadow.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

const tones = {
  plain: 'border-line bg-surface',
  // The one card of a group that leads somewhere or stands first (the way to the ranking, the top player).
  accent: 'border-amber-500/30 bg-surface bg-gradient-to-br from-amber-400/10 to-transparent',
} as const;

export type CardTone = keyof typeof tones;

/** A class recipe rather than a component, so the same look applies to a <section>, <li>, <Link>… */
export function cardClass(extra?: string, tone: CardTone = 'plain'): string {
  return clsx('rounded-2xl border shadow-card', tones[tone], extra);
}

/**
 * A panel named by its title, with the title's icon beside it. A `titleStyle="label"` title is small
 * and quiet, for a card whose content is the headline (a gang's name, a count of friends).
 */
export function Card({
  title,
  icon,
  heading: Heading = 'h2',
  titleStyle = 'heading',
  tone,
  className,
  children,
}: {
  title: string;
  icon?: ReactNode;
  heading?: 'h2' | 'h3';
  titleStyle?: 'heading' | 'label';
  tone?: CardTone;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-label={title} className={cardClass(clsx('flex min-w-0 flex-col p-5', className), tone)}>
      <Heading
        className={clsx(
          'mb-3 flex items-center gap-2',
          titleStyle === 'heading'
            ? 'font-display text-lg font-bold text-fg'
            : 'text-sm font-semibold text-fg-muted',
        )}
      >
        {icon && (
          <span aria-hidden className="text-accent">
            {icon}
          </span>
        )}
        {title}
      </Heading>
      {children}
    </section>
  );
}
