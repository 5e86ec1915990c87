// Rendered markdown's own element, as markdown.tsx renders it and lazy-markdown.tsx adopts it from
// the server's HTML: the one look and the one mark for both.
import { clsx } from 'clsx';

/** The look of rendered markdown's own element. */
export const markdownClass = (className?: string) =>
  clsx(
    'min-w-0 text-base leading-7 text-fg/90 [overflow-wrap:break-word] [&>:first-child]:mt-0 [&>:last-child]:mb-0',
    className,
  );

/** Marks rendered markdown's element in the server's HTML. */
export const MARKDOWN_ATTRIBUTE = 'data-markdown';
