import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Menu } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { iconButtonClass } from '../../components/ui/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';

// The panel (and the dialog library under it) is fetched when the menu is first wanted, not with the page:
// most visitors never open it, and the home page has a JavaScript budget (scripts/check-budget.mjs).
const loadPanel = () => import('./mobile-menu-panel.tsx');
const MobileMenuPanel = lazy(() => loadPanel().then((module) => ({ default: module.MobileMenuPanel })));

interface MobileMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The menu button and its panel; the header holds whether it is open (it hides its own search meanwhile). */
export function MobileMenu({ open, onOpenChange: setOpen }: MobileMenuProps) {
  const { t } = useLingui();
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const { pathname } = useLocation();
  // Before the app has started on a page the server rendered, the button says it does nothing yet.
  const hydrated = useHydrated();

  // Back/forward navigation while open should not leave the panel over the new page.
  useEffect(() => {
    void pathname;
    setOpen(false);
  }, [pathname, setOpen]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={clsx(iconButtonClass, 'xl:hidden')}
        aria-label={t`Open menu`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-disabled={hydrated ? undefined : true}
        // Start the download as soon as a press looks likely, so the panel is usually ready on click.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden className="size-5" />
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileMenuPanel open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
