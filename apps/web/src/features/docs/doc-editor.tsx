import { Trans, useLingui } from '@lingui/react/macro';
import type { Doc } from '@prison/shared/docs';
import { clsx } from 'clsx';
import { CircleAlert, LoaderCircle, RotateCw, Save } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useEditDoc, useReloadDoc } from './api.ts';
import { DocCardHeader } from './doc-card-header.tsx';
import { DocAddress, DocFields, useDocDraft } from './doc-fields.tsx';
import { docCardClass } from './doc-reader.tsx';

/**
 * Editing a doc's title and content in its card, with the same fields and preview as Create Doc. The
 * edit is made over the revision it opened; a save over an older one than the current (409) offers
 * to reload the doc, as does a newer revision arriving while the writer types.
 */
export function DocEditor({ doc, onClose }: { doc: Doc; onClose: (saved: Doc | null) => void }) {
  const { t } = useLingui();
  const draft = useDocDraft(doc);
  const [revision, setRevision] = useState(doc.revision);
  const [reloading, setReloading] = useState(false);
  const [reloadFailed, setReloadFailed] = useState<string | null>(null);
  const titleRef = useRef<HTMLInputElement>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  const mutation = useEditDoc();
  const reloadDoc = useReloadDoc();
  const busy = mutation.isPending;

  useEffect(() => titleRef.current?.focus(), []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    mutation.reset();
    const { data, errors: found } = draft.check();
    if (found.title) return titleRef.current?.focus();
    if (!data) return contentRef.current?.focus();
    mutation.mutate({ slug: doc.slug, ...data, revision }, { onSuccess: onClose });
  }

  /** Loads the doc as it is now in place of the draft. */
  async function reload() {
    setReloading(true);
    setReloadFailed(null);
    try {
      const current = await reloadDoc(doc.slug);
      if (!current) return setReloadFailed(t`This doc has been deleted meanwhile.`);
      draft.replace(current);
      setRevision(current.revision);
      mutation.reset();
      contentRef.current?.focus();
    } catch {
      setReloadFailed(t`The doc could not be loaded. Please try again.`);
    } finally {
      setReloading(false);
    }
  }

  const error = mutation.error;
  const conflict =
    isHttpError(error) && error.status === 409
      ? errorText(error, t`Someone changed this doc since you opened it. Reload it to see their changes.`)
      : undefined;
  // Spec 8's wording for a create, for a save: the reason when the writer can act on it.
  const failure =
    mutation.isError && !conflict
      ? (isHttpError(error) && error.status < 500 && errorText(error, '')) || null
      : undefined;
  // The list is live: a save by someone else shows here before this one is tried.
  const overtaken = !conflict && doc.revision > revision;
  const alertTone = conflict ? 'error' : 'warning';

  // A refused save brings its way out into view, under the writer's hand.
  useEffect(() => {
    if (conflict) reloadRef.current?.focus();
  }, [conflict]);

  const title = doc.title;
  return (
    <section aria-labelledby="doc-editor-title" className={clsx(docCardClass, 'overflow-hidden')}>
      <DocCardHeader
        slug={doc.slug}
        titleId="doc-editor-title"
        title={t`Edit “${title}”`}
        note={t`Editing revision ${revision}`}
      />
      <form noValidate aria-busy={busy} onSubmit={submit}>
        <div className="space-y-6 px-6 py-6 sm:px-10">
          <DocFields
            {...draft.fields}
            titleHint={
              <Trans comment="<0/> is the doc's address on the site, e.g. /docs/rules">
                Its address stays <DocAddress slug={doc.slug} />, so links to it keep working.
              </Trans>
            }
            titleRef={titleRef}
            contentRef={contentRef}
            rows={16}
          />
        </div>

        <footer className="border-t border-line bg-surface-sunken/50 px-6 py-4 sm:px-10">
          {/* Next to Save, where the writer is when a save is refused. */}
          {(conflict || overtaken) && (
            <Alert tone={alertTone} className="mb-4">
              <p className={clsx(conflict && 'font-semibold')}>
                {conflict ?? (
                  <Trans>
                    Someone saved this doc after you opened it. Saving now would be refused: reload it first.
                  </Trans>
                )}
              </p>
              <p className="mt-1">
                <Trans>Reloading puts the saved version in place of your changes.</Trans>
              </p>
              <button
                ref={reloadRef}
                type="button"
                onClick={reload}
                disabled={reloading}
                className={buttonClass('secondary', 'sm', 'mt-3')}
              >
                <RotateCw aria-hidden className={clsx('size-4', reloading && 'motion-safe:animate-spin')} />
                <Trans comment="Button: loads the doc as it is now, in place of the changes">Reload</Trans>
              </button>
              {reloadFailed && <p className="mt-2 font-semibold">{reloadFailed}</p>}
            </Alert>
          )}
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-between">
            <div aria-live="polite" className="min-h-5 text-sm">
              {failure !== undefined && (
                <p
                  role="alert"
                  className="flex items-start gap-1.5 font-medium text-rose-700 dark:text-rose-300"
                >
                  <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  <span>
                    <Trans>Failed to save doc.</Trans>
                    {failure && <span className="font-normal"> {failure}</span>}
                  </span>
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <button type="button" onClick={() => onClose(null)} className={buttonClass('secondary')}>
                <Trans comment="Button: leaves the editor without saving">Cancel</Trans>
              </button>
              <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'sm:min-w-40')}>
                {busy ? (
                  <>
                    <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                    <Trans>Saving…</Trans>
                  </>
                ) : (
                  <>
                    <Save aria-hidden className="size-4" />
                    <Trans>Save changes</Trans>
                  </>
                )}
              </button>
            </div>
          </div>
        </footer>
      </form>
    </section>
  );
}
