// The header's search field: an ARIA 1.2 combobox with a listbox popup
// (https://www.w3.org/WAI/ARIA/apg/patterns/combobox/examples/combobox-autocomplete-list/).
// This part is on every page, so it holds only the field and its keys; the results (the query
// library, the contract's schema, the option rows) are fetched the first time the field is wanted.
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Search } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { SEARCH_INPUT_ID } from '../../lib/site-search-field.ts';
import type { SearchOption } from './search-option.ts';

const loadResults = () => import('./search-results.tsx');
const SearchResults = lazy(() => loadResults().then((module) => ({ default: module.SearchResults })));

/** Keys typed into a field belong to it: `/` only jumps to the search from elsewhere. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName);
}

interface SiteSearchProps {
  /** header: compact in the bar, widening while in use; panel: full width in the mobile menu. */
  variant?: 'header' | 'panel';
  /** Called after a result is opened, e.g. to close the mobile menu. */
  onNavigate?: () => void;
}

export function SiteSearch({ variant = 'header', onNavigate }: SiteSearchProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxId = useId();
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [options, setOptions] = useState<readonly SearchOption[]>([]);
  // The chosen option, by the page it opens: a refreshed answer (a level or an online count changed
  // while the list is open) keeps it chosen; an answer without it, or new text, chooses none.
  const [activeHref, setActiveHref] = useState<string | null>(null);
  const [focused, setFocused] = useState(false);

  const showPopup = open && text.trim() !== '';
  const expanded = showPopup && options.length > 0;
  const active = expanded ? options.findIndex((option) => option.href === activeHref) : -1;
  const activeOption = expanded ? options[active] : undefined;

  const onOptions = useCallback((next: readonly SearchOption[]) => {
    setOptions(next);
    setActiveHref((current) => (next.some((option) => option.href === current) ? current : null));
  }, []);

  useEffect(() => {
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented)
        return;
      const input = inputRef.current;
      // The header's field is not drawn on a phone (the menu's is): leave the key alone there.
      if (!input || isTyping(event.target) || input.getClientRects().length === 0) return;
      event.preventDefault();
      input.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const go = (option: SearchOption) => {
    setText('');
    setOpen(false);
    inputRef.current?.blur();
    onNavigate?.();
    navigate(option.href);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = expanded ? options.length : 0;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        event.preventDefault();
        if (!showPopup) {
          setOpen(true);
          return;
        }
        if (count === 0) return;
        const step = event.key === 'ArrowDown' ? 1 : -1;
        // From the field, down goes to the first option and up to the last; both wrap around.
        const next = active < 0 ? (step > 0 ? 0 : count - 1) : (active + step + count) % count;
        setActiveHref(options[next]?.href ?? null);
        return;
      }
      case 'Home':
      case 'End':
        // Inside the field these move the caret, unless an option is being chosen.
        if (active < 0 || count === 0) return;
        event.preventDefault();
        setActiveHref(options[event.key === 'Home' ? 0 : count - 1]?.href ?? null);
        return;
      case 'Enter': {
        // Without a chosen option, Enter opens the best match.
        const option = activeOption ?? (expanded ? options[0] : undefined);
        if (!option) return;
        event.preventDefault();
        go(option);
        return;
      }
      case 'Escape':
        // First Escape closes the list, a second one clears the field (APG); an empty, closed field
        // lets the key through, to close the mobile menu.
        if (showPopup) {
          event.preventDefault();
          setOpen(false);
          setActiveHref(null);
        } else if (text) {
          event.preventDefault();
          setText('');
        }
        return;
    }
  };

  const header = variant === 'header';
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: focus leaving the field (and its popup) closes the list.
    <div
      className={clsx('relative', header ? 'h-9 w-9 xl:w-40' : 'w-full')}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
      }}
    >
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        <Trans>Search players and gangs</Trans>
      </label>
      <div
        className={clsx(
          'group',
          header
            ? 'absolute top-0 right-0 z-10 w-full transition-[width] duration-200 ease-out focus-within:w-72'
            : 'relative',
        )}
      >
        <Search
          aria-hidden
          className={clsx(
            'pointer-events-none absolute top-1/2 size-4 -translate-y-1/2 text-fg-muted group-focus-within:text-fg',
            header ? 'left-2.5' : 'left-3.5',
          )}
        />
        <input
          ref={inputRef}
          id={SEARCH_INPUT_ID}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={activeOption?.id}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={64}
          // The compact field has room for one word; the widened one says what it finds.
          placeholder={
            focused || !header
              ? t`Player or gang name`
              : t({ message: 'Search', comment: 'Placeholder of the narrow search field in the header' })
          }
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActiveHref(null);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setFocused(false)}
          onFocus={() => {
            setFocused(true);
            void loadResults();
            if (text.trim()) setOpen(true);
          }}
          onPointerEnter={() => void loadResults()}
          onClick={() => setOpen(true)}
          className={clsx(
            'w-full rounded-xl border bg-surface pr-3 text-sm text-fg transition-[border-color,box-shadow] placeholder:text-fg-muted focus:border-amber-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            header
              ? // Only the magnifier shows while the bar is narrow; the field widens when focused.
                'h-9 cursor-pointer border-line-strong pl-8 bg-surface/70 placeholder:text-transparent focus:cursor-text focus:bg-surface focus:placeholder:text-fg-muted xl:cursor-text xl:pr-8 xl:placeholder:text-fg-muted'
              : 'h-11 border-line-strong pl-10 shadow-card',
          )}
        />
        {header && !text && (
          <kbd
            aria-hidden
            className="pointer-events-none absolute top-1/2 right-2 hidden -translate-y-1/2 rounded-md border border-line-strong px-1.5 font-sans text-[11px] leading-4 font-semibold text-fg-muted group-focus-within:hidden xl:block"
          >
            /
          </kbd>
        )}
      </div>
      {showPopup && (
        // biome-ignore lint/a11y/noStaticElementInteractions: not a control; it keeps the focus in the field.
        <div
          // The field keeps focus while an option is clicked (a click would blur it and close the list).
          onMouseDown={(event) => event.preventDefault()}
          className={clsx(
            'overflow-hidden rounded-2xl border border-line bg-surface-raised',
            header
              ? 'absolute top-full right-0 z-20 mt-2 w-[min(24rem,calc(100vw-2rem))] shadow-2xl'
              : 'mt-2 shadow-card',
          )}
        >
          <Suspense
            fallback={
              <p className="px-4 py-3 text-sm text-fg-muted">
                <Trans>Searching…</Trans>
              </p>
            }
          >
            <SearchResults
              text={text}
              listboxId={listboxId}
              activeId={activeOption?.id}
              onOptions={onOptions}
              onPick={go}
              showKeys={header}
            />
          </Suspense>
        </div>
      )}
    </div>
  );
}
