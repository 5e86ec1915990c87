import { msg, plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { Doc, DocRevision } from '@prison/shared/docs';
import { clsx } from 'clsx';
import { ArrowLeft, CircleCheck, History, LoaderCircle, RotateCcw, RotateCw } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { LoadError } from '../../components/ui/load-error.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { translate } from '../../lib/i18n.ts';
import { formatTenths } from '../../lib/money.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { useDocHistory, useDocRevision, useReloadDoc, useRestoreRevision } from './api.ts';
import { DocCardHeader } from './doc-card-header.tsx';
import { docCardClass } from './doc-reader.tsx';
import { type DiffLine, diffLines, withContext } from './line-diff.ts';

/** A revision's size as a reader says it: 512 B, 2.4 KB, 1.2 MB. */
export function formatBytes(bytes: number): string {
  // Ungrouped below a kilobyte ("1023 B"); a doc holds at most 100 KB, so the tenths never group either.
  if (bytes < 1024) {
    const size = String(bytes);
    return translate(msg`${size} B`);
  }
  if (bytes < 1024 * 1024) {
    const size = formatTenths(bytes / 1024);
    return translate(msg`${size} KB`);
  }
  const size = formatTenths(bytes / (1024 * 1024));
  return translate(msg`${size} MB`);
}

/**
 * A doc's history in its card: every revision (who saved it, when, how big), what changed from the
 * chosen one to the current text, and restoring it as a new revision.
 */
export function DocHistory({ doc, onClose }: { doc: Doc; onClose: () => void }) {
  const { t } = useLingui();
  const history = useDocHistory(doc.slug);
  const revisions = history.data;
  const [chosen, setChosen] = useState<number | null>(null);
  const [restored, setRestored] = useState<{ from: number; to: number } | null>(null);
  // At first, the revision before the current one: what the last save changed.
  const selected =
    chosen ?? revisions?.find((r) => r.revision < doc.revision)?.revision ?? revisions?.[0]?.revision ?? null;

  const title = doc.title;
  const count = revisions?.length ?? 0;
  const current = doc.revision;
  const restoredFrom = restored?.from;
  const restoredTo = restored?.to;

  return (
    <section aria-labelledby="doc-history-title" className={clsx(docCardClass, 'overflow-hidden')}>
      <DocCardHeader
        slug={doc.slug}
        titleId="doc-history-title"
        title={t`History of “${title}”`}
        note={
          revisions
            ? t`${plural(count, {
                one: `${count} revision, the current one is revision ${current}`,
                other: `${count} revisions, the current one is revision ${current}`,
              })}`
            : t`Loading revisions…`
        }
        action={
          <button type="button" onClick={onClose} className={buttonClass('secondary', 'sm')}>
            <ArrowLeft aria-hidden className="size-4" />
            <Trans>Back to doc</Trans>
          </button>
        }
      />
      {history.isError ? (
        <div className="px-6 py-8 sm:px-10">
          <LoadError
            message={t`The history could not be loaded.`}
            onRetry={() => void history.refetch()}
            retrying={history.isFetching}
          />
        </div>
      ) : (
        <div className="grid lg:grid-cols-[17rem_minmax(0,1fr)]">
          <RevisionList
            revisions={revisions}
            current={doc.revision}
            selected={selected}
            onSelect={(revision) => {
              setChosen(revision);
              setRestored(null);
            }}
          />
          <div className="min-w-0 px-5 py-6 sm:px-8 sm:py-8">
            {restored && (
              <p
                role="status"
                className="mb-6 flex items-start gap-2 rounded-xl border border-emerald-500/30 bg-emerald-500/10 px-4 py-3 text-sm font-medium text-emerald-800 dark:text-emerald-200"
              >
                <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0" />
                <Trans>
                  Revision {restoredFrom} is restored as revision {restoredTo}, the current text.
                </Trans>
              </p>
            )}
            {selected !== null && revisions && (
              <Comparison
                key={selected}
                doc={doc}
                revision={revisions.find((r) => r.revision === selected)!}
                onRestored={(from, to) => {
                  setChosen(null);
                  setRestored({ from, to });
                }}
              />
            )}
            {!revisions && <DiffPlaceholder />}
          </div>
        </div>
      )}
    </section>
  );
}

function RevisionList({
  revisions,
  current,
  selected,
  onSelect,
}: {
  revisions: DocRevision[] | undefined;
  current: number;
  selected: number | null;
  onSelect: (revision: number) => void;
}) {
  const { t } = useLingui();
  return (
    <div className="border-b border-line bg-surface-sunken/40 px-3 py-4 lg:border-r lg:border-b-0">
      <h3 className="flex items-center gap-2 px-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">
        <History aria-hidden className="size-4" />
        <Trans>Revisions</Trans>
      </h3>
      {!revisions ? (
        <div className="mt-3 space-y-2 px-1">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-16" />
          ))}
        </div>
      ) : (
        <ol className="mt-3 max-h-72 space-y-1 overflow-y-auto lg:max-h-[34rem]">
          {revisions.map((r) => {
            const revision = r.revision;
            const isSelected = revision === selected;
            return (
              <li key={r.revision}>
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => onSelect(r.revision)}
                  className={clsx(
                    'relative flex w-full flex-col gap-0.5 rounded-xl px-3 py-2.5 text-left transition-colors',
                    isSelected
                      ? 'bg-amber-400/[0.12] ring-1 ring-amber-500/25 ring-inset'
                      : 'hover:bg-fg/[0.05]',
                  )}
                >
                  {isSelected && (
                    <span
                      aria-hidden
                      className="absolute inset-y-2.5 left-0 w-[3px] rounded-full bg-amber-500"
                    />
                  )}
                  <span className="flex items-center justify-between gap-2">
                    <span className="text-[15px] font-semibold text-fg">
                      <Trans>Revision {revision}</Trans>
                    </span>
                    {r.revision === current && (
                      <span className="rounded-full bg-emerald-500/12 px-2 py-0.5 text-xs font-semibold text-emerald-800 dark:text-emerald-200">
                        <Trans comment="Badge: marks the revision that is the doc's current text">
                          Current
                        </Trans>
                      </span>
                    )}
                  </span>
                  <span className="truncate text-xs text-fg-muted">{r.author ?? t`Unknown author`}</span>
                  <span className="text-xs text-fg-muted tabular-nums">
                    {formatTimestamp(r.created_at)} · {formatBytes(r.bytes)}
                  </span>
                </button>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}

function DiffPlaceholder() {
  return (
    <div aria-hidden className="space-y-3">
      <Skeleton className="h-6 w-1/2" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="mt-5 h-56" />
    </div>
  );
}

/** What changed from `revision` to the current text, and the way to bring it back. */
function Comparison({
  doc,
  revision,
  onRestored,
}: {
  doc: Doc;
  revision: DocRevision;
  onRestored: (from: number, to: number) => void;
}) {
  const { t } = useLingui();
  const text = useDocRevision(doc.slug, revision.revision);
  const restore = useRestoreRevision();
  const reloadDoc = useReloadDoc();
  const lines = useMemo(
    () => (text.data ? diffLines(text.data.content, doc.content) : null),
    [text.data, doc],
  );
  const isCurrent = revision.revision === doc.revision;
  const number = revision.revision;

  if (isCurrent) {
    return (
      <div className="flex flex-col items-start gap-2">
        <h3 className="font-display text-lg font-bold text-fg">
          <Trans>Revision {number} is the current text</Trans>
        </h3>
        <p className="text-sm text-fg-muted">
          {doc.revision === 1 ? (
            <Trans>This doc has not been edited since it was created: there is nothing to compare yet.</Trans>
          ) : (
            <Trans>Pick an older revision to see what changed since, and to restore it.</Trans>
          )}
        </p>
      </div>
    );
  }
  if (text.isError) {
    return <LoadError message={t`This revision could not be loaded.`} onRetry={() => void text.refetch()} />;
  }
  if (!lines || !text.data) return <DiffPlaceholder />;

  const added = lines.filter((l) => l.kind === 'added').length;
  const removed = lines.filter((l) => l.kind === 'removed').length;
  const error = restore.error;
  const conflict =
    isHttpError(error) && error.status === 409
      ? errorText(error, t`Someone changed this doc since you opened it. Reload it to see their changes.`)
      : undefined;
  // The reason, when the writer can act on it.
  const reason = isHttpError(error) && error.status < 500 ? errorText(error, '') : '';
  const oldTitle = text.data.title;
  const newTitle = doc.title;

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-display text-lg font-bold text-fg">
            <Trans>Revision {number} → current text</Trans>
          </h3>
          <p className="mt-1 text-sm text-fg-muted">
            <Trans>Lines in red are in revision {number} only; lines in green were added since.</Trans>
          </p>
        </div>
        <p className="flex shrink-0 gap-2 text-sm font-semibold tabular-nums">
          <span className="rounded-lg bg-emerald-500/12 px-2 py-0.5 text-emerald-800 dark:text-emerald-200">
            +{added}
            <span className="sr-only">
              {' '}
              <Plural
                comment="Screen readers: follows the count of added lines, shown as +3"
                value={added}
                one="line added"
                other="lines added"
              />
            </span>
          </span>
          <span className="rounded-lg bg-rose-500/12 px-2 py-0.5 text-rose-800 dark:text-rose-200">
            −{removed}
            <span className="sr-only">
              {' '}
              <Plural
                comment="Screen readers: follows the count of removed lines, shown as −3"
                value={removed}
                one="line removed"
                other="lines removed"
              />
            </span>
          </span>
        </p>
      </div>

      {text.data.title !== doc.title && (
        <p className="mt-4 text-sm text-fg [overflow-wrap:anywhere]">
          <Trans comment="The doc's title changed from the old one (struck out) to the current one">
            <span className="font-semibold">Title:</span>{' '}
            <del className="rounded bg-rose-500/12 px-1 text-rose-900 dark:text-rose-100">{oldTitle}</del> →{' '}
            <ins className="rounded bg-emerald-500/12 px-1 text-emerald-900 no-underline dark:text-emerald-100">
              {newTitle}
            </ins>
          </Trans>
        </p>
      )}

      <DiffView lines={lines} />

      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <button
          type="button"
          disabled={restore.isPending}
          onClick={() =>
            restore.mutate(
              { slug: doc.slug, from: revision.revision, revision: doc.revision },
              {
                onSuccess: (saved) => onRestored(revision.revision, saved.revision),
              },
            )
          }
          className={buttonClass('primary', 'md', 'sm:w-auto')}
        >
          {restore.isPending ? (
            <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
          ) : (
            <RotateCcw aria-hidden className="size-4" />
          )}
          <Trans>Restore revision {number}</Trans>
        </button>
        <p className="text-sm text-fg-muted">
          <Trans>Its text becomes a new revision; no revision is lost.</Trans>
        </p>
      </div>

      {restore.isError && (
        <Alert tone="error" className="mt-4">
          <p className="font-semibold">
            {conflict ?? (
              <>
                <Trans>Failed to restore the revision.</Trans>
                {reason && ` ${reason}`}
              </>
            )}
          </p>
          {conflict && (
            <button
              type="button"
              onClick={() => {
                restore.reset();
                void reloadDoc(doc.slug);
              }}
              className={buttonClass('secondary', 'sm', 'mt-3')}
            >
              <RotateCw aria-hidden className="size-4" />
              <Trans comment="Button: loads the doc as it is now">Reload</Trans>
            </button>
          )}
        </Alert>
      )}
    </div>
  );
}

function DiffView({ lines }: { lines: DiffLine[] }) {
  const parts = withContext(lines);
  if (parts.length === 0) {
    return (
      <p className="mt-4 text-sm text-fg-muted">
        <Trans>Both texts are empty.</Trans>
      </p>
    );
  }
  return (
    <div className="mt-4 overflow-hidden rounded-2xl border border-line bg-surface font-mono text-[13px] leading-6">
      {lines.every((l) => l.kind === 'same') && (
        <p className="border-b border-line px-4 py-2 font-sans text-sm text-fg-muted">
          <Trans>The text is the same; only the title differs.</Trans>
        </p>
      )}
      {parts.map((part, index) =>
        part.kind === 'skipped' ? (
          <p
            key={index}
            className="border-y border-line bg-fg/[0.03] px-4 py-1 font-sans text-xs text-fg-muted first:border-t-0 last:border-b-0"
          >
            <SkippedLines count={part.count} />
          </p>
        ) : (
          <div key={index}>
            {part.lines.map((line, n) => (
              <DiffRow key={n} line={line} />
            ))}
          </div>
        ),
      )}
    </div>
  );
}

/** Unchanged lines the diff leaves out, counted (the number as written before: not grouped). */
function SkippedLines({ count }: { count: number }) {
  const skipped = count;
  return <Plural value={skipped} one={`${skipped} unchanged line`} other={`${skipped} unchanged lines`} />;
}

const ROW_LOOK = {
  same: { mark: ' ', row: '', tone: 'text-fg/85' },
  added: { mark: '+', row: 'bg-emerald-500/10', tone: 'text-emerald-900 dark:text-emerald-100' },
  removed: { mark: '−', row: 'bg-rose-500/10', tone: 'text-rose-900 dark:text-rose-100' },
} as const;

/** What a screen reader hears before a changed line. */
function ChangeLabel({ kind }: { kind: DiffLine['kind'] }) {
  if (kind === 'same') return null;
  return (
    <span className="sr-only">
      {kind === 'added' ? (
        <Trans comment="Screen readers: before a line the current text added">Added:</Trans>
      ) : (
        <Trans comment="Screen readers: before a line the current text no longer has">Removed:</Trans>
      )}{' '}
    </span>
  );
}

function DiffRow({ line }: { line: DiffLine }) {
  const look = ROW_LOOK[line.kind];
  return (
    <div className={clsx('flex', look.row)}>
      <span aria-hidden className={clsx('w-8 shrink-0 text-center select-none', look.tone)}>
        {look.mark}
      </span>
      <span className={clsx('min-w-0 flex-1 pr-4 whitespace-pre-wrap [overflow-wrap:anywhere]', look.tone)}>
        <ChangeLabel kind={line.kind} />
        {line.text || '\u00a0'}
      </span>
    </div>
  );
}
