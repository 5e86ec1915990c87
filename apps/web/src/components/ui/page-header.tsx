import type { ReactNode } from 'react';

export function PageHeader({
  eyebrow,
  title,
  children,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
}) {
  return (
    <header className="max-w-3xl">
      {eyebrow && <p className="text-sm font-semibold tracking-wide text-accent uppercase">{eyebrow}</p>}
      <h1 className="mt-2 font-display text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
        {title}
      </h1>
      {children && <div className="mt-4 text-lg text-pretty text-fg-muted">{children}</div>}
    </header>
  );
}
