// A labelled figure in a hero or card (level, balance, treasury…): one <dt>/<dd> pair of a <dl>.
import { clsx } from 'clsx';
import type { ReactNode } from 'react';

export function FigureTile({
  label,
  value,
  icon,
  wide,
}: {
  label: string;
  value: string;
  icon: ReactNode;
  wide?: boolean;
}) {
  return (
    <div
      className={clsx(
        'min-w-0 rounded-2xl border border-line bg-surface-sunken/60 px-3.5 py-3 sm:px-4',
        wide && 'col-span-2 sm:col-span-1',
      )}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        <span aria-hidden className="text-accent">
          {icon}
        </span>
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
