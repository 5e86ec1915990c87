import { clsx } from 'clsx';
import { Search } from 'lucide-react';

/** A search box whose placeholder is also its (visually hidden) label. */
export function SearchField({
  label,
  value,
  onChange,
  className,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <label className={clsx('relative block', className)}>
      <span className="sr-only">{label}</span>
      <Search
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
      />
      <input
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={label}
        className="h-11 w-full rounded-xl border border-line-strong bg-surface pr-3 pl-9 text-sm text-fg shadow-card placeholder:text-fg-muted focus:border-amber-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      />
    </label>
  );
}
