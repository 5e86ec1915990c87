import { Moon, Sun } from 'lucide-react';
import { iconButtonClass } from '../../components/ui/button.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useTheme } from './use-theme.ts';

export function ThemeToggle() {
  const { theme, toggleTheme } = useTheme();
  const next = theme === 'dark' ? 'light' : 'dark';
  // A page the server rendered shows the button before the app has started: until then it says it
  // does nothing yet, rather than swallowing a press.
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      className={iconButtonClass}
      aria-disabled={hydrated ? undefined : true}
      onClick={toggleTheme}
      aria-label={`Switch to ${next} theme`}
    >
      {theme === 'dark' ? (
        <Sun aria-hidden className="size-[18px]" />
      ) : (
        <Moon aria-hidden className="size-[18px]" />
      )}
    </button>
  );
}
