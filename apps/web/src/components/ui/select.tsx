// A native <select> (the platform's own keyboard and screen-reader behaviour, the phone's own picker)
// with the site's look and a visible label.
import { clsx } from 'clsx';
import { ChevronDown } from 'lucide-react';
import { useId } from 'react';

/** The look of a form control (select, text or number box), for the boxes beside a Select. */
export const controlClass =
  'h-11 w-full rounded-xl border border-line-strong bg-surface-raised text-sm text-fg shadow-card transition ' +
  'placeholder:text-fg-muted hover:border-fg/30 focus:border-amber-500';

/** The look of a control's label, above it. */
export const fieldLabelClass = 'mb-1.5 block text-xs font-semibold tracking-wide text-fg-muted uppercase';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

export function Select<T extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: readonly SelectOption<T>[];
  className?: string;
}) {
  // Named through `for`, not by wrapping: a wrapping label's text would take in the options'.
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabelClass}>
        {label}
      </label>
      <div className="relative">
        <select
          id={id}
          value={value}
          // Only the options' values can be chosen.
          onChange={(event) => onChange(event.target.value as T)}
          className={clsx(controlClass, 'cursor-pointer appearance-none pr-9 pl-3.5 font-medium')}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <ChevronDown
          aria-hidden
          className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-fg-muted"
        />
      </div>
    </div>
  );
}
