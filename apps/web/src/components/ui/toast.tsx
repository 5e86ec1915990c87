import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { CircleAlert, CircleCheck, X } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';

interface ToastMessage {
  id: number;
  tone: 'success' | 'error';
  title: string;
  text: string;
}

// Spec 9: notices vanish after 3 seconds.
const TOAST_MS = 3000;

/** A short list of notices that each disappear after TOAST_MS. */
export function useToasts() {
  const [toasts, setToasts] = useState<ToastMessage[]>([]);
  const next = useRef(0);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
    };
  }, []);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((t) => t.id !== id)), []);
  const show = useCallback(
    (toast: Omit<ToastMessage, 'id'>) => {
      const id = ++next.current;
      setToasts((all) => [...all.slice(-2), { ...toast, id }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  return { toasts, show, dismiss };
}

const TONES = {
  success: {
    icon: CircleCheck,
    className: 'border-emerald-500/40 text-emerald-900 dark:text-emerald-100',
    dot: 'text-emerald-600 dark:text-emerald-400',
  },
  error: {
    icon: CircleAlert,
    className: 'border-rose-500/40 text-rose-900 dark:text-rose-100',
    dot: 'text-rose-600 dark:text-rose-400',
  },
};

/** The notices, bottom right, announced politely to screen readers. */
export function Toasts({ toasts, onDismiss }: { toasts: ToastMessage[]; onDismiss: (id: number) => void }) {
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-4 bottom-4 z-50 flex flex-col items-end gap-2 sm:inset-x-auto sm:right-6 sm:bottom-6"
    >
      {toasts.map((toast) => {
        const tone = TONES[toast.tone];
        const Icon = tone.icon;
        return (
          <div
            key={toast.id}
            role="status"
            data-tone={toast.tone}
            className={clsx(
              'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-2xl border bg-surface-raised p-4 shadow-xl sm:w-96',
              tone.className,
            )}
          >
            <Icon aria-hidden className={clsx('mt-0.5 size-5 shrink-0', tone.dot)} />
            <div className="min-w-0 flex-1">
              <p className="font-semibold">{toast.title}</p>
              <p className="mt-0.5 text-sm break-words text-fg-muted">{toast.text}</p>
            </div>
            <button
              type="button"
              onClick={() => onDismiss(toast.id)}
              className="-m-1 rounded-lg p-1 text-fg-muted hover:text-fg"
            >
              <X aria-hidden className="size-4" />
              <span className="sr-only">
                <Trans comment="Button that closes a notice">Dismiss</Trans>
              </span>
            </button>
          </div>
        );
      })}
    </div>
  );
}
