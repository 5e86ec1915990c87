import { Trans, useLingui } from '@lingui/react/macro';
import { FileQuestion, ScrollText } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClass } from '../../components/ui/button.tsx';
import { NotFoundPanel } from '../../components/ui/not-found-panel.tsx';

/** An id no public punishment has: the list holds every one there is. */
export function PunishmentNotFound() {
  const { t } = useLingui();
  return (
    <NotFoundPanel
      title={t`Punishment not found`}
      icon={FileQuestion}
      heading={t`We couldn't find that punishment.`}
      actions={
        <Link to="/punishments" className={buttonClass('primary', 'md')}>
          <ScrollText aria-hidden className="size-4" />
          <Trans>Browse punishments</Trans>
        </Link>
      }
    >
      <Trans>
        The link may be broken, or the punishment was never made public. Every public ban, mute, warning and
        kick is in the list.
      </Trans>
    </NotFoundPanel>
  );
}
