// A page whose data could not be loaded: what failed, and a way to try again.
import { clsx } from 'clsx';
import { RotateCw } from 'lucide-react';
import { Alert } from './alert.tsx';
import { buttonClass } from './button.tsx';

export function LoadError({
  message,
  onRetry,
  className,
}: {
  message: string;
  onRetry: () => void;
  className?: string;
}) {
  return (
    <Alert tone="error" className={clsx('max-w-xl', className)}>
      <p>{message}</p>
      <button type="button" className={buttonClass('secondary', 'sm', 'mt-3')} onClick={onRetry}>
        <RotateCw aria-hidden className="size-4" />
        Try again
      </button>
    </Alert>
  );
}
