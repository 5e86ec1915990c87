import { ENCHANT_GEAR, ENCHANT_RARITIES, ENCHANT_STATUSES, RARITY_GROUPS } from '@prison/shared/enchants';
import { ChevronDown, RotateCcw, Search } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { ENCHANT_SORTS, type EnchantFilters, hasActiveFilters } from './enchant-query.ts';
import { STATUS_LABEL } from './enchant-tones.ts';

interface ToolbarProps {
  filters: EnchantFilters;
  onChange: (patch: Partial<EnchantFilters>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

const control =
  'h-11 w-full rounded-xl border border-line-strong bg-surface-raised text-sm text-fg shadow-sm transition ' +
  'placeholder:text-fg-muted/80 hover:border-fg/30 focus-visible:border-transparent';

export function EnchantToolbar({ filters, onChange, onReset }: ToolbarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom.
    <div
      role="search"
      aria-label="Search and filter enchants"
      className="grid grid-cols-2 gap-3 rounded-2xl border border-line bg-surface p-4 shadow-card sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end"
    >
      <SearchField filters={filters} onChange={onChange} />
      <Field label="Sort by">
        {(id) => (
          <Select
            id={id}
            value={filters.sort}
            onChange={(value) => onChange({ sort: value as EnchantFilters['sort'] })}
            options={ENCHANT_SORTS}
          />
        )}
      </Field>
      <Field label="Rarity">
        {(id) => (
          <Select
            id={id}
            value={filters.rarity}
            onChange={(value) => onChange({ rarity: value as EnchantFilters['rarity'] })}
            options={[
              { value: 'all', label: 'All rarities' },
              ...ENCHANT_RARITIES.map((rarity) => ({ value: rarity, label: RARITY_GROUPS[rarity].label })),
            ]}
          />
        )}
      </Field>
      <Field label="Gear">
        {(id) => (
          <Select
            id={id}
            value={filters.gear}
            onChange={(value) => onChange({ gear: value as EnchantFilters['gear'] })}
            options={[
              { value: 'all', label: 'All gear' },
              ...ENCHANT_GEAR.map((gear) => ({ value: gear, label: gear })),
            ]}
          />
        )}
      </Field>
      <Field label="Status">
        {(id) => (
          <Select
            id={id}
            value={filters.status}
            onChange={(value) => onChange({ status: value as EnchantFilters['status'] })}
            options={[
              { value: 'all', label: 'Any status' },
              ...ENCHANT_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] })),
            ]}
          />
        )}
      </Field>
      <button
        type="button"
        onClick={onReset}
        disabled={!hasActiveFilters(filters)}
        className={buttonClass('secondary', 'md', 'col-span-2 w-full lg:col-span-1 lg:w-auto')}
      >
        <RotateCcw aria-hidden className="size-4" />
        Reset filters
      </button>
    </div>
  );
}

function SearchField({ filters, onChange }: Pick<ToolbarProps, 'filters' | 'onChange'>) {
  // The box keeps its own text so typing never waits for the URL; it follows the URL when that changes
  // from elsewhere (Back, Forward, Reset filters, a shared link).
  const [text, setText] = useState(filters.search);
  const lastWritten = useRef(filters.search);
  useEffect(() => {
    // Blank text is left out of the URL (enchant-query.ts writeFilters), so it reads back as ''.
    const written = lastWritten.current.trim() ? lastWritten.current : '';
    if (filters.search !== written) {
      setText(filters.search);
      lastWritten.current = filters.search;
    }
  }, [filters.search]);

  return (
    <Field label="Search" className="col-span-2 lg:col-span-1">
      {(id) => (
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-muted"
          />
          <input
            id={id}
            type="search"
            value={text}
            autoComplete="off"
            spellCheck={false}
            placeholder="Name, effect, system, tag…"
            onChange={(event) => {
              setText(event.target.value);
              lastWritten.current = event.target.value;
              // Typing replaces the history entry: Back returns to the previous filters, not to each letter.
              onChange({ search: event.target.value }, { replace: true });
            }}
            className={`${control} pr-3 pl-10`}
          />
        </div>
      )}
    </Field>
  );
}

function Field({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label
        htmlFor={id}
        className="mb-1.5 block text-xs font-semibold tracking-wide text-fg-muted uppercase"
      >
        {label}
      </label>
      {children(id)}
    </div>
  );
}

function Select({
  id,
  value,
  onChange,
  options,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <div className="relative">
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${control} cursor-pointer appearance-none pr-9 pl-3.5 font-medium`}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDown
        aria-hidden
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
      />
    </div>
  );
}
