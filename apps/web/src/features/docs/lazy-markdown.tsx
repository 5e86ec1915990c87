import { lazy, Suspense, useState } from 'react';

type MarkdownModule = typeof import('./markdown.tsx');

/** The markdown stack once it has loaded: rendered at once from then on, with no placeholder. */
let loaded: MarkdownModule | undefined;

/** Loads the markdown stack (once); the docs route's loader waits for it with the list. */
export const loadMarkdown = (): Promise<MarkdownModule> =>
  import('./markdown.tsx').then((module) => {
    loaded = module;
    return module;
  });

const LazyLoaded = lazy(async () => ({ default: (await loadMarkdown()).Markdown }));

export function MarkdownLines({ lines = 5 }: { lines?: number }) {
  return (
    <div aria-hidden className="space-y-3">
      {Array.from({ length: lines }, (_, i) => (
        <div
          key={i}
          className="h-3.5 rounded-full bg-fg/[0.07] motion-safe:animate-pulse"
          style={{ width: `${[96, 88, 92, 70, 84, 60][i % 6]}%` }}
        />
      ))}
    </div>
  );
}

/** Rendered markdown, with placeholder lines while its code arrives. */
export function LazyMarkdown({ content, className }: { content: string; className?: string }) {
  // One component for the life of this element: switching would throw the rendered markdown away.
  // Markdown itself may suspend too, while the HTML parser loads for a doc that contains HTML.
  const [Markdown] = useState(() => loaded?.Markdown ?? LazyLoaded);
  return (
    <Suspense fallback={<MarkdownLines />}>
      <Markdown content={content} className={className} />
    </Suspense>
  );
}
