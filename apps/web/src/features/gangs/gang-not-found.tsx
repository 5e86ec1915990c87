import { pageTitle } from '@prison/shared/brand';
import { Compass, ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';

/** An unknown (or disbanded) gang: the gang browser lists the ones there are. */
export function GangNotFound() {
  return (
    <div className="container-page flex flex-col items-center py-24 text-center sm:py-32">
      <title>{pageTitle('Gang not found')}</title>
      <span className="flex size-14 items-center justify-center rounded-2xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
        <ShieldOff aria-hidden className="size-7" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-accent uppercase">Error 404</p>
      <h1 className="mt-2 font-display text-3xl font-bold tracking-tight text-balance text-fg sm:text-4xl">
        We couldn't find that gang.
      </h1>
      <p className="mt-3 max-w-md text-pretty text-fg-muted">
        It may have disbanded, or the link may be broken. Every gang on the server is in the gang browser.
      </p>
      <Link to="/social#gang-browser" className={buttonClass('primary', 'md', 'mt-8')}>
        <Compass aria-hidden className="size-4" />
        Browse gangs
      </Link>
    </div>
  );
}
