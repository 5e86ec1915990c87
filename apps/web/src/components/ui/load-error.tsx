// A page whose data could not be loaded: what failed, and a way to try again.
import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { Alert } from './alert.tsx';
import { buttonClass } from './button.tsx';

export function LoadError({
  message,
  onRetry,
  retryLabel,
  retrying = false,
  className,
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
  /** While a retry is under way its button waits. */
  retrying?: boolean;
  className?: string;
}) {
  const { t } = useLingui();
  return (
    <Alert tone="error" className={clsx('max-w-xl', className)}>
      <p className="font-semibold">{message}</p>
      <button
        type="button"
        className={buttonClass('secondary', 'sm', 'mt-3')}
        onClick={onRetry}
        disabled={retrying}
      >
        <RotateCw aria-hidden className="size-4" />
        {retryLabel ?? t`Try again`}
      </button>
    </Alert>
  );
}
