import { clsx } from 'clsx';
import type { ReactNode } from 'react';

interface SectionHeadingProps {
  id: string;
  eyebrow: string;
  title: string;
  children?: ReactNode;
  align?: 'left' | 'center';
}

/** The heading block of a page section; its id labels the section (aria-labelledby). */
export function SectionHeading({ id, eyebrow, title, children, align = 'left' }: SectionHeadingProps) {
  return (
    <div className={clsx('max-w-2xl', align === 'center' && 'mx-auto text-center')}>
      <p className="text-sm font-semibold tracking-[0.14em] text-accent uppercase">{eyebrow}</p>
      <h2
        id={id}
        className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl"
      >
        {title}
      </h2>
      {children && <p className="mt-3 text-base text-pretty text-fg-muted sm:text-lg">{children}</p>}
    </div>
  );
}
