// The end of a console's confirmation dialog (remove a webhook, revoke a credential, clear a
// member's two-factor): what went wrong, if it did, then Cancel and the action itself.
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { DialogClose } from '../../components/ui/dialog.tsx';

export function ConfirmActions({
  error,
  icon,
  label,
  pending,
  onConfirm,
}: {
  /** Why the last try failed, in the page's language; null when it did not. */
  error: string | null;
  icon: ReactNode;
  /** The action's button, as it reads now ("Removing…" while pending). */
  label: string;
  pending: boolean;
  onConfirm: () => void;
}) {
  return (
    <>
      {error !== null && (
        <Alert tone="error" className="mt-4">
          {error}
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose className={buttonClass('ghost', 'md')}>
          <Trans>Cancel</Trans>
        </DialogClose>
        <button type="button" disabled={pending} onClick={onConfirm} className={buttonClass('danger', 'md')}>
          {icon}
          {label}
        </button>
      </div>
    </>
  );
}
