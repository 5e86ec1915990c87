import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, ShieldOff } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { NotFoundPanel } from '../../components/ui/not-found-panel.tsx';

/** An unknown (or disbanded) gang: the gang browser lists the ones there are. */
export function GangNotFound() {
  const { t } = useLingui();
  return (
    <NotFoundPanel
      title={t`Gang not found`}
      icon={ShieldOff}
      heading={t`We couldn't find that gang.`}
      actions={
        <Link to="/social#gang-browser" className={buttonClass('primary', 'md')}>
          <Compass aria-hidden className="size-4" />
          <Trans>Browse gangs</Trans>
        </Link>
      }
    >
      <Trans>
        It may have disbanded, or the link may be broken. Every gang on the server is in the gang browser.
      </Trans>
    </NotFoundPanel>
  );
}
