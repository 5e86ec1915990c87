import { Trans, useLingui } from '@lingui/react/macro';
import { SITE_NAME } from '@prison/shared/brand';
import { clsx } from 'clsx';
import { BookOpen, ChevronRight, LifeBuoy, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { RefObject } from 'react';
import { Link, useLocation } from 'react-router';
import { BrandMark } from '../../components/ui/brand-mark.tsx';
import { iconButtonClass } from '../../components/ui/button.tsx';
import { LanguageMenu } from '../../features/language/language-menu.tsx';
import { SiteSearch } from '../../features/search/site-search.tsx';
import { SEARCH_INPUT_ID } from '../../lib/site-search-field.ts';
import { AccountLinks } from './account-links.tsx';
import { isNavActive, NAV_LINKS } from './nav-links.ts';

interface MobileMenuPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back on close; the button lives outside this lazily loaded panel, so Radix cannot know it. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * Spec 2.2 mobile menu: a slide-in panel. Radix Dialog locks page scroll, moves and traps focus and closes
 * on Escape and on a tap on the overlay; links and the close button close it too. Focus returns to the
 * menu button on close.
 */
export function MobileMenuPanel({ open, onOpenChange, returnFocusTo }: MobileMenuPanelProps) {
  const { t } = useLingui();
  const { pathname } = useLocation();
  const close = () => onOpenChange(false);

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/55 backdrop-blur-sm data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          // The search field takes Escape first: to close its list, then to clear it (site-search.tsx).
          onEscapeKeyDown={(event) => {
            const target = event.target;
            if (target instanceof HTMLInputElement && target.id === SEARCH_INPUT_ID && target.value) {
              event.preventDefault();
            }
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className={clsx(
            'fixed inset-y-0 right-0 z-50 flex w-[min(22rem,88vw)] flex-col border-l border-line bg-canvas shadow-2xl',
            'data-[state=closed]:animate-menu-out data-[state=open]:animate-menu-in',
          )}
        >
          <div className="flex h-16 items-center justify-between border-b border-line px-5">
            <Dialog.Title className="flex items-center gap-2.5 font-display text-lg font-bold">
              <BrandMark className="size-8" />
              {SITE_NAME}
            </Dialog.Title>
            <Dialog.Close className={iconButtonClass} aria-label={t`Close menu`}>
              <X aria-hidden className="size-5" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">
            <Trans>Site navigation</Trans>
          </Dialog.Description>

          <div className="flex flex-1 flex-col gap-6 overflow-y-auto px-5 py-6">
            <SiteSearch variant="panel" onNavigate={close} />
            <nav
              aria-label={t({
                message: 'Mobile',
                comment: 'Accessible name of the navigation in the mobile menu',
              })}
            >
              <ul className="flex flex-col gap-1">
                {NAV_LINKS.map((link) => {
                  const active = isNavActive(link.to, pathname);
                  const current = active ? 'page' : undefined;
                  return (
                    <li key={link.to}>
                      <Link
                        to={link.to}
                        onClick={close}
                        aria-current={current}
                        className={clsx(
                          'flex items-center justify-between rounded-xl px-4 py-3 text-base font-medium transition-colors',
                          active
                            ? 'bg-amber-400/10 text-fg ring-1 ring-amber-400/30 ring-inset'
                            : 'text-fg-muted hover:bg-fg/[0.05] hover:text-fg',
                        )}
                      >
                        {t(link.label)}
                        <ChevronRight aria-hidden className="size-4 opacity-60" />
                      </Link>
                    </li>
                  );
                })}
              </ul>
            </nav>

            <Link
              to="/docs"
              onClick={close}
              className="group flex items-start gap-3 rounded-2xl border border-line bg-surface p-4 transition-colors hover:border-line-strong"
            >
              <span className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-violet-500/10 text-violet-600 ring-1 ring-violet-500/25 dark:text-violet-300">
                <LifeBuoy aria-hidden className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-fg">
                  <Trans>Need help?</Trans>
                </span>
                <span className="mt-0.5 flex items-center gap-1.5 text-sm text-fg-muted group-hover:text-fg">
                  <BookOpen aria-hidden className="size-3.5" />
                  <Trans>Browse the knowledge base</Trans>
                </span>
              </span>
            </Link>

            <LanguageMenu variant="panel" />

            <div className="mt-auto border-t border-line pt-6">
              <AccountLinks stacked onNavigate={close} />
            </div>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
