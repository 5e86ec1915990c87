import { describe, expect, it, vi } from 'vitest';
import {
  applyThemeToDocument,
  createThemeController,
  parseStoredTheme,
  resolveTheme,
  type Theme,
} from './theme.ts';

function fakeEnvironment(stored: string | null, systemLight: boolean) {
  const values = new Map<string, string>();
  if (stored !== null) values.set('preferred_theme', stored);
  const listeners = new Set<() => void>();
  const media = {
    matches: systemLight,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
  };
  const applied: Theme[] = [];
  return {
    values,
    applied,
    setSystemLight(matches: boolean) {
      media.matches = matches;
      for (const listener of listeners) listener();
    },
    env: {
      storage: {
        getItem: (key: string) => values.get(key) ?? null,
        setItem: (k: string, v: string) => values.set(k, v),
      },
      systemLight: media as unknown as MediaQueryList,
      apply: (theme: Theme) => applied.push(theme),
    },
  };
}

describe('theme rules', () => {
  it('accepts only light or dark as a stored value', () => {
    expect(parseStoredTheme('light')).toBe('light');
    expect(parseStoredTheme('dark')).toBe('dark');
    expect(parseStoredTheme('Dark')).toBeNull();
    expect(parseStoredTheme('system')).toBeNull();
    expect(parseStoredTheme(null)).toBeNull();
  });

  it('is dark unless something says otherwise', () => {
    expect(resolveTheme(null, false)).toBe('dark');
    expect(resolveTheme(null, true)).toBe('light');
    expect(resolveTheme('dark', true)).toBe('dark');
    expect(resolveTheme('light', false)).toBe('light');
  });
});

describe('createThemeController', () => {
  it('lets a stored value win over the system and applies it at once', () => {
    const fake = fakeEnvironment('light', false);
    const controller = createThemeController(fake.env);
    expect(controller.getTheme()).toBe('light');
    expect(fake.applied).toEqual(['light']);
  });

  it('ignores an invalid stored value and follows the system', () => {
    const fake = fakeEnvironment('purple', true);
    expect(createThemeController(fake.env).getTheme()).toBe('light');
  });

  it('follows the system live while the user has not chosen', () => {
    const fake = fakeEnvironment(null, false);
    const controller = createThemeController(fake.env);
    const listener = vi.fn();
    controller.subscribe(listener);
    expect(controller.getTheme()).toBe('dark');
    fake.setSystemLight(true);
    expect(controller.getTheme()).toBe('light');
    fake.setSystemLight(false);
    expect(controller.getTheme()).toBe('dark');
    expect(listener).toHaveBeenCalledTimes(2);
    expect(fake.applied).toEqual(['dark', 'light', 'dark']);
  });

  it('stores a toggle and then ignores the system', () => {
    const fake = fakeEnvironment(null, false);
    const controller = createThemeController(fake.env);
    controller.toggle();
    expect(controller.getTheme()).toBe('light');
    expect(fake.values.get('preferred_theme')).toBe('light');
    fake.setSystemLight(false);
    fake.setSystemLight(true);
    fake.setSystemLight(false);
    expect(controller.getTheme()).toBe('light');
  });

  it('stops listening to the system once disposed', () => {
    const fake = fakeEnvironment(null, false);
    const controller = createThemeController(fake.env);
    controller.dispose();
    fake.setSystemLight(true);
    expect(controller.getTheme()).toBe('dark');
  });
});

describe('applyThemeToDocument', () => {
  it('sets the dark class and the colour scheme on <html>', () => {
    applyThemeToDocument('dark');
    expect(document.documentElement).toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyThemeToDocument('light');
    expect(document.documentElement).not.toHaveClass('dark');
    expect(document.documentElement.style.colorScheme).toBe('light');
  });
});
