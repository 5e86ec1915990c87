import { lazy, type MouseEvent, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { MARKDOWN_ATTRIBUTE, markdownClass } from './markdown-element.ts';
import { isInSite } from './safe-url.ts';

type MarkdownModule = typeof import('./markdown.tsx');

/** The markdown stack once it has loaded: rendered at once from then on, with no placeholder. */
let loaded: MarkdownModule | undefined;

let loading: Promise<MarkdownModule> | undefined;

/**
 * Loads the markdown stack, once: later calls (each hover of a doc's link) get the same promise; a
 * failed load is tried again by the next call. The docs route's loader waits for it with the list,
 * unless the page's doc is adopted.
 */
export function loadMarkdown(): Promise<MarkdownModule> {
  loading ??= import('./markdown.tsx').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

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

/** The element of markdown the server rendered into the page, until the app replaces it; null otherwise. */
const serverMarkdown = (): Element | null =>
  typeof document === 'undefined' ? null : document.querySelector(`[${MARKDOWN_ATTRIBUTE}]`);

/** Whether the page holds markdown the server rendered (a doc, before the app has replaced it). */
export const holdsServerMarkdown = () => serverMarkdown() !== null;

/**
 * Rendered markdown, with placeholder lines while its code arrives. A doc the server rendered is
 * adopted as it is when the page hydrates: rendering it again would run the whole markdown pipeline
 * (parse, GitHub's extensions, sanitizing) in one piece of main-thread work, a few tens of
 * milliseconds here and several times that on a phone, to make the same elements. The adopted HTML
 * is the server's rendering of the same content; it stays until the content changes (another doc,
 * an edit), which renders it afresh.
 */
export function LazyMarkdown({ content, className }: { content: string; className?: string }) {
  const hydrating = !useHydrated();
  const [adopted] = useState(() => {
    const html = hydrating ? serverMarkdown()?.innerHTML : undefined;
    return html === undefined ? null : { html, content };
  });
  // One component for the life of this element: switching would throw the rendered markdown away.
  // Markdown itself may suspend too, while the HTML parser loads for a doc that contains HTML.
  const [Markdown] = useState(() => loaded?.Markdown ?? LazyLoaded);
  // The server rendered this Suspense boundary too: the adopted HTML sits inside it, as it did.
  return (
    <Suspense fallback={<MarkdownLines />}>
      {adopted && adopted.content === content ? (
        <Adopted html={adopted.html} className={className} />
      ) : (
        <Markdown content={content} className={className} />
      )}
    </Suspense>
  );
}

/** Markdown as the server rendered it, its links within the site followed in the app. */
function Adopted({ html, className }: { html: string; className?: string }) {
  const navigate = useNavigate();
  // The links the server rendered are plain: one within the site is followed in the app, as
  // markdown.tsx's links are.
  const followInSite = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a');
    const href = link?.getAttribute('href');
    if (!link || !href || link.target || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    if (!isInSite(href)) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the links inside are what is clicked (and have their own keyboard behaviour); this only follows them within the app.
    <div
      {...{ [MARKDOWN_ATTRIBUTE]: '' }}
      className={markdownClass(className)}
      onClick={followInSite}
      // The server's own rendering of this content, sanitized there as everywhere.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: see above.
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
