import { pageTitle } from '@prison/shared/brand';
import type { LucideIcon } from 'lucide-react';
import { Hammer } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from './button.tsx';
import { PageHeader } from './page-header.tsx';

interface PagePlaceholderProps {
  /** Browser tab title, without the site name. */
  documentTitle: string;
  eyebrow: string;
  title: string;
  /** One line on what this page will hold. */
  summary: string;
  icon: LucideIcon;
}

/** A page whose feature is still being built: real heading and a clear note, never an empty screen. */
export function PagePlaceholder({
  documentTitle,
  eyebrow,
  title,
  summary,
  icon: Icon,
}: PagePlaceholderProps) {
  return (
    <div className="container-page py-14 sm:py-20">
      <title>{pageTitle(documentTitle)}</title>
      <PageHeader eyebrow={eyebrow} title={title} />
      <div className="relative mt-10 overflow-hidden rounded-2xl border border-dashed border-line-strong bg-surface p-8 sm:p-10">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(22rem_16rem_at_100%_0%,rgb(251_191_36/0.12),transparent_70%)]"
        />
        <div className="relative flex flex-col gap-6 sm:flex-row sm:items-center">
          <span className="flex size-14 shrink-0 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
            <Icon aria-hidden className="size-7" />
          </span>
          <div className="flex-1">
            <p className="inline-flex items-center gap-1.5 rounded-full bg-fg/[0.06] px-2.5 py-1 text-xs font-semibold text-fg-muted">
              <Hammer aria-hidden className="size-3.5" /> In the forge
            </p>
            <p className="mt-3 max-w-2xl text-lg text-fg">{summary}</p>
          </div>
          <Link to="/" className={buttonClass('secondary', 'md', 'self-start sm:self-center')}>
            Back to home
          </Link>
        </div>
      </div>
    </div>
  );
}
