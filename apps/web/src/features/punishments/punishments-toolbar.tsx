import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type FormEvent, useCallback, useEffect, useRef, useState } from 'react';
import { cardClass } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { useTypedBeforeHydration } from '../../lib/use-typed-before-hydration.ts';
import { type ListFilters, MAX_SEARCH, type StatusFilter } from './punishment-filters.ts';

/** How long typing pauses before the list searches. */
export const SEARCH_DELAY_MS = 300;

type Update = (patch: Partial<Omit<ListFilters, 'after'>>, options?: { replace?: boolean }) => void;

/** The search by name and the choice between punishments in force and ended ones. */
export function PunishmentsToolbar({ filters, onChange }: { filters: ListFilters; onChange: Update }) {
  const { t } = useLingui();
  const statusOptions: SelectOption<StatusFilter>[] = [
    { value: 'all', label: t({ message: 'All', comment: 'Punishments in force and ended alike' }) },
    { value: 'active', label: t({ message: 'In force', comment: 'Punishments not yet ended nor revoked' }) },
    {
      value: 'ended',
      label: t({ message: 'Ended', comment: 'Punishments that expired or were revoked, and kicks' }),
    },
  ];
  return (
    <div className={cardClass('grid gap-3 p-4 sm:grid-cols-[minmax(0,1fr)_14rem] sm:items-end sm:p-5')}>
      <NameSearch search={filters.q} onChange={onChange} />
      <Select
        label={t({
          message: 'Status',
          comment: 'Label of the choice between punishments in force and ended ones',
        })}
        value={filters.status}
        onChange={(status) => onChange({ status })}
        options={statusOptions}
      />
    </div>
  );
}

/** The search box: the list follows a moment after typing stops, or at once on Enter. */
function NameSearch({ search, onChange }: { search: string; onChange: Update }) {
  const { t } = useLingui();
  // The box keeps its own text so that typing never waits for the address; it follows the address
  // when that changes from elsewhere (Back, Forward, a link, Clear filters).
  const [text, setText] = useState(search);
  const lastWritten = useRef(search);
  useEffect(() => {
    if (search !== lastWritten.current.trim()) {
      setText(search);
      lastWritten.current = search;
    }
  }, [search]);

  const write = useCallback(
    (value: string) => {
      lastWritten.current = value;
      // Typing replaces the history entry: Back returns to the previous list, not to each letter.
      onChange({ q: value.trim() }, { replace: true });
    },
    [onChange],
  );
  useEffect(() => {
    if (text.trim() === lastWritten.current.trim()) return;
    const timer = setTimeout(() => write(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, write]);
  const box = useTypedBeforeHydration(text, (typed) => {
    setText(typed);
    write(typed);
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    write(text);
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom.
    <form role="search" onSubmit={submit} className="min-w-0">
      <label className="block">
        <span className={fieldLabelClass}>
          <Trans comment="Label of the punishments search box">Player or staff member</Trans>
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
            maxLength={MAX_SEARCH}
            autoComplete="off"
            spellCheck={false}
            placeholder={t`The start of a name…`}
            onChange={(event) => setText(event.target.value)}
            className={clsx(controlClass, 'pr-3 pl-10')}
          />
        </span>
      </label>
    </form>
  );
}
