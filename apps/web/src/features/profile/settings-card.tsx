// What the profile's settings cards share (Privacy, Notifications): their heading with its icon, and
// the switch each setting has.
import { clsx } from 'clsx';
// The switch entry alone: radix-ui's main entry loads every primitive.
import * as Switch from 'radix-ui/switch';
import type { ReactNode } from 'react';

export function SettingsCardHeading({
  icon,
  titleId,
  title,
  description,
}: {
  icon: ReactNode;
  titleId: string;
  title: ReactNode;
  description: ReactNode;
}) {
  return (
    <div className="flex min-w-0 gap-3">
      <span
        aria-hidden
        className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/12 text-accent ring-1 ring-amber-400/25"
      >
        {icon}
      </span>
      <div className="min-w-0">
        <h3 id={titleId} className="font-display text-lg font-bold text-fg">
          {title}
        </h3>
        <p className="mt-0.5 text-sm text-pretty text-fg-muted">{description}</p>
      </div>
    </div>
  );
}

/** A setting's switch: on (amber) or off; its label is the caller's, by `id`. */
export function SettingSwitch(props: {
  id: string;
  checked: boolean;
  disabled: boolean;
  onCheckedChange: (checked: boolean) => void;
  'aria-describedby'?: string;
}) {
  return (
    <Switch.Root
      {...props}
      className={clsx(
        'relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 ring-1 transition ring-inset',
        'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60',
        'bg-fg/[0.12] ring-line-strong data-[state=checked]:bg-amber-400 data-[state=checked]:ring-amber-500',
      )}
    >
      <Switch.Thumb className="block size-6 rounded-full bg-white shadow-md transition-transform data-[state=checked]:translate-x-5" />
    </Switch.Root>
  );
}
