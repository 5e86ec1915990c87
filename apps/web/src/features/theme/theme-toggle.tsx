import { useLingui } from '@lingui/react/macro';
import { Moon, Sun } from 'lucide-react';
import { iconButtonClass } from '../../components/ui/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTheme } from './use-theme.ts';

export function ThemeToggle() {
  const { t } = useLingui();
  const { theme, toggleTheme } = useTheme();
  const label = theme === 'dark' ? t`Switch to light theme` : t`Switch to dark theme`;
  // A page the server rendered shows the button before the app has started: until then it says it
  // does nothing yet, rather than swallowing a press.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-disabled={hydrated ? undefined : true}
      onClick={toggleTheme}
      aria-label={label}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden className="size-[18px]" />
      ) : (
        <Moon aria-hidden className="size-[18px]" />
      )}
    </button>
  );
}
