// The fields of a doc and their preview, shared by Create Doc and the editor of an existing doc, and
// the checks both run before sending (spec 5 Create Doc).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  createDocRequestSchema,
  DOC_CONTENT_MAX_BYTES,
  DOC_CONTENT_TOO_LARGE,
  DOC_TITLE_MAX_LENGTH,
  docContentBytes,
} from '@prison/shared/docs';
import { clsx } from 'clsx';
import { CircleAlert, Eye } from 'lucide-react';
import { type ReactNode, type RefObject, useDeferredValue, useId, useState } from 'react';
import { docAddress } from './doc-selection.ts';
import { LazyMarkdown } from './lazy-markdown.tsx';

/** A field's error: a message of the catalogue, or a rule's own (English) words it does not know. */
type FieldError = MessageDescriptor | string;

export type DocFieldErrors = Partial<Record<'title' | 'content', FieldError>>;

const maxLength = DOC_TITLE_MAX_LENGTH;

/** The words of the shared rules (docs.ts, doc-text.ts), each as the catalogue's message. */
const FIELD_ERRORS: Record<string, MessageDescriptor> = {
  'Enter a title': msg`Enter a title`,
  [`Keep the title to ${DOC_TITLE_MAX_LENGTH} characters or fewer`]: msg`Keep the title to ${maxLength} characters or fewer`,
  'The title must be a single line of text': msg`The title must be a single line of text`,
  'The title contains characters that cannot be stored': msg`The title contains characters that cannot be stored`,
  'Write the content': msg`Write the content`,
  'The content contains characters that cannot be stored': msg`The content contains characters that cannot be stored`,
  [DOC_CONTENT_TOO_LARGE]: msg`The content is too long: a doc can hold at most 100 KB of text.`,
};

const fieldError = (message: string): FieldError =>
  Object.hasOwn(FIELD_ERRORS, message) ? FIELD_ERRORS[message]! : message;

/** Spec 5: both required, both trimmed before sending; content past the size limit is refused here too. */
function checkDocFields(title: string, content: string) {
  const parsed = createDocRequestSchema.safeParse({ title, content });
  const errors: DocFieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as keyof DocFieldErrors;
    errors[field] ??= fieldError(issue.message);
  }
  if (parsed.success && docContentBytes(parsed.data.content) > DOC_CONTENT_MAX_BYTES) {
    errors.content = fieldError(DOC_CONTENT_TOO_LARGE);
  }
  return { data: errors.title || errors.content ? undefined : parsed.data, errors };
}

const fieldClass =
  'w-full rounded-xl border bg-surface px-4 text-base text-fg shadow-[inset_0_1px_2px_rgb(0_0_0/0.05)] ' +
  'transition-colors placeholder:text-fg-muted/70 hover:border-fg/30 focus-visible:border-amber-500 ' +
  'focus-visible:outline-offset-0';

/**
 * The title and content being written, and the error each field showed at the last check: typing in
 * a field clears its error. `fields` are DocFields' value props.
 */
export function useDocDraft(initial: { title: string; content: string }) {
  const [title, setTitle] = useState(initial.title);
  const [content, setContent] = useState(initial.content);
  const [errors, setErrors] = useState<DocFieldErrors>({});
  return {
    title,
    /** Checks the fields, showing what is wrong; `data` when both are fine. */
    check() {
      const checked = checkDocFields(title, content);
      setErrors(checked.errors);
      return checked;
    },
    /** Puts another text in place of the draft (after a save, or a reload), with no errors. */
    replace(next: { title: string; content: string }) {
      setTitle(next.title);
      setContent(next.content);
      setErrors({});
    },
    fields: {
      title,
      content,
      errors,
      onTitleChange(value: string) {
        setTitle(value);
        setErrors((e) => ({ ...e, title: undefined }));
      },
      onContentChange(value: string) {
        setContent(value);
        setErrors((e) => ({ ...e, content: undefined }));
      },
    },
  };
}

interface DocFieldsProps {
  title: string;
  content: string;
  onTitleChange: (title: string) => void;
  onContentChange: (content: string) => void;
  errors: DocFieldErrors;
  /** Under the title when it has no error: where the doc lives. */
  titleHint: ReactNode;
  titleRef: RefObject<HTMLInputElement | null>;
  contentRef: RefObject<HTMLTextAreaElement | null>;
  rows: number;
}

/** Title, "Markdown content" and, once the content is not blank, its rendered preview. */
export function DocFields({
  title,
  content,
  onTitleChange,
  onContentChange,
  errors,
  titleHint,
  titleRef,
  contentRef,
  rows,
}: DocFieldsProps) {
  const { t } = useLingui();
  const ids = { title: useId(), content: useId(), titleHint: useId() };
  const contentErrorId = `${ids.content}-error`;
  const preview = useDeferredValue(content);
  const shownError = (error: FieldError) => (typeof error === 'string' ? error : t(error));
  return (
    <>
      <div>
        <label htmlFor={ids.title} className="mb-2 block text-sm font-semibold text-fg">
          <Trans comment="Label: the doc's title field">Title</Trans>
        </label>
        <input
          ref={titleRef}
          id={ids.title}
          name="title"
          type="text"
          required
          value={title}
          onChange={(event) => onTitleChange(event.target.value)}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={ids.titleHint}
          placeholder={t`e.g. Surviving your first week`}
          className={clsx(fieldClass, 'h-12', errors.title ? 'border-rose-500' : 'border-line-strong')}
        />
        <p id={ids.titleHint} className="mt-2 text-sm">
          {errors.title ? (
            <span className="flex items-center gap-1.5 font-medium text-rose-700 dark:text-rose-300">
              <CircleAlert aria-hidden className="size-4" />
              {shownError(errors.title)}
            </span>
          ) : (
            <span className="text-fg-muted">{titleHint}</span>
          )}
        </p>
      </div>

      <div>
        <label htmlFor={ids.content} className="mb-2 block text-sm font-semibold text-fg">
          <Trans>Markdown content</Trans>
        </label>
        <textarea
          ref={contentRef}
          id={ids.content}
          name="content"
          required
          rows={rows}
          value={content}
          onChange={(event) => onContentChange(event.target.value)}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={errors.content ? contentErrorId : undefined}
          placeholder={t`## A heading\n\nSome **bold** text, a [link](/docs) and a list:\n\n- first\n- second`}
          spellCheck
          className={clsx(
            fieldClass,
            'min-h-48 resize-y py-3 font-mono text-sm leading-6',
            errors.content ? 'border-rose-500' : 'border-line-strong',
          )}
        />
        {errors.content && (
          <p
            id={contentErrorId}
            className="mt-2 flex items-center gap-1.5 text-sm font-medium text-rose-700 dark:text-rose-300"
          >
            <CircleAlert aria-hidden className="size-4" />
            {shownError(errors.content)}
          </p>
        )}
      </div>

      {preview.trim() && (
        <div>
          <h3 className="flex items-center gap-2 text-sm font-semibold tracking-wide text-fg-muted uppercase">
            <Eye aria-hidden className="size-4" />
            <Trans comment="Heading: the rendered Markdown being written">Preview</Trans>
          </h3>
          <div className="mt-3 rounded-2xl border border-dashed border-line-strong bg-surface px-5 py-5 sm:px-6">
            <LazyMarkdown content={preview} />
          </div>
        </div>
      )}
    </>
  );
}

/** The address line under the title: the slug a title will get, or the one a doc keeps. */
export function DocAddress({ slug }: { slug: string | null }) {
  return <code className="font-mono text-[13px] text-fg">{docAddress(slug ?? '…')}</code>;
}
