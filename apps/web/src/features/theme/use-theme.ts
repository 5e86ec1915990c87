import { useSyncExternalStore } from 'react';
import {
  applyThemeToDocument,
  createThemeController,
  SYSTEM_LIGHT_QUERY,
  THEME_STORAGE_KEY,
  type Theme,
  type ThemeController,
} from './theme.ts';

let controller: ThemeController | undefined;

// One controller per page, made on first use so tests and the server-less build never touch window early.
function themeController(): ThemeController {
  if (!controller) {
    controller = createThemeController({
      storage: window.localStorage,
      systemLight: window.matchMedia(SYSTEM_LIGHT_QUERY),
      apply: (theme) => applyThemeToDocument(theme),
    });
    const current = controller;
    // Another tab's choice applies here too.
    window.addEventListener('storage', (event) => {
      if (event.key === THEME_STORAGE_KEY || event.key === null) current.refresh();
    });
  }
  return controller;
}

const subscribe = (listener: () => void) => themeController().subscribe(listener);
const getTheme = () => themeController().getTheme();

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribe, getTheme, () => 'dark' as const);
  return { theme, toggleTheme: () => themeController().toggle() };
}
