// Labelled figures, each one <dt>/<dd> pair of the <dl> around it: a card of its own (Stat), a tile
// inside a card (StatTile), a line of a list (StatRow) or a small pair in a card's footer (MiniStat).
import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { type CardTone, cardClass } from './card.tsx';
import { FigureText } from './figure-text.tsx';
import { Skeleton } from './skeleton.tsx';

/**
 * A figure on a card of its own: its label and icon, the value, and a line under it. A value given
 * as text steps down in size when long and breaks only after a thousands separator (balances reach
 * 10^15); any other value (a figure with its unit or badge) is laid out as given.
 */
export function Stat({
  label,
  value,
  icon: Icon,
  detail,
  title,
  glow,
  tone,
  className,
}: {
  label: string;
  value: ReactNode;
  icon?: LucideIcon;
  detail?: ReactNode;
  /** The exact figure, when the value shown is shortened. */
  title?: string;
  /** A radial-gradient background behind the card's content (a literal class, so that Tailwind sees it). */
  glow?: string;
  tone?: CardTone;
  className?: string;
}) {
  return (
    <div className={cardClass(clsx('relative min-w-0 overflow-hidden p-4 sm:p-5', className), tone)}>
      {glow && <div aria-hidden className={clsx('pointer-events-none absolute inset-0', glow)} />}
      <dt className="relative flex items-start justify-between gap-2 text-sm font-medium text-fg-muted">
        {label}
        {Icon && <Icon aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />}
      </dt>
      <dd className="relative mt-2">
        {typeof value === 'string' ? (
          <span title={title} className="block font-display font-bold tracking-tight text-fg tabular-nums">
            {/* Nine characters ("1,662,031") at full size: a longer figure would wrap in half a phone's width. */}
            <FigureText
              text={value}
              short="text-2xl sm:text-3xl"
              long="text-xl sm:text-2xl"
              longest="text-lg sm:text-xl"
              longAfter={9}
              longestAfter={15}
            />
          </span>
        ) : (
          <span
            title={title}
            className="flex flex-wrap items-baseline gap-x-2 font-display text-2xl font-bold tracking-tight text-fg tabular-nums sm:text-3xl"
          >
            {value}
          </span>
        )}
        {detail && <span className="mt-1 block text-xs text-fg-muted">{detail}</span>}
      </dd>
    </div>
  );
}

/** A Stat's place while its figure loads. */
export function StatSkeleton({ className }: { className?: string }) {
  return (
    <div aria-hidden className={cardClass(clsx('min-w-0 p-4 sm:p-5', className))}>
      <Skeleton className="h-3.5 w-24 max-w-full rounded" />
      <Skeleton className="mt-4 h-7 w-28 max-w-full rounded" />
      <Skeleton className="mt-3 h-3 w-32 max-w-full rounded" />
    </div>
  );
}

/** A figure inside a hero or card (level, balance, treasury…), truncated with the full text on hover. */
export function StatTile({
  label,
  value,
  icon,
  className,
}: {
  label: ReactNode;
  value: string;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx(
        'min-w-0 rounded-2xl border border-line bg-surface-sunken/60 px-3.5 py-3 sm:px-4',
        className,
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        {icon && (
          <span aria-hidden className="text-accent">
            {icon}
          </span>
        )}
        {label}
      </dt>
      <dd
        title={value}
        className="mt-1 truncate font-display text-lg font-bold tracking-tight text-fg tabular-nums sm:text-xl"
      >
        {value}
      </dd>
    </div>
  );
}

/** A line of a figures list: the label on the left, the value on the right (`divide-y` on the <dl>). */
export function StatRow({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-3 py-2">
      <dt className="text-fg-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-semibold text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** A small label over its value, at the text size of the <dl> around it; a long value wraps. */
export function MiniStat({ label, value, title }: { label: string; value: ReactNode; title?: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-muted">{label}</dt>
      <dd
        // Wraps rather than cutting: a date or "online now" runs longer in German or Russian.
        className="font-semibold break-words text-fg tabular-nums"
        title={title ?? (typeof value === 'string' ? value : undefined)}
      >
        {value}
      </dd>
    </div>
  );
}
