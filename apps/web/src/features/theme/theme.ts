// Spec 4 Theme: dark by default; a stored 'light' or 'dark' wins; with no choice stored the theme follows
// the system live; once the user picks, the choice is stored and the system is ignored.
// public/theme-init.js repeats resolveTheme before first paint: keep the two in step.

export type Theme = 'light' | 'dark';
export const THEME_STORAGE_KEY = 'preferred_theme';
export const SYSTEM_LIGHT_QUERY = '(prefers-color-scheme: light)';
const THEME_COLORS: Record<Theme, string> = { dark: '#07090f', light: '#f6f7fb' };

export function parseStoredTheme(value: string | null): Theme | null {
  return value === 'light' || value === 'dark' ? value : null;
}

export function resolveTheme(stored: Theme | null, systemPrefersLight: boolean): Theme {
  return stored ?? (systemPrefersLight ? 'light' : 'dark');
}

interface ThemeEnvironment {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  /** The result of matchMedia(SYSTEM_LIGHT_QUERY). */
  systemLight: Pick<MediaQueryList, 'matches' | 'addEventListener' | 'removeEventListener'>;
  apply: (theme: Theme) => void;
}

export interface ThemeController {
  getTheme(): Theme;
  setTheme(theme: Theme): void;
  toggle(): void;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage, e.g. after another tab changed the choice. */
  refresh(): void;
  dispose(): void;
}

export function createThemeController({ storage, systemLight, apply }: ThemeEnvironment): ThemeController {
  const listeners = new Set<() => void>();
  const readStored = () => {
    try {
      return parseStoredTheme(storage.getItem(THEME_STORAGE_KEY));
    } catch {
      return null;
    }
  };
  let theme = resolveTheme(readStored(), systemLight.matches);

  const update = (next: Theme) => {
    if (next === theme) return;
    theme = next;
    apply(theme);
    for (const listener of listeners) listener();
  };
  const refresh = () => update(resolveTheme(readStored(), systemLight.matches));
  // The system only matters while nothing is stored; refresh re-checks that on every change.
  const onSystemChange = () => refresh();
  systemLight.addEventListener('change', onSystemChange);
  apply(theme);

  const setTheme = (next: Theme) => {
    try {
      storage.setItem(THEME_STORAGE_KEY, next);
    } catch {
      // Without storage the choice lasts for this page only.
    }
    update(next);
  };

  return {
    getTheme: () => theme,
    setTheme,
    toggle: () => setTheme(theme === 'dark' ? 'light' : 'dark'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refresh,
    dispose: () => systemLight.removeEventListener('change', onSystemChange),
  };
}

/** Puts a theme on the document: the `dark` class Tailwind keys on, the native color-scheme, the browser bar colour. */
export function applyThemeToDocument(theme: Theme, doc: Document = document): void {
  const root = doc.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  doc.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[theme]);
}
