import { Trans, useLingui } from '@lingui/react/macro';
import { Compass, Home } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../components/ui/button.tsx';
import { NotFoundPanel } from '../components/ui/not-found-panel.tsx';

export function NotFoundPage() {
  const { t } = useLingui();
  return (
    <NotFoundPanel
      title={t`Page not found`}
      icon={Compass}
      heading={t`We couldn't find that page.`}
      actions={
        <Link to="/" className={buttonClass('primary', 'md')}>
          <Home aria-hidden className="size-4" />
          <Trans>Go home</Trans>
        </Link>
      }
    >
      <Trans>The link may be broken, or the page may have moved to another cell block.</Trans>
    </NotFoundPanel>
  );
}
