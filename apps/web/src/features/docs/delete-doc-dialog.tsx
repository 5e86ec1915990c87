import type { Doc } from '@prison/shared/docs';
import { LoaderCircle, Trash2 } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { isHttpError } from '../../lib/api.ts';
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
  const mutation = useDeleteDoc();
  const error = mutation.error;
  return (
    <Dialog
      open={doc !== null}
      onClose={() => {
        mutation.reset();
        onClose();
      }}
      title="Delete this doc?"
      description={
        doc && (
          <>
            “{doc.title}” leaves the docs list for everyone at once. Staff can restore it from Deleted docs,
            with its history.
          </>
        )
      }
    >
      {mutation.isError && (
        <Alert tone="error" className="mt-5">
          Failed to delete the doc.
          {isHttpError(error) && error.status < 500 && error.detail && ` ${error.detail}`}
        </Alert>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <DialogClose type="button" className={buttonClass('secondary')}>
          Cancel
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
          {mutation.isPending ? 'Deleting…' : 'Delete doc'}
        </button>
      </div>
    </Dialog>
  );
}
