import type { Doc } from '@prison/shared/docs';
import { CircleAlert, LoaderCircle, RotateCw, Save } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { isHttpError } from '../../lib/api.ts';
import { useEditDoc, useReloadDoc } from './api.ts';
import { DocCardHeader } from './doc-card-header.tsx';
import { DocAddress, DocFields, useDocDraft } from './doc-fields.tsx';
import { docCardClass } from './doc-reader.tsx';

const SAVE_FAILED = 'Failed to save doc.';
const GONE = 'This doc has been deleted meanwhile.';

/**
 * Editing a doc's title and content in its card, with the same fields and preview as Create Doc. The
 * edit is made over the revision it opened; a save over an older one than the current (409) offers
 * to reload the doc, as does a newer revision arriving while the writer types.
 */
export function DocEditor({ doc, onClose }: { doc: Doc; onClose: (saved: Doc | null) => void }) {
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
      if (!current) return setReloadFailed(GONE);
      draft.replace(current);
      setRevision(current.revision);
      mutation.reset();
      contentRef.current?.focus();
    } catch {
      setReloadFailed('The doc could not be loaded. Please try again.');
    } finally {
      setReloading(false);
    }
  }

  const error = mutation.error;
  const conflict = isHttpError(error) && error.status === 409 ? error.detail : undefined;
  // Spec 8's wording for a create, for a save: the reason when the writer can act on it.
  const failure =
    mutation.isError && !conflict
      ? isHttpError(error) && error.status < 500 && error.detail
        ? error.detail
        : null
      : undefined;
  // The list is live: a save by someone else shows here before this one is tried.
  const overtaken = !conflict && doc.revision > revision;

  // A refused save brings its way out into view, under the writer's hand.
  useEffect(() => {
    if (conflict) reloadRef.current?.focus();
  }, [conflict]);

  return (
    <section aria-labelledby="doc-editor-title" className={`${docCardClass} overflow-hidden`}>
      <DocCardHeader
        slug={doc.slug}
        titleId="doc-editor-title"
        title={`Edit “${doc.title}”`}
        note={`Editing revision ${revision}`}
      />
      <form noValidate aria-busy={busy} onSubmit={submit}>
        <div className="space-y-6 px-6 py-6 sm:px-10">
          <DocFields
            {...draft.fields}
            titleHint={
              <>
                Its address stays <DocAddress slug={doc.slug} />, so links to it keep working.
              </>
            }
            titleRef={titleRef}
            contentRef={contentRef}
            rows={16}
          />
        </div>

        <footer className="border-t border-line bg-surface-sunken/50 px-6 py-4 sm:px-10">
          {/* Next to Save, where the writer is when a save is refused. */}
          {(conflict || overtaken) && (
            <Alert tone={conflict ? 'error' : 'warning'} className="mb-4">
              <p className={conflict ? 'font-semibold' : undefined}>
                {conflict ??
                  'Someone saved this doc after you opened it. Saving now would be refused: reload it first.'}
              </p>
              <p className="mt-1">Reloading puts the saved version in place of your changes.</p>
              <button
                ref={reloadRef}
                type="button"
                onClick={reload}
                disabled={reloading}
                className={buttonClass('secondary', 'sm', 'mt-3')}
              >
                <RotateCw aria-hidden className={reloading ? 'size-4 motion-safe:animate-spin' : 'size-4'} />
                Reload
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
                    {SAVE_FAILED}
                    {failure && <span className="font-normal"> {failure}</span>}
                  </span>
                </p>
              )}
            </div>
            <div className="flex flex-col-reverse gap-3 sm:flex-row">
              <button type="button" onClick={() => onClose(null)} className={buttonClass('secondary')}>
                Cancel
              </button>
              <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'sm:min-w-40')}>
                {busy ? (
                  <>
                    <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                    Saving…
                  </>
                ) : (
                  <>
                    <Save aria-hidden className="size-4" />
                    Save changes
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
