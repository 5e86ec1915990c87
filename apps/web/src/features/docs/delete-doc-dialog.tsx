import { Trans, useLingui } from '@lingui/react/macro';
import type { Doc } from '@prison/shared/docs';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useDeleteDoc } from './api.ts';

/** Asks before deleting a doc; a deleted doc leaves the list, and staff can restore it. */
export function DeleteDocDialog({
  doc,
  onClose,
  onDeleted,
}: {
  doc: Doc | null;
  onClose: () => void;
  onDeleted: (doc: Doc) => void;
}) {
  const { t } = useLingui();
  const mutation = useDeleteDoc();
  const error = mutation.error;
  // The reason, when the writer can act on it.
  const reason = isHttpError(error) && error.status < 500 ? errorText(error, '') : '';
  const title = doc?.title;
  return (
    <Dialog
      open={doc !== null}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      title={t`Delete this doc?`}
      description={
        doc && (
          <Trans>
            “{title}” leaves the docs list for everyone at once. Staff can restore it from Deleted docs, with
            its history.
          </Trans>
        )
      }
    >
      {mutation.isError && (
        <Alert tone="error" className="mt-5">
          <Trans>Failed to delete the doc.</Trans>
          {reason && ` ${reason}`}
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass('secondary')}>
          <Trans>Cancel</Trans>
        </DialogClose>
        <button
          type="button"
          disabled={mutation.isPending}
          onClick={() => doc && mutation.mutate(doc.slug, { onSuccess: () => onDeleted(doc) })}
          className={buttonClass('danger')}
        >
          {mutation.isPending ? (
            <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
          ) : (
            <Trash2 aria-hidden className="size-4" />
          )}
          {mutation.isPending ? <Trans>Deleting…</Trans> : <Trans>Delete doc</Trans>}
        </button>
      </div>
    </Dialog>
  );
}
