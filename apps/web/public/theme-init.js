// Runs before first paint, inline in index.html (the build puts it there). Mirrors src/features/theme/theme.ts:
// a stored 'light' or 'dark' wins, otherwise the system scheme, and dark when the system says nothing.
(() => {
  let stored = null;
  try {
    stored = localStorage.getItem('preferred_theme');
  } catch {
    // Storage can be blocked (privacy modes); the system scheme still applies.
  }
  const theme =
    stored === 'light' || stored === 'dark'
      ? stored
      : window.matchMedia('(prefers-color-scheme: light)').matches
        ? 'light'
        : 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', theme === 'dark');
  root.style.colorScheme = theme;
  const meta = document.querySelector('meta[name="theme-color"]');
  if (meta) meta.setAttribute('content', theme === 'dark' ? '#07090f' : '#f6f7fb');
})();
