import { Trans, useLingui } from '@lingui/react/macro';
import type { DeletedDoc, Doc } from '@prison/shared/docs';
import { ArchiveRestore, LoaderCircle, Trash2 } from 'lucide-react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { useRestoreDoc } from './api.ts';

/** Staff's list of deleted docs, each with Restore; shown while there are any. */
export function DeletedDocs({ docs, onRestored }: { docs: DeletedDoc[]; onRestored: (doc: Doc) => void }) {
  const { t } = useLingui();
  const mutation = useRestoreDoc();
  const error = mutation.error;
  // The reason, when the writer can act on it.
  const reason = isHttpError(error) && error.status < 500 ? errorText(error, '') : '';
  if (docs.length === 0) return null;
  return (
    <section
      aria-labelledby="deleted-docs-title"
      className="overflow-hidden rounded-3xl border border-line bg-surface-raised shadow-card"
    >
      <header className="flex items-start gap-4 border-b border-line px-6 py-5 sm:px-8">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-rose-500/10 text-rose-700 ring-1 ring-rose-500/25 dark:text-rose-300">
          <Trash2 aria-hidden className="size-5" />
        </span>
        <div>
          <h2 id="deleted-docs-title" className="font-display text-xl font-bold tracking-tight text-fg">
            <Trans>Deleted docs</Trans>
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            <Trans>
              Only staff see these. Restoring one puts it back in the list as it was, at the same address.
            </Trans>
          </p>
        </div>
      </header>
      {mutation.isError && (
        <Alert tone="error" className="mx-6 mt-5 sm:mx-8">
          <Trans>Failed to restore the doc.</Trans>
          {reason && ` ${reason}`}
        </Alert>
      )}
      <ul className="divide-y divide-line">
        {docs.map((doc) => {
          const restoring = mutation.isPending && mutation.variables === doc.slug;
          const title = doc.title;
          const slug = doc.slug;
          const deleted = formatTimestamp(doc.deleted_at);
          return (
            <li
              key={doc.slug}
              className="flex flex-col gap-3 px-6 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8"
            >
              <div className="min-w-0">
                <p className="font-semibold text-fg [overflow-wrap:anywhere]">{doc.title}</p>
                <p className="mt-0.5 text-sm text-fg-muted">
                  <Trans comment="Where a deleted doc lived, and when it was deleted">
                    <span className="font-mono text-xs">/{slug}</span> · deleted {deleted}
                  </Trans>
                </p>
              </div>
              <button
                type="button"
                disabled={mutation.isPending}
                onClick={() => mutation.mutate(doc.slug, { onSuccess: onRestored })}
                aria-label={t`Restore ${title}`}
                className={buttonClass('secondary', 'sm', 'shrink-0 self-start sm:self-auto')}
              >
                {restoring ? (
                  <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                ) : (
                  <ArchiveRestore aria-hidden className="size-4" />
                )}
                <Trans comment="Button: restores a deleted doc">Restore</Trans>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
