import { ENCHANT_GEAR, ENCHANT_RARITIES, ENCHANT_STATUSES, RARITY_GROUPS } from '@prison/shared/enchants';
import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { ENCHANT_SORTS, type EnchantFilters, hasActiveFilters } from './enchant-query.ts';
import { STATUS_LABEL } from './enchant-tones.ts';

interface ToolbarProps {
  filters: EnchantFilters;
  onChange: (patch: Partial<EnchantFilters>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

const RARITY_OPTIONS: SelectOption<EnchantFilters['rarity']>[] = [
  { value: 'all', label: 'All rarities' },
  ...ENCHANT_RARITIES.map((rarity) => ({ value: rarity, label: RARITY_GROUPS[rarity].label })),
];
const GEAR_OPTIONS: SelectOption<EnchantFilters['gear']>[] = [
  { value: 'all', label: 'All gear' },
  ...ENCHANT_GEAR.map((gear) => ({ value: gear, label: gear })),
];
const STATUS_OPTIONS: SelectOption<EnchantFilters['status']>[] = [
  { value: 'all', label: 'Any status' },
  ...ENCHANT_STATUSES.map((status) => ({ value: status, label: STATUS_LABEL[status] })),
];

export function EnchantToolbar({ filters, onChange, onReset }: ToolbarProps) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom.
    <div
      role="search"
      aria-label="Search and filter enchants"
      className={cardClass(
        'grid grid-cols-2 gap-3 p-4 sm:p-5 lg:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))_auto] lg:items-end',
      )}
    >
      <SearchField filters={filters} onChange={onChange} />
      <Select
        label="Sort by"
        value={filters.sort}
        onChange={(sort) => onChange({ sort })}
        options={ENCHANT_SORTS}
      />
      <Select
        label="Rarity"
        value={filters.rarity}
        onChange={(rarity) => onChange({ rarity })}
        options={RARITY_OPTIONS}
      />
      <Select
        label="Gear"
        value={filters.gear}
        onChange={(gear) => onChange({ gear })}
        options={GEAR_OPTIONS}
      />
      <Select
        label="Status"
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={STATUS_OPTIONS}
      />
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
  const write = (search: string) => {
    setText(search);
    lastWritten.current = search;
    // Typing replaces the history entry: Back returns to the previous filters, not to each letter.
    onChange({ search }, { replace: true });
  };
  const box = useTypedBeforeHydration(text, write);

  return (
    <label className="col-span-2 block lg:col-span-1">
      <span className={fieldLabelClass}>Search</span>
      <span className="relative block">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-muted"
        />
        <input
          ref={box}
          type="search"
          value={text}
          autoComplete="off"
          spellCheck={false}
          placeholder="Name, effect, system, tag…"
          onChange={(event) => write(event.target.value)}
          className={`${controlClass} pr-3 pl-10`}
        />
      </span>
    </label>
  );
}
