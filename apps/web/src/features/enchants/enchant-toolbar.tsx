import { Trans, useLingui } from '@lingui/react/macro';
import { ENCHANT_GEAR, ENCHANT_RARITIES, ENCHANT_STATUSES } from '@prison/shared/enchants';
import { clsx } from 'clsx';
import { RotateCcw, Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { GEAR_LABEL, RARITY_LABEL, STATUS_LABEL } from './enchant-labels.ts';
import { ENCHANT_SORTS, type EnchantFilters, hasActiveFilters } from './enchant-query.ts';

interface ToolbarProps {
  filters: EnchantFilters;
  onChange: (patch: Partial<EnchantFilters>, options?: { replace?: boolean }) => void;
  onReset: () => void;
}

export function EnchantToolbar({ filters, onChange, onReset }: ToolbarProps) {
  const { t } = useLingui();
  const sortOptions = ENCHANT_SORTS.map(({ value, label }) => ({ value, label: t(label) }));
  const rarityOptions: SelectOption<EnchantFilters['rarity']>[] = [
    { value: 'all', label: t`All rarities` },
    ...ENCHANT_RARITIES.map((rarity) => ({ value: rarity, label: t(RARITY_LABEL[rarity]) })),
  ];
  const gearOptions: SelectOption<EnchantFilters['gear']>[] = [
    { value: 'all', label: t`All gear` },
    ...ENCHANT_GEAR.map((gear) => ({ value: gear, label: t(GEAR_LABEL[gear]) })),
  ];
  const statusOptions: SelectOption<EnchantFilters['status']>[] = [
    { value: 'all', label: t`Any status` },
    ...ENCHANT_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABEL[status]) })),
  ];
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom.
    <div
      role="search"
      aria-label={t`Search and filter enchants`}
      className={cardClass(
        // Two rows from lg on: the search and Reset filters, then the four lists, wide enough for the
        // longest option in any language.
        'grid grid-cols-2 gap-3 p-4 sm:p-5 lg:grid-cols-4 lg:items-end',
      )}
    >
      <SearchField filters={filters} onChange={onChange} />
      <button
        type="button"
        onClick={onReset}
        disabled={!hasActiveFilters(filters)}
        className={buttonClass('secondary', 'md', 'col-span-2 w-full lg:col-span-1')}
      >
        <RotateCcw aria-hidden className="size-4" />
        <Trans>Reset filters</Trans>
      </button>
      <Select
        label={t`Sort by`}
        value={filters.sort}
        onChange={(sort) => onChange({ sort })}
        options={sortOptions}
      />
      <Select
        label={t`Rarity`}
        value={filters.rarity}
        onChange={(rarity) => onChange({ rarity })}
        options={rarityOptions}
      />
      <Select
        label={t`Gear`}
        value={filters.gear}
        onChange={(gear) => onChange({ gear })}
        options={gearOptions}
      />
      <Select
        label={t`Status`}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={statusOptions}
      />
    </div>
  );
}

function SearchField({ filters, onChange }: Pick<ToolbarProps, 'filters' | 'onChange'>) {
  const { t } = useLingui();
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
    <label className="col-span-2 block lg:col-span-3">
      <span className={fieldLabelClass}>
        <Trans comment="Label of the enchant search box">Search</Trans>
      </span>
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
          placeholder={t`Name, effect, system, tag…`}
          onChange={(event) => write(event.target.value)}
          className={clsx(controlClass, 'pr-3 pl-10')}
        />
      </span>
    </label>
  );
}
