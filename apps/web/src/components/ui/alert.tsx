import { clsx } from 'clsx';
import { CircleAlert, Clock, Info, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  error: {
    icon: CircleAlert,
    className: 'border-rose-500/30 bg-rose-500/10 text-rose-800 dark:text-rose-200',
  },
  warning: {
    icon: Clock,
    className: 'border-amber-500/35 bg-amber-400/10 text-amber-900 dark:text-amber-100',
  },
  info: {
    icon: Info,
    className: 'border-sky-500/30 bg-sky-500/10 text-sky-900 dark:text-sky-100',
  },
} satisfies Record<string, { icon: LucideIcon; className: string }>;

interface AlertProps {
  tone: keyof typeof tones;
  children: ReactNode;
  /** role="alert" announces it at once; a quiet note has no role. */
  announce?: boolean;
  className?: string;
}

/** An in-page message box: errors, warnings and notes next to the thing they are about. */
export function Alert({ tone, children, announce = tone !== 'info', className }: AlertProps) {
  const { icon: Icon, className: toneClass } = tones[tone];
  const role = announce ? 'alert' : undefined;
  return (
    <div
      role={role}
      className={clsx('flex items-start gap-3 rounded-xl border px-4 py-3 text-sm', toneClass, className)}
    >
      <Icon aria-hidden className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1 leading-relaxed">{children}</div>
    </div>
  );
}
