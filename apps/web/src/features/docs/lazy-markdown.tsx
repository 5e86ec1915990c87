import { lazy, Suspense } from 'react';

/** Starts downloading the markdown stack; the page calls it as it mounts, while the docs load. */
export const loadMarkdown = () => import('./markdown.tsx');

const Markdown = lazy(async () => ({ default: (await loadMarkdown()).Markdown }));

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
  return (
    <Suspense fallback={<MarkdownLines />}>
      <Markdown content={content} className={className} />
    </Suspense>
  );
}
