import { useLingui } from '@lingui/react/macro';
import { SITE_NAME, SITE_TAGLINE } from '@prison/shared/brand';
import { clsx } from 'clsx';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { LanguageMenu } from '../../features/language/language-menu.tsx';
import { SiteSearch } from '../../features/search/site-search.tsx';
import { ThemeToggle } from '../../features/theme/theme-toggle.tsx';
import { AccountLinks } from './account-links.tsx';
import { MainNav } from './main-nav.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { NotificationBell } from './notification-bell.tsx';

// Spec 9: the bar takes its scrolled look past 8 px.
const SCROLL_THRESHOLD = 8;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

export function SiteHeader() {
  const { t } = useLingui();
  const site = SITE_NAME;
  const tagline = SITE_TAGLINE;
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  // The open menu has its own search field; one field at a time keeps its id (and the `/` key) unique.
  const [menuOpen, setMenuOpen] = useState(false);
  return (
    <header
      data-scrolled={scrolled || undefined}
      className={clsx(
        'sticky top-0 z-40 border-b transition-[background-color,border-color,box-shadow] duration-200',
        scrolled
          ? 'border-line bg-header shadow-[0_10px_30px_-18px_rgb(0_0_0/0.45)] backdrop-blur-xl backdrop-saturate-150'
          : 'border-transparent bg-transparent',
      )}
    >
      <div className="container-page flex h-16 items-center gap-4">
        <Link
          to="/"
          className="flex shrink-0 items-center gap-2.5 rounded-xl"
          // Holds the visible words (WCAG 2.5.3, label in name); the tagline shows from sm up, and the
          // space between the two lines keeps their words apart for tools that read the text.
          aria-label={t`${site} ${tagline}, home`}
        >
          <BrandMark className="size-9" />
          <span className="leading-none">
            <span className="block font-display text-lg font-bold tracking-tight text-fg">{SITE_NAME}</span>{' '}
            <span className="hidden text-[11px] font-medium tracking-[0.18em] text-fg-muted uppercase sm:block">
              {SITE_TAGLINE}
            </span>
          </span>
        </Link>
        <div className="flex flex-1 justify-center">
          <MainNav />
        </div>
        <div className="flex items-center gap-1.5">
          {!menuOpen && (
            <div className="mr-1 hidden md:block">
              <SiteSearch />
            </div>
          )}
          <div className="hidden sm:block">
            <LanguageMenu />
          </div>
          <ThemeToggle />
          <NotificationBell />
          <div className="hidden sm:block">
            <AccountLinks />
          </div>
          <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
        </div>
      </div>
    </header>
  );
}
