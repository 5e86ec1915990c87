// Appealing one of the player's own bans or mutes, once: why it should be lifted, within the
// contract's length. Staff answer in the console; the answer shows on the profile.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { APPEAL_MAX_TEXT, APPEAL_MIN_TEXT, type OwnPunishment } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { Send } from 'lucide-react';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { TypeBadge } from '../../components/ui/punishment-badges.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatWhole } from '../../lib/money.ts';
import { useSendAppeal } from './api.ts';

export function AppealDialog({
  punishment,
  onClose,
  onSent,
}: {
  punishment: OwnPunishment;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useLingui();
  const send = useSendAppeal();
  const textId = useId();
  const hintId = useId();
  const errorId = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const [text, setText] = useState('');
  const [tooShort, setTooShort] = useState(false);
  // The server counts the text trimmed, and so does the counter.
  const length = text.trim().length;
  const missing = APPEAL_MIN_TEXT - length;
  const min = formatWhole(APPEAL_MIN_TEXT);
  const max = formatWhole(APPEAL_MAX_TEXT);
  const shownMissing = formatWhole(missing);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    if (length < APPEAL_MIN_TEXT) {
      setTooShort(true);
      box.current?.focus();
      return;
    }
    send.mutate({ punishment: punishment.id, text: text.trim() }, { onSuccess: onSent });
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={punishment.type === 'ban' ? t`Appeal your ban` : t`Appeal your mute`}
      description={
        <Trans>
          Say why it should be lifted. Staff read it and answer on this page. Each ban or mute can be appealed
          once, so say everything now.
        </Trans>
      }
    >
      <form onSubmit={submit} noValidate className="mt-5">
        <p className="mb-4 flex items-start gap-2.5 rounded-xl border border-line bg-surface-sunken/60 px-3.5 py-2.5 text-sm text-fg">
          <TypeBadge type={punishment.type} />
          <span className={clsx('min-w-0 break-words', !punishment.reason && 'text-fg-muted italic')}>
            {punishment.reason ?? t`No reason given`}
          </span>
        </p>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={textId} className={fieldLabelClass}>
            <Trans comment="Label of the appeal's text">Your appeal</Trans>
          </label>
          <span
            className={clsx(
              'text-xs tabular-nums',
              tooShort && missing > 0 ? 'text-rose-700 dark:text-rose-300' : 'text-fg-muted',
            )}
            aria-hidden
          >
            {formatWhole(length)}/{max}
          </span>
        </div>
        <textarea
          ref={box}
          id={textId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          maxLength={APPEAL_MAX_TEXT}
          rows={6}
          required
          aria-invalid={(tooShort && missing > 0) || undefined}
          aria-describedby={tooShort && missing > 0 ? `${errorId} ${hintId}` : hintId}
          className={clsx(controlClass, 'h-auto min-h-36 resize-y px-3.5 py-2.5 leading-relaxed')}
        />
        <p id={hintId} className="mt-1.5 text-xs text-fg-muted">
          <Trans>
            From {min} to {max} characters. Be specific: what happened, and why the punishment should not
            stand.
          </Trans>
        </p>
        {tooShort && missing > 0 && (
          <p id={errorId} className="mt-1 text-xs font-medium text-rose-700 dark:text-rose-300">
            <Plural
              value={missing}
              one={`Write ${shownMissing} more character: an appeal is at least ${min}.`}
              other={`Write ${shownMissing} more characters: an appeal is at least ${min}.`}
            />
          </p>
        )}
        {send.isError && (
          <Alert tone="error" className="mt-4">
            {errorText(send.error, t`Your appeal could not be sent. Please try again.`)}
          </Alert>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClass('ghost', 'md')}>
            <Trans>Cancel</Trans>
          </DialogClose>
          <button type="submit" disabled={send.isPending} className={buttonClass('primary', 'md')}>
            <Send aria-hidden className="size-4" />
            {send.isPending ? t`Sending…` : t`Send appeal`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
