import {
  type CreateDocRequest,
  createDocRequestSchema,
  DOC_CONTENT_MAX_BYTES,
  DOC_CONTENT_TOO_LARGE,
  type Doc,
  docContentBytes,
  slugify,
} from '@prison/shared/docs';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, Eye, LoaderCircle, PenLine, Plus } from 'lucide-react';
import { type FormEvent, type RefObject, useDeferredValue, useId, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { isHttpError } from '../../lib/api.ts';
import { useCreateDoc } from './api.ts';
import { LazyMarkdown } from './lazy-markdown.tsx';

const CREATE_FAILED = 'Failed to create doc.';

type FieldErrors = Partial<Record<keyof CreateDocRequest, string>>;

const fieldClass =
  'w-full rounded-xl border bg-surface px-4 text-base text-fg shadow-[inset_0_1px_2px_rgb(0_0_0/0.05)] ' +
  'transition-colors placeholder:text-fg-muted/70 hover:border-fg/30 focus-visible:border-amber-500 ' +
  'focus-visible:outline-offset-0';

interface CreateDocCardProps {
  onCreated: (doc: Doc) => void;
  /** The title field, so the page can send a writer straight to it. */
  titleRef?: RefObject<HTMLInputElement | null>;
}

/** Spec 2.5 "Create Doc" card, for accounts that may write docs. */
export function CreateDocCard({ onCreated, titleRef }: CreateDocCardProps) {
  const ids = { title: useId(), content: useId(), titleHint: useId() };
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [created, setCreated] = useState<Doc | null>(null);
  const contentRef = useRef<HTMLTextAreaElement>(null);
  const ownTitleRef = useRef<HTMLInputElement>(null);
  const titleInput = titleRef ?? ownTitleRef;
  const mutation = useCreateDoc();
  const busy = mutation.isPending;
  const preview = useDeferredValue(content);
  const slug = title.trim() ? slugify(title) : null;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setCreated(null);
    mutation.reset();
    // Spec 5: both required, both trimmed before sending.
    const parsed = createDocRequestSchema.safeParse({ title, content });
    const found: FieldErrors = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as keyof FieldErrors;
      found[field] ??= issue.message;
    }
    if (parsed.success && docContentBytes(parsed.data.content) > DOC_CONTENT_MAX_BYTES) {
      found.content = DOC_CONTENT_TOO_LARGE;
    }
    setErrors(found);
    if (found.title) return titleInput.current?.focus();
    if (found.content || !parsed.success) return contentRef.current?.focus();
    mutation.mutate(parsed.data, {
      onSuccess: (doc) => {
        setTitle('');
        setContent('');
        setCreated(doc);
        onCreated(doc);
      },
    });
  }

  // Spec 8: "Failed to create doc."; a refusal the writer can act on (too long, no permission) says why.
  const error = mutation.error;
  const failure = mutation.isError
    ? isHttpError(error) && error.status < 500 && error.detail
      ? error.detail
      : null
    : undefined;

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
            Create Doc
          </h2>
          <p className="mt-1 text-sm text-fg-muted">
            Write in Markdown; tables, task lists and plain HTML work too. Scripts and unsafe links are
            removed when the doc is shown.
          </p>
        </div>
      </header>

      <form noValidate aria-busy={busy} onSubmit={submit}>
        <div className="space-y-6 px-6 py-6 sm:px-8">
          <div>
            <label htmlFor={ids.title} className="mb-2 block text-sm font-semibold text-fg">
              Title
            </label>
            <input
              ref={titleInput}
              id={ids.title}
              name="title"
              type="text"
              required
              value={title}
              onChange={(event) => {
                setTitle(event.target.value);
                setErrors((e) => ({ ...e, title: undefined }));
              }}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={ids.titleHint}
              placeholder="e.g. Surviving your first week"
              className={clsx(fieldClass, 'h-12', errors.title ? 'border-rose-500' : 'border-line-strong')}
            />
            <p id={ids.titleHint} className="mt-2 text-sm">
              {errors.title ? (
                <span className="flex items-center gap-1.5 font-medium text-rose-700 dark:text-rose-300">
                  <CircleAlert aria-hidden className="size-4" />
                  {errors.title}
                </span>
              ) : (
                <span className="text-fg-muted">
                  Its address will be{' '}
                  <code className="font-mono text-[13px] text-fg">/docs/{slug ?? '…'}</code>
                  {slug && ' (numbered if taken)'}
                </span>
              )}
            </p>
          </div>

          <div>
            <label htmlFor={ids.content} className="mb-2 block text-sm font-semibold text-fg">
              Markdown content
            </label>
            <textarea
              ref={contentRef}
              id={ids.content}
              name="content"
              required
              rows={10}
              value={content}
              onChange={(event) => {
                setContent(event.target.value);
                setErrors((e) => ({ ...e, content: undefined }));
              }}
              aria-invalid={errors.content ? true : undefined}
              aria-describedby={errors.content ? `${ids.content}-error` : undefined}
              placeholder={
                '## A heading\n\nSome **bold** text, a [link](/docs) and a list:\n\n- first\n- second'
              }
              spellCheck
              className={clsx(
                fieldClass,
                'min-h-48 resize-y py-3 font-mono text-sm leading-6',
                errors.content ? 'border-rose-500' : 'border-line-strong',
              )}
            />
            {errors.content && (
              <p
                id={`${ids.content}-error`}
                className="mt-2 flex items-center gap-1.5 text-sm font-medium text-rose-700 dark:text-rose-300"
              >
                <CircleAlert aria-hidden className="size-4" />
                {errors.content}
              </p>
            )}
          </div>

          {preview.trim() && (
            <div>
              <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-fg-muted uppercase">
                <Eye aria-hidden className="size-4" />
                Preview
              </h3>
              <div className="mt-3 rounded-2xl border border-dashed border-line-strong bg-surface px-5 py-5 sm:px-6">
                <LazyMarkdown content={preview} />
              </div>
            </div>
          )}
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
                  {CREATE_FAILED}
                  {failure && <span className="font-normal"> {failure}</span>}
                </span>
              </p>
            ) : created ? (
              <p className="flex items-start gap-1.5 font-medium text-emerald-700 dark:text-emerald-300">
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                <span>
                  Created “{created.title}” at{' '}
                  <code className="font-mono text-[13px]">/docs/{created.slug}</code>.
                </span>
              </p>
            ) : null}
          </div>
          <button type="submit" disabled={busy} className={buttonClass('primary', 'md', 'sm:min-w-36')}>
            {busy ? (
              <>
                <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                Creating…
              </>
            ) : (
              <>
                <Plus aria-hidden className="size-4" />
                Create
              </>
            )}
          </button>
        </footer>
      </form>
    </section>
  );
}
