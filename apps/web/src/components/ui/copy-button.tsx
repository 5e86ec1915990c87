import { Trans } from '@lingui/react/macro';
import { Check, Copy } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from './button.tsx';

/** Copies `text` to the clipboard; says "Copied" once it has. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className={buttonClass('secondary', 'sm', 'shrink-0')}
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? <Trans comment="A copy button, once its text is on the clipboard">Copied</Trans> : label}
    </button>
  );
}
