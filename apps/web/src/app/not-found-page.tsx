import { pageTitle } from '@prison/shared/brand';
import { Compass, Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';

export function NotFoundPage() {
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <title>{pageTitle('Page not found')}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <Compass aria-hidden className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-accent uppercase">Error 404</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
        We couldn't find that page.
      </h1>
      <p className="mt-3 max-w-md text-pretty text-fg-muted">
        The link may be broken, or the page may have moved to another cell block.
      </p>
      <Link to="/" className={buttonClass('primary', 'md', 'mt-8')}>
        <Home aria-hidden className="size-4" />
        Go home
      </Link>
    </div>
  );
}
