import { Compass, ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { NotFoundPanel } from '../../components/ui/not-found-panel.tsx';

/** An unknown (or disbanded) gang: the gang browser lists the ones there are. */
export function GangNotFound() {
  return (
    <NotFoundPanel
      title="Gang not found"
      icon={ShieldOff}
      heading="We couldn't find that gang."
      actions={
        <Link to="/social#gang-browser" className={buttonClass('primary', 'md')}>
          <Compass aria-hidden className="size-4" />
          Browse gangs
        </Link>
      }
    >
      It may have disbanded, or the link may be broken. Every gang on the server is in the gang browser.
    </NotFoundPanel>
  );
}
