import { Trans } from '@lingui/react/macro';
import type { Doc } from '@prison/shared/docs';
import { CircleCheck, History, PenLine, Trash2 } from 'lucide-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { DeleteDocDialog } from './delete-doc-dialog.tsx';
import { DocEditor } from './doc-editors.tsx';
import { DocHistory } from './doc-history.tsx';
import { DocReader } from './doc-reader.tsx';

type Mode = 'read' | 'edit' | 'history';

interface DocCardProps {
  doc: Doc | null;
  loading: boolean;
  /** Staff: the card offers Edit, History and Delete. */
  canWrite: boolean;
  onDeleted: (doc: Doc) => void;
  /** The card changed between reading, editing and history: the page brings its top into view. */
  onModeChange: () => void;
}

interface View {
  /** The doc it is about: choosing another doc goes back to reading. */
  slug: string;
  mode: Mode;
  /** Where the writer came back from, to give that button the focus again, and whether it was a save. */
  back?: { from: 'edit' | 'history'; saved?: number };
}

/** The selected doc's card: reading it, and for staff editing it or reading its history in its place. */
export function DocCard({ doc, loading, canWrite, onDeleted, onModeChange }: DocCardProps) {
  const [view, setView] = useState<View | null>(null);
  const [deleting, setDeleting] = useState<Doc | null>(null);
  const shown = doc && view?.slug === doc.slug ? view : null;
  const open = (mode: Mode, back?: View['back']) => {
    if (!doc) return;
    setView({ slug: doc.slug, mode, back });
    onModeChange();
  };

  if (canWrite && doc && shown?.mode === 'edit') {
    // While the editor loads (the page preloads it for staff), the doc stays as it was.
    return (
      <Suspense fallback={<DocReader doc={doc} loading={false} />}>
        <DocEditor doc={doc} onClose={(saved) => open('read', { from: 'edit', saved: saved?.revision })} />
      </Suspense>
    );
  }
  if (canWrite && doc && shown?.mode === 'history') {
    return <DocHistory doc={doc} onClose={() => open('read', { from: 'history' })} />;
  }
  const back = shown?.back;
  return (
    <>
      <DocReader
        doc={doc}
        loading={loading}
        actions={
          canWrite &&
          doc && (
            <DocActions
              focus={back?.from ?? null}
              saved={back?.saved ?? null}
              onEdit={() => open('edit')}
              onHistory={() => open('history')}
              onDelete={() => setDeleting(doc)}
            />
          )
        }
      />
      {canWrite && (
        <DeleteDocDialog
          doc={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={(deleted) => {
            setDeleting(null);
            onDeleted(deleted);
          }}
        />
      )}
    </>
  );
}

function DocActions({
  focus,
  saved,
  onEdit,
  onHistory,
  onDelete,
}: {
  /** The button to focus as the card comes back to reading. */
  focus: 'edit' | 'history' | null;
  /** The revision just saved, if the card came back from a save. */
  saved: number | null;
  onEdit: () => void;
  onHistory: () => void;
  onDelete: () => void;
}) {
  const edit = useRef<HTMLButtonElement>(null);
  const history = useRef<HTMLButtonElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only as the card comes back to reading.
  useEffect(() => {
    // Without scrolling: the page has brought the card's top into view.
    (focus === 'edit' ? edit : focus === 'history' ? history : null)?.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {saved !== null && (
        <p
          role="status"
          className="mr-1 flex items-center gap-1.5 text-sm font-medium text-emerald-700 dark:text-emerald-300"
        >
          <CircleCheck aria-hidden className="size-4" />
          <Trans>Saved as revision {saved}</Trans>
        </p>
      )}
      <button ref={edit} type="button" onClick={onEdit} className={buttonClass('secondary', 'sm')}>
        <PenLine aria-hidden className="size-4" />
        <Trans comment="Button: edits the doc being read">Edit</Trans>
      </button>
      <button ref={history} type="button" onClick={onHistory} className={buttonClass('secondary', 'sm')}>
        <History aria-hidden className="size-4" />
        <Trans comment="Button: shows the doc's earlier revisions">History</Trans>
      </button>
      <button
        type="button"
        onClick={onDelete}
        className={buttonClass(
          'ghost',
          'sm',
          'text-rose-700 hover:bg-rose-500/10 hover:text-rose-800 dark:text-rose-300 dark:hover:text-rose-200',
        )}
      >
        <Trash2 aria-hidden className="size-4" />
        <Trans comment="Button: deletes the doc being read">Delete</Trans>
      </button>
    </div>
  );
}
