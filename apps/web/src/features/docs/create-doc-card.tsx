import { Trans } from '@lingui/react/macro';
import { slugify } from '@prison/shared/doc-text';
import type { Doc } from '@prison/shared/docs';
import { CircleAlert, CircleCheck, LoaderCircle, PenLine, Plus } from 'lucide-react';
import { type FormEvent, type RefObject, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useCreateDoc } from './api.ts';
import { DocAddress, DocFields, useDocDraft } from './doc-fields.tsx';

interface CreateDocCardProps {
  onCreated: (doc: Doc) => void;
  /** The title field, so the page can send a writer straight to it. */
  titleRef?: RefObject<HTMLInputElement | null>;
}

/** Spec 2.5 "Create Doc" card, for accounts that may write docs. */
export function CreateDocCard({ onCreated, titleRef }: CreateDocCardProps) {
  const draft = useDocDraft({ title: '', content: '' });
  const [created, setCreated] = useState<Doc | null>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const ownTitleRef = useRef<HTMLInputElement>(null);
  const titleInput = titleRef ?? ownTitleRef;
  const mutation = useCreateDoc();
  const busy = mutation.isPending;
  const slug = draft.title.trim() ? slugify(draft.title) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setCreated(null);
    mutation.reset();
    const { data, errors: found } = draft.check();
    if (found.title) return titleInput.current?.focus();
    if (!data) return contentRef.current?.focus();
    mutation.mutate(data, {
      onSuccess: (doc) => {
        draft.replace({ title: '', content: '' });
        setCreated(doc);
        onCreated(doc);
      },
    });
  }

  // Spec 8: "Failed to create doc."; a refusal the writer can act on (too long, no permission) says why.
  const error = mutation.error;
  const failure = mutation.isError
    ? (isHttpError(error) && error.status < 500 && errorText(error, '')) || null
    : undefined;
  const createdTitle = created?.title;
  const createdSlug = created?.slug;

  return (
    <section
      id="create-doc"
      aria-labelledby="create-doc-title"
      className="scroll-mt-24 overflow-hidden rounded-3xl border border-line bg-surface-raised shadow-card"
    >
      <header className="flex items-start gap-4 border-b border-line px-6 py-5 sm:px-8">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
          <PenLine aria-hidden className="size-5" />
        </span>
        <div>
          <h2 id="create-doc-title" className="font-display text-xl font-bold tracking-tight text-fg">
            <Trans>Create Doc</Trans>
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            <Trans>
              Write in Markdown; tables, task lists and plain HTML work too. Scripts and unsafe links are
              removed when the doc is shown.
            </Trans>
          </p>
        </div>
      </header>

      <form noValidate aria-busy={busy} onSubmit={submit}>
        <div className="space-y-6 px-6 py-6 sm:px-8">
          <DocFields
            {...draft.fields}
            titleHint={
              slug ? (
                <Trans comment="<0/> is the doc's address on the site, e.g. /docs/fishing-spots">
                  Its address will be <DocAddress slug={slug} /> (numbered if taken)
                </Trans>
              ) : (
                <Trans comment="<0/> is the doc's address on the site, not known yet while the title is empty">
                  Its address will be <DocAddress slug={slug} />
                </Trans>
              )
            }
            titleRef={titleInput}
            contentRef={contentRef}
            rows={10}
          />
        </div>

        <footer className="flex flex-col-reverse gap-3 border-t border-line bg-surface-sunken/50 px-6 py-4 sm:flex-row sm:items-center sm:justify-between sm:px-8">
          <div aria-live="polite" className="min-h-5 text-sm">
            {failure !== undefined ? (
              <p
                role="alert"
                className="flex items-start gap-1.5 font-medium text-rose-700 dark:text-rose-300"
              >
                <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <Trans>Failed to create doc.</Trans>
                  {failure && <span className="font-normal"> {failure}</span>}
                </span>
              </p>
            ) : created ? (
              <p className="flex items-start gap-1.5 font-medium text-emerald-700 dark:text-emerald-300">
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  <Trans>
                    Created “{createdTitle}” at{' '}
                    <code className="font-mono text-[13px]">/docs/{createdSlug}</code>.
                  </Trans>
                </span>
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'sm:min-w-36')}>
            {busy ? (
              <>
                <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                <Trans>Creating…</Trans>
              </>
            ) : (
              <>
                <Plus aria-hidden className="size-4" />
                <Trans comment="Button: creates the doc">Create</Trans>
              </>
            )}
          </button>
        </footer>
      </form>
    </section>
  );
}
