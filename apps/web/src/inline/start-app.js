// Inline at the end of index.html's body (the build puts it there: vite.config.ts). Loads the app's
// entry chunk, which <meta name="app-entry"> names, and the page's own chunks, which the server names
// in <meta name="app-chunk"> for a page it rendered. Such a page shows without them, so the app starts
// once that page has painted: until then the network carries only what the first paint needs (the
// page, its stylesheet and its fonts), on a slow phone most of the wait. A page left
// to the browser (an empty #root) starts at once. The text stays the same from one build to the next,
// so the hash the Content-Security-Policy admits it by holds when the app is rebuilt.
(() => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const chunk of document.querySelectorAll('meta[name="app-chunk"]')) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = chunk.getAttribute('content') ?? '';
      document.head.append(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = document.querySelector('meta[name="app-entry"]')?.getAttribute('content') ?? '';
    document.head.append(script);
  };
  const painted =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (!document.getElementById('root')?.firstChild || !painted) {
    start();
    return;
  }
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    start();
  }).observe({ type: 'paint', buffered: true });
  // A page that has not painted by then (a tab opened in the background) starts anyway.
  setTimeout(start, 3000);
})();
