import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { isNavActive, NAV_LINKS } from './nav-links.ts';

interface Highlight {
  left: number;
  width: number;
}

/** Desktop navigation with a highlight that slides to the active link (spec 2.2). */
export function MainNav() {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const listRef = useRef<HTMLUListElement>(null);
  const [highlight, setHighlight] = useState<Highlight | null>(null);
  // The first placement appears in place; only later moves slide.
  const [canSlide, setCanSlide] = useState(false);

  const measure = useCallback(() => {
    const active = listRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    setHighlight(active ? { left: active.offsetLeft, width: active.offsetWidth } : null);
  }, []);

  // Measured before paint on every route change, and again when the layout changes size
  // (window resize, web fonts arriving and changing the link widths).
  useLayoutEffect(() => {
    void pathname;
    measure();
  }, [pathname, measure]);

  useLayoutEffect(() => {
    window.addEventListener('resize', measure);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    if (listRef.current) observer?.observe(listRef.current);
    return () => {
      window.removeEventListener('resize', measure);
      observer?.disconnect();
    };
  }, [measure]);

  useEffect(() => {
    if (!highlight || canSlide) return;
    const frame = requestAnimationFrame(() => setCanSlide(true));
    return () => cancelAnimationFrame(frame);
  }, [highlight, canSlide]);

  // The six links take about 510 px in English and 560 in Russian: below xl they live in the mobile
  // menu, or the bar would be wider than the window beside the brand, the search, the language menu
  // and the account links.
  return (
    <nav
      aria-label={t({ message: 'Main', comment: 'Accessible name of the main navigation' })}
      className="hidden xl:block"
    >
      <ul ref={listRef} className="relative flex items-center gap-1 rounded-2xl p-1">
        <span
          aria-hidden
          data-testid="nav-highlight"
          className={clsx(
            'absolute top-1 bottom-1 left-0 rounded-xl bg-fg/[0.07] ring-1 ring-line-strong ring-inset',
            canSlide &&
              'transition-[transform,width,opacity] duration-300 ease-[cubic-bezier(0.22,1,0.36,1)]',
            !highlight && 'opacity-0',
          )}
          style={
            highlight ? { width: highlight.width, transform: `translateX(${highlight.left}px)` } : undefined
          }
        />
        {NAV_LINKS.map((link) => {
          const active = isNavActive(link.to, pathname);
          const current = active ? 'page' : undefined;
          return (
            <li key={link.to}>
              <Link
                to={link.to}
                aria-current={current}
                className={clsx(
                  'block rounded-xl px-3.5 py-2 text-sm font-medium whitespace-nowrap transition-colors',
                  active ? 'text-fg' : 'text-fg-muted hover:text-fg',
                )}
              >
                {t(link.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
