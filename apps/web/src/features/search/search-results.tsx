// The search's popup: the answer for what is typed, as a listbox of two groups (Players, Gangs),
// or one quiet line (searching, no match, the server's reason for a 400 or 429).
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { gangColor } from '@prison/shared/gang-colors';
import type { SearchGang, SearchPlayer, SearchResult } from '@prison/shared/search';
import { QueryClientProvider } from '@tanstack/react-query';
import { clsx } from 'clsx';
import { type MouseEvent, type ReactNode, useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { gangPath, playerPath } from '../../components/ui/entity-links.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { RankBadge } from '../../components/ui/rank-badge.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatWhole } from '../../lib/money.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSearch } from './api.ts';
import type { SearchOption } from './search-option.ts';

interface SearchResultsProps {
  text: string;
  listboxId: string;
  activeId: string | undefined;
  /** Told the options in their order each time the answer changes, and none when the popup closes. */
  onOptions: (options: readonly SearchOption[]) => void;
  onPick: (option: SearchOption) => void;
  /** The key hints under the list, for the header (a phone has no arrow keys). */
  showKeys: boolean;
}

/** The header sits outside the routes' query provider, so the popup brings the one shared cache. */
export function SearchResults(props: SearchResultsProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <Results {...props} />
    </QueryClientProvider>
  );
}

interface Shown<T> {
  item: T;
  option: SearchOption;
}

function arrange(result: SearchResult | undefined, listboxId: string) {
  const players: Shown<SearchPlayer>[] = (result?.players ?? []).map((item, index) => ({
    item,
    option: { id: `${listboxId}-player-${index}`, href: playerPath(item.username) },
  }));
  const gangs: Shown<SearchGang>[] = (result?.gangs ?? []).map((item, index) => ({
    item,
    option: { id: `${listboxId}-gang-${index}`, href: gangPath(item.id) },
  }));
  return { players, gangs, options: [...players, ...gangs].map((shown) => shown.option) };
}

function Results({ text, listboxId, activeId, onOptions, onPick, showKeys }: SearchResultsProps) {
  const { t } = useLingui();
  const search = useSearch(text);
  const { players, gangs, options } = useMemo(
    () => arrange(search.data, listboxId),
    [search.data, listboxId],
  );

  useEffect(() => onOptions(options), [options, onOptions]);
  useEffect(() => () => onOptions([]), [onOptions]);
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  if (search.isError) {
    const error = search.error;
    const fallback =
      isHttpError(error) && error.status === 429
        ? t`Too many searches at once. Try again in a moment.`
        : t`Search is unavailable right now.`;
    return <Message>{errorText(error, fallback)}</Message>;
  }
  if (!search.data) {
    return (
      <Message>
        <Trans>Searching…</Trans>
      </Message>
    );
  }
  if (options.length === 0) {
    return (
      <Message>
        <Trans>No players or gangs match</Trans>
      </Message>
    );
  }

  const playersId = `${listboxId}-players`;
  const gangsId = `${listboxId}-gangs`;
  const optionProps = (option: SearchOption) => ({
    id: option.id,
    to: option.href,
    role: 'option',
    'aria-selected': option.id === activeId,
    tabIndex: -1,
    // A plain click opens the page as Enter does; with a modifier the browser opens a new tab.
    onClick: (event: MouseEvent) => {
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      onPick(option);
    },
    className: clsx(
      'mx-1.5 flex items-center gap-3 rounded-xl px-2.5 py-2 transition-colors',
      option.id === activeId ? 'bg-amber-400/15 ring-1 ring-amber-500/40 ring-inset' : 'hover:bg-fg/[0.05]',
    ),
  });

  return (
    <>
      <div
        role="listbox"
        id={listboxId}
        aria-label={t`Players and gangs`}
        className="max-h-[min(30rem,calc(100dvh-9rem))] overflow-y-auto overscroll-contain py-1.5"
      >
        {players.length > 0 && (
          <Group id={playersId} label={t`Players`}>
            {players.map(({ item, option }) => {
              const level = formatWhole(item.level);
              return (
                <Link key={item.uuid} {...optionProps(option)}>
                  <span className="relative shrink-0">
                    <PlayerAvatar uuid={item.uuid} size={32} className="size-8 rounded-lg" />
                    <span className="absolute -right-0.5 -bottom-0.5 flex">
                      <OnlineDot online={item.online} on="raised" announce={false} />
                    </span>
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-fg">
                      <Match text={item.username} typed={text} />
                    </span>
                    <span className="mt-0.5 flex items-center gap-2 text-xs text-fg-muted">
                      <RankBadge rank={item.rank} />
                      <span className="tabular-nums">
                        <Trans>Level {level}</Trans>
                      </span>
                    </span>
                  </span>
                  <span
                    className={clsx(
                      'shrink-0 text-xs font-medium',
                      item.online ? 'text-emerald-700 dark:text-emerald-400' : 'sr-only',
                    )}
                  >
                    {item.online ? t`Online` : t`Offline`}
                  </span>
                </Link>
              );
            })}
          </Group>
        )}
        {gangs.length > 0 && (
          <Group id={gangsId} label={t`Gangs`}>
            {gangs.map(({ item, option }) => {
              const memberCount = item.member_count;
              const members = formatWhole(memberCount);
              const online = formatWhole(item.online_count);
              return (
                <Link key={item.id} {...optionProps(option)}>
                  <span
                    aria-hidden
                    className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-sunken ring-1 ring-line ring-inset"
                  >
                    <span
                      className="size-3.5 rounded-full ring-1 ring-black/15 dark:ring-white/20"
                      style={{ background: gangColor(item.color) }}
                    />
                  </span>
                  <span className="min-w-0 flex-1">
                    <span className="block truncate text-sm font-semibold text-fg">
                      <Match text={item.name} typed={text} />
                    </span>
                    <span className="mt-0.5 block text-xs text-fg-muted tabular-nums">
                      {t`${plural(memberCount, { one: `${members} member`, other: `${members} members` })} · ${online} online`}
                    </span>
                  </span>
                </Link>
              );
            })}
          </Group>
        )}
      </div>
      {showKeys && (
        <p
          aria-hidden
          className="flex items-center gap-3 border-t border-line bg-surface-sunken/60 px-4 py-2 text-[11px] text-fg-muted"
        >
          <span>
            <Trans comment="Key hint under the search's results: the arrow keys choose a result">
              <Key>↑</Key> <Key>↓</Key> to move
            </Trans>
          </span>
          <span>
            <Trans comment="Key hint under the search's results: the Enter key opens the chosen result">
              <Key>Enter</Key> to open
            </Trans>
          </span>
          <span>
            <Trans comment="Key hint under the search's results: the Escape key closes the list">
              <Key>Esc</Key> to close
            </Trans>
          </span>
        </p>
      )}
    </>
  );
}

function Group({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group of a listbox (ARIA), not of form controls.
    <div role="group" aria-labelledby={id} className="pb-1">
      <div
        role="presentation"
        id={id}
        className="px-4 pt-2 pb-1 text-[11px] font-bold tracking-wider text-fg-muted uppercase"
      >
        {label}
      </div>
      {children}
    </div>
  );
}

function Message({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="px-4 py-3 text-sm text-fg-muted">
      {children}
    </p>
  );
}

function Key({ children }: { children: ReactNode }) {
  return (
    <kbd className="rounded border border-line-strong bg-surface px-1 font-sans text-[10px] font-semibold">
      {children}
    </kbd>
  );
}

/** The typed text, where the name has it, in bold. */
function Match({ text, typed }: { text: string; typed: string }) {
  const needle = typed.trim().toLowerCase();
  const at = needle ? text.toLowerCase().indexOf(needle) : -1;
  if (at < 0) return text;
  return (
    <>
      {text.slice(0, at)}
      <mark className="bg-transparent font-extrabold text-accent">{text.slice(at, at + needle.length)}</mark>
      {text.slice(at + needle.length)}
    </>
  );
}
