// A modal dialog on Radix's: role="dialog" with aria-modal, named by its title and described by its
// description; focus moves in on opening, stays inside, and returns to what opened it; Escape and a
// click outside close it.
import { Trans } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { X } from 'lucide-react';
// The dialog entry alone: radix-ui's main entry loads every primitive.
import * as RadixDialog from 'radix-ui/dialog';
import { type ReactNode, useRef } from 'react';
import { iconButtonClass } from './button.tsx';

/** A button that closes the dialog it is in (Cancel). */
export const DialogClose = RadixDialog.Close;

export function Dialog({
  open,
  onClose,
  title,
  description,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}) {
  // Radix gives focus back to a Dialog.Trigger only; these dialogs are opened by the page (a row's
  // Buy now), so the dialog remembers what had focus and returns it there.
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} onOpenChange={(next) => !next && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-black/50 backdrop-blur-sm" />
        <RadixDialog.Content
          // Radix hides the rest of the page from assistive technology; aria-modal says so too.
          aria-modal
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            if (!opener.current?.isConnected) return;
            event.preventDefault();
            opener.current.focus();
          }}
          // Without a description, none is announced (rather than Radix's warning of a missing one).
          {...(description === undefined && { 'aria-describedby': undefined })}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-3xl border border-line bg-surface-raised p-6 shadow-2xl focus:outline-none"
        >
          <RadixDialog.Title className="pr-10 font-display text-2xl font-bold tracking-tight text-fg">
            {title}
          </RadixDialog.Title>
          {description !== undefined && (
            <RadixDialog.Description className="mt-1 text-sm text-fg-muted">
              {description}
            </RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close className={clsx(iconButtonClass, 'absolute top-4 right-4')}>
            <X aria-hidden className="size-5" />
            <span className="sr-only">
              <Trans comment="Button that closes a dialog">Close</Trans>
            </span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
