// The markdown stack (spec 5 Markdown). Loaded on its own, only by the docs page (DESIGN.md 5: the
// home page must never download it).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Check, ExternalLink } from 'lucide-react';
import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import ReactMarkdown, { type Components, type ExtraProps } from 'react-markdown';
import { Link } from 'react-router';
import rehypeSanitize, { defaultSchema } from 'rehype-sanitize';
import remarkGfm from 'remark-gfm';
import { MARKDOWN_ATTRIBUTE, markdownClass } from './markdown-element.ts';
import { isInSite, safeUrl } from './safe-url.ts';

// GitHub's rules, plus: elements whose content is raw text are dropped whole rather than unwrapped,
// so a stray <style> or <iframe> leaves nothing behind, not even its text.
const schema = {
  ...defaultSchema,
  strip: [
    ...(defaultSchema.strip ?? []),
    'style',
    'iframe',
    'noscript',
    'noembed',
    'noframes',
    'template',
    'textarea',
    'title',
    'xmp',
  ],
};

type RehypeRaw = typeof import('rehype-raw').default;
type RawTransform = ReturnType<RehypeRaw>;
type HastNode = { type: string; children?: HastNode[] };

const hasRawHtml = (node: HastNode): boolean =>
  node.type === 'raw' || (node.children?.some(hasRawHtml) ?? false);

// rehype-raw brings an HTML parser about as big as the rest of the markdown code, and re-parses the
// whole tree with it. Most docs hold no HTML: the parser loads with the first that does.
let rehypeRaw: RehypeRaw | null = null;
let loadingRaw: Promise<void> | null = null;
let rawFailed: unknown = null;

/** Loads the HTML support; Markdown renders HTML at once after this (the tests call it first). */
export function loadRawHtmlSupport(): Promise<void> {
  loadingRaw ??= import('rehype-raw').then(
    (module) => {
      rehypeRaw = module.default;
    },
    (error: unknown) => {
      rawFailed = error;
    },
  );
  return loadingRaw;
}

/** rehype-raw, for a tree that has raw HTML in it: the render suspends until the parser is here. */
function rehypeRawWhenPresent(): RawTransform {
  return (tree, file) => {
    if (!hasRawHtml(tree as HastNode)) return tree;
    if (rawFailed) throw rawFailed;
    if (!rehypeRaw) throw loadRawHtmlSupport();
    return rehypeRaw()(tree, file);
  };
}

type Props<Tag extends keyof React.JSX.IntrinsicElements> = ComponentPropsWithoutRef<Tag> & ExtraProps;

/** A link inside the site stays in the app; one to another site opens a new tab. */
function Anchor({ node: _node, href, children, className, ...props }: Props<'a'>) {
  const look = clsx(
    'font-medium text-accent underline decoration-current/35 underline-offset-[3px] transition-colors hover:decoration-current',
    className,
  );
  // An address the rules emptied: the words stay, with nothing to follow.
  if (!href) return <span className="font-medium text-fg">{children}</span>;
  if (isInSite(href)) {
    return (
      <Link to={href} className={look} {...props}>
        {children}
      </Link>
    );
  }
  if (/^https?:\/\//i.test(href) || href.startsWith('//')) {
    return (
      <a href={href} className={look} target="_blank" rel="noopener noreferrer" {...props}>
        {children}
        <ExternalLink aria-hidden className="ml-0.5 inline size-3.5 align-[-2px]" />
        <span className="sr-only">
          {' '}
          <Trans>(opens in a new tab)</Trans>
        </span>
      </a>
    );
  }
  return (
    <a href={href} className={look} {...props}>
      {children}
    </a>
  );
}

// The page's h1 is "Docs" and the doc's title is an h2, so the doc's own headings start at h3.
const headingLook = {
  h3: 'mt-12 mb-4 border-b border-line pb-2 font-display text-2xl font-bold tracking-tight text-fg',
  h4: 'mt-9 mb-3 font-display text-xl font-semibold tracking-tight text-fg',
  h5: 'mt-7 mb-2 text-base font-semibold text-fg',
  h6: 'mt-6 mb-2 text-sm font-semibold tracking-wide text-fg-muted uppercase',
} as const;

function heading(Tag: keyof typeof headingLook) {
  return function Heading({ node: _node, className, ...props }: Props<'h1'>) {
    return <Tag className={clsx('scroll-mt-24 text-balance', headingLook[Tag], className)} {...props} />;
  };
}

/** A wide table or code block scrolls on its own; it takes focus so a keyboard can scroll it too. */
function Scroller({
  children,
  label,
  className,
}: {
  children: ReactNode;
  label: MessageDescriptor;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: scrollable content must be reachable by keyboard.
    <section aria-label={t(label)} tabIndex={0} className={clsx('overflow-x-auto', className)}>
      {children}
    </section>
  );
}

// A task list's box is drawn, not a form control: it cannot be ticked here, and a label-less
// checkbox would tell a screen reader nothing.
function TaskBox({ checked }: Props<'input'>) {
  return (
    <span
      className={clsx(
        'absolute top-[5px] left-0 flex size-4.5 items-center justify-center rounded-md border',
        checked ? 'border-emerald-500 bg-emerald-500 text-white' : 'border-line-strong bg-surface',
      )}
    >
      {checked && <Check aria-hidden className="size-3.5" strokeWidth={3} />}
      <span className="sr-only">
        {checked ? (
          <Trans comment="Screen readers: before a ticked item of a task list">Done:</Trans>
        ) : (
          <Trans comment="Screen readers: before an unticked item of a task list">To do:</Trans>
        )}{' '}
      </span>
    </span>
  );
}

const components: Components = {
  a: Anchor,
  h1: heading('h3'),
  h2: heading('h3'),
  h3: heading('h4'),
  h4: heading('h5'),
  h5: heading('h6'),
  h6: heading('h6'),
  p: ({ node: _node, className, ...props }) => <p className={clsx('my-5', className)} {...props} />,
  ul: ({ node: _node, className, ...props }) => (
    <ul
      className={clsx(
        'my-5 space-y-2 pl-6',
        className === 'contains-task-list' ? 'list-none pl-1' : 'list-disc marker:text-accent',
      )}
      {...props}
    />
  ),
  ol: ({ node: _node, className, ...props }) => (
    <ol
      className={clsx(
        'my-5 list-decimal space-y-2 pl-6 marker:font-semibold marker:text-fg-muted',
        className === 'contains-task-list' && 'list-none pl-1',
      )}
      {...props}
    />
  ),
  li: ({ node: _node, className, ...props }) => (
    <li
      className={clsx(
        'pl-1.5 [&>ol]:my-2 [&>ul]:my-2',
        className === 'task-list-item' && 'relative list-none pl-7',
      )}
      {...props}
    />
  ),
  input: TaskBox,
  blockquote: ({ node: _node, className, ...props }) => (
    <blockquote
      className={clsx(
        'my-6 rounded-r-xl border-l-4 border-amber-400 bg-amber-400/[0.08] px-5 py-1 text-fg [&>p]:my-3',
        className,
      )}
      {...props}
    />
  ),
  pre: ({ node: _node, className, ...props }) => (
    <Scroller
      label={msg`Code`}
      className="my-6 rounded-2xl border border-white/10 bg-[#0b1020] shadow-card dark:bg-[#05070d]"
    >
      <pre
        className={clsx(
          'w-max min-w-full px-5 py-4 font-mono text-[13.5px] leading-6 text-slate-100 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-[1em] [&>code]:text-inherit',
          className,
        )}
        {...props}
      />
    </Scroller>
  ),
  code: ({ node: _node, className, ...props }) => (
    <code
      className={clsx(
        'rounded-md bg-fg/[0.07] px-1.5 py-0.5 font-mono text-[0.875em] text-fg [overflow-wrap:anywhere]',
        className,
      )}
      {...props}
    />
  ),
  kbd: ({ node: _node, className, ...props }) => (
    <kbd
      className={clsx(
        'rounded-md border border-b-2 border-line-strong bg-surface px-1.5 py-0.5 font-mono text-[0.8em] text-fg',
        className,
      )}
      {...props}
    />
  ),
  table: ({ node: _node, className, ...props }) => (
    <Scroller label={msg`Table`} className="my-6 rounded-xl border border-line">
      <table className={clsx('w-full border-collapse text-left text-[15px]', className)} {...props} />
    </Scroller>
  ),
  thead: ({ node: _node, className, ...props }) => (
    <thead className={clsx('bg-surface-sunken', className)} {...props} />
  ),
  th: ({ node: _node, className, ...props }) => (
    <th
      className={clsx('px-4 py-2.5 text-sm font-semibold whitespace-nowrap text-fg', className)}
      {...props}
    />
  ),
  td: ({ node: _node, className, ...props }) => (
    <td className={clsx('border-t border-line px-4 py-2.5 align-top', className)} {...props} />
  ),
  hr: ({ node: _node, className, ...props }) => (
    <hr className={clsx('my-10 border-line', className)} {...props} />
  ),
  img: ({ node: _node, src, alt, className, ...props }) =>
    src ? (
      <img
        src={src}
        alt={alt ?? ''}
        loading="lazy"
        decoding="async"
        className={clsx('my-6 h-auto max-w-full rounded-xl border border-line', className)}
        {...props}
      />
    ) : alt ? (
      <span className="text-fg-muted italic">{alt}</span>
    ) : null,
  strong: ({ node: _node, className, ...props }) => (
    <strong className={clsx('font-semibold text-fg', className)} {...props} />
  ),
  details: ({ node: _node, className, ...props }) => (
    <details
      className={clsx('my-5 rounded-xl border border-line bg-surface-sunken/50 px-4 py-3', className)}
      {...props}
    />
  ),
  summary: ({ node: _node, className, ...props }) => (
    <summary className={clsx('cursor-pointer font-semibold text-fg', className)} {...props} />
  ),
};

/**
 * Markdown with GitHub's extensions. Raw HTML is parsed, then sanitized (rehype-sanitize after
 * rehype-raw, so nothing the HTML adds escapes it); addresses go through safeUrl. Content with HTML
 * suspends (place it inside Suspense, as LazyMarkdown does) until loadRawHtmlSupport has loaded.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  return (
    <div {...{ [MARKDOWN_ATTRIBUTE]: '' }} className={markdownClass(className)}>
      <ReactMarkdown
        remarkPlugins={[remarkGfm]}
        rehypePlugins={[rehypeRawWhenPresent, [rehypeSanitize, schema]]}
        urlTransform={safeUrl}
        components={components}
      >
        {content}
      </ReactMarkdown>
    </div>
  );
}
