// The corner of a console page that reads its data again on its own: when it was last read, and a
// button to read it now.
import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { buttonClass } from '../../components/ui/button.tsx';
import { pageDateTimeFormat } from '../../lib/page-intl.ts';

const timeFormat = () => pageDateTimeFormat('time', { timeStyle: 'medium' });

export function RefreshStamp({
  updatedAt,
  failed,
  busy,
  onRefresh,
}: {
  /** When the data was last read (ms; 0 before the first answer). */
  updatedAt: number;
  /** The last read failed: the time is not shown. */
  failed: boolean;
  busy: boolean;
  onRefresh: () => void;
}) {
  const updated = timeFormat().format(updatedAt);
  return (
    <div className="flex items-center gap-3 text-sm text-fg-muted">
      {updatedAt > 0 && !failed && (
        <p>
          <Trans comment="{updated} is a time of day">
            Updated <time dateTime={new Date(updatedAt).toISOString()}>{updated}</time>
          </Trans>
        </p>
      )}
      <button type="button" className={buttonClass('secondary', 'sm')} disabled={busy} onClick={onRefresh}>
        <RotateCw aria-hidden className={clsx('size-4', busy && 'motion-safe:animate-spin')} />
        <Trans>Refresh now</Trans>
      </button>
    </div>
  );
}
