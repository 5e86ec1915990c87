// Punishing a player from the site (staff: ADMIN, OWNER, WEB_ADMIN): the type, a reason, and for a
// ban or mute how long. The site sends the owner's command to the game server over RCON; the
// punishment itself is recorded when the game server reports it, a few seconds later. The console's
// moderation page opens it for any player (found by name), a player's page for that player through
// PunishButton (punish-button.tsx), which loads this module when it is first wanted.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ACTION_REASON, type StaffAction } from '@prison/shared/moderation';
import type { PunishmentType } from '@prison/shared/punishments';
import type { SearchPlayer } from '@prison/shared/search';
import { clsx } from 'clsx';
import { CircleCheck, Gavel } from 'lucide-react';
import { type FormEvent, type ReactNode, type Ref, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { TYPE_WORDS } from '../../components/ui/punishment-badges.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePlayerLookup, usePunish } from './api.ts';

/** The player a punishment is for. */
export interface PunishTarget {
  uuid: string;
  name: string;
}

export interface PunishDialogProps {
  open: boolean;
  onClose: () => void;
  /** The player, when the page is about one; otherwise the dialog asks for a name. */
  player?: PunishTarget | null;
  /** Heard once the game server has the command (the page may read its lists again). */
  onSent?: (action: StaffAction) => void;
}

/** What each type does to the player, told under the choice; its name and icon are the site's. */
const EFFECTS: Record<PunishmentType, MessageDescriptor> = {
  ban: msg`They cannot join the server until it ends.`,
  mute: msg`They cannot chat until it ends.`,
  warning: msg`It is recorded on their history and told to them in game.`,
  kick: msg`They are removed from the server now and may join again.`,
};

const TYPES = ['ban', 'mute', 'warning', 'kick'] as const satisfies readonly PunishmentType[];

const HOUR = 3600;
const DAY = 24 * HOUR;
const DURATIONS: { key: string; seconds: number | null; label: MessageDescriptor }[] = [
  { key: '1h', seconds: HOUR, label: msg({ message: '1 hour', comment: 'How long a ban or mute lasts' }) },
  { key: '1d', seconds: DAY, label: msg({ message: '1 day', comment: 'How long a ban or mute lasts' }) },
  { key: '7d', seconds: 7 * DAY, label: msg({ message: '7 days', comment: 'How long a ban or mute lasts' }) },
  {
    key: '30d',
    seconds: 30 * DAY,
    label: msg({ message: '30 days', comment: 'How long a ban or mute lasts' }),
  },
  {
    key: 'permanent',
    seconds: null,
    label: msg({ message: 'Permanent', comment: 'A ban or mute with no end' }),
  },
];

const SUBMIT_LABELS: Record<PunishmentType, MessageDescriptor> = {
  ban: msg`Ban player`,
  mute: msg`Mute player`,
  warning: msg`Warn player`,
  kick: msg`Kick player`,
};

/** The punish form in a dialog; a new one each time it opens. */
export function PunishDialog({ open, onClose, player = null, onSent }: PunishDialogProps) {
  const { t } = useLingui();
  const name = player?.name ?? '';
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={player ? t`Punish ${name}` : t`Punish a player`}
      description={
        <Trans>
          Sent to the game server, which carries it out. It shows on the site once the game server reports it.
        </Trans>
      }
    >
      <PunishForm player={player} onSent={onSent} />
    </Dialog>
  );
}

type Problems = { player?: boolean; reason?: boolean };

function PunishForm({
  player,
  onSent,
}: {
  player: PunishTarget | null;
  onSent: ((action: StaffAction) => void) | undefined;
}) {
  const { t } = useLingui();
  const ids = { reason: useId(), reasonError: useId(), playerError: useId(), effect: useId() };
  const [chosen, setChosen] = useState<PunishTarget | null>(player);
  const [nameText, setNameText] = useState('');
  const lookup = usePlayerLookup(player ? '' : nameText);
  const [type, setType] = useState<PunishmentType>('ban');
  const [duration, setDuration] = useState('1d');
  const [reason, setReason] = useState('');
  const [problems, setProblems] = useState<Problems>({});
  const punish = usePunish();
  const nameBox = useRef<HTMLInputElement>(null);
  const reasonBox = useRef<HTMLTextAreaElement>(null);
  const typeBox = useRef<HTMLInputElement>(null);
  const timed = type === 'ban' || type === 'mute';
  const effect = EFFECTS[type];

  if (punish.data) {
    return (
      <SentResult
        action={punish.data}
        onAnother={
          player
            ? undefined
            : () => {
                punish.reset();
                setChosen(null);
                setNameText('');
                setReason('');
              }
        }
      />
    );
  }

  /** The player typed, when their exact name is among the names found for it. */
  function exactMatch(): PunishTarget | null {
    const typed = nameText.trim().toLowerCase();
    if (!typed || lookup.text.toLowerCase() !== typed) return null;
    const found = lookup.data?.find((p) => p.username.toLowerCase() === typed);
    return found ? { uuid: found.uuid, name: found.username } : null;
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (punish.isPending) return;
    const target = chosen ?? exactMatch();
    const text = reason.trim();
    const found: Problems = { player: !target, reason: !text };
    setProblems(found);
    if (!target) {
      nameBox.current?.focus();
      return;
    }
    if (!text) {
      reasonBox.current?.focus();
      return;
    }
    setChosen(target);
    const seconds = DURATIONS.find((each) => each.key === duration)?.seconds ?? null;
    punish.mutate(
      { type, player: target.uuid, reason: text, ...(timed && { duration_seconds: seconds }) },
      { onSuccess: (action) => onSent?.(action) },
    );
  }

  function choose(found: SearchPlayer) {
    setChosen({ uuid: found.uuid, name: found.username });
    setProblems((current) => ({ ...current, player: false }));
    // The name box gives way to the player chosen: the next step is the type.
    requestAnimationFrame(() => typeBox.current?.focus());
  }

  return (
    <form onSubmit={submit} noValidate className="mt-5 space-y-5">
      {!player && (
        <div>
          {chosen ? (
            <ChosenPlayer
              player={chosen}
              onChange={() => {
                setChosen(null);
                requestAnimationFrame(() => nameBox.current?.focus());
              }}
            />
          ) : (
            <PlayerFinder
              boxRef={nameBox}
              text={nameText}
              onText={(text) => {
                setNameText(text);
                setProblems((current) => ({ ...current, player: false }));
              }}
              lookup={lookup}
              onChoose={choose}
              errorId={problems.player ? ids.playerError : undefined}
            />
          )}
          {problems.player && (
            <FieldError id={ids.playerError}>
              <Trans>Choose a player from the list.</Trans>
            </FieldError>
          )}
        </div>
      )}

      <fieldset>
        <legend className={fieldLabelClass}>
          <Trans comment="Label of the choice of punishment type">Type</Trans>
        </legend>
        <div className="grid grid-cols-4 gap-1.5" aria-describedby={ids.effect}>
          {TYPES.map((value) => {
            const { one, icon: Icon } = TYPE_WORDS[value];
            return (
              <label
                key={value}
                className={clsx(
                  'flex cursor-pointer flex-col items-center gap-1 rounded-xl border px-1 py-2.5 text-xs font-semibold transition',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                  type === value
                    ? 'border-amber-500/60 bg-amber-400/15 text-fg'
                    : 'border-line-strong text-fg-muted hover:border-fg/30 hover:text-fg',
                )}
              >
                <input
                  ref={type === value ? typeBox : undefined}
                  type="radio"
                  name="type"
                  value={value}
                  checked={type === value}
                  onChange={() => setType(value)}
                  className="sr-only"
                />
                <Icon aria-hidden className="size-4" />
                {t(one)}
              </label>
            );
          })}
        </div>
        <p id={ids.effect} className="mt-1.5 text-xs text-fg-muted">
          {t(effect)}
        </p>
      </fieldset>

      {timed && (
        <fieldset>
          <legend className={fieldLabelClass}>
            <Trans comment="Label of the choice of how long a ban or mute lasts">Duration</Trans>
          </legend>
          <div className="flex flex-wrap gap-1.5">
            {DURATIONS.map(({ key, label }) => (
              <label
                key={key}
                className={clsx(
                  'cursor-pointer rounded-full border px-3 py-1.5 text-xs font-semibold whitespace-nowrap transition',
                  'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent',
                  duration === key
                    ? 'border-amber-500/60 bg-amber-400/15 text-fg'
                    : 'border-line-strong text-fg-muted hover:border-fg/30 hover:text-fg',
                )}
              >
                <input
                  type="radio"
                  name="duration"
                  value={key}
                  checked={duration === key}
                  onChange={() => setDuration(key)}
                  className="sr-only"
                />
                {t(label)}
              </label>
            ))}
          </div>
        </fieldset>
      )}

      <div>
        <div className="flex items-baseline justify-between gap-3">
          <label htmlFor={ids.reason} className={fieldLabelClass}>
            <Trans comment="Label of the reason given for a punishment">Reason</Trans>
          </label>
          <span aria-hidden className="text-xs text-fg-muted tabular-nums">
            {reason.length}/{MAX_ACTION_REASON}
          </span>
        </div>
        <textarea
          ref={reasonBox}
          id={ids.reason}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (event.target.value.trim()) setProblems((current) => ({ ...current, reason: false }));
          }}
          maxLength={MAX_ACTION_REASON}
          rows={2}
          required
          aria-invalid={problems.reason || undefined}
          aria-describedby={problems.reason ? ids.reasonError : undefined}
          placeholder={t`e.g. X-ray, spam in chat`}
          className={clsx(controlClass, 'h-auto min-h-16 resize-y px-3.5 py-2.5 leading-relaxed')}
        />
        {problems.reason && (
          <FieldError id={ids.reasonError}>
            <Trans>Give a reason: the player is told it.</Trans>
          </FieldError>
        )}
      </div>

      {punish.isError && (
        <Alert tone="error">
          {errorText(punish.error, t`The punishment could not be sent. Please try again.`)}
        </Alert>
      )}

      <div className="flex flex-col-reverse gap-3 pt-1 sm:flex-row sm:justify-end">
        <DialogClose className={buttonClass('ghost', 'md')}>
          <Trans>Cancel</Trans>
        </DialogClose>
        <button type="submit" disabled={punish.isPending} className={buttonClass('primary', 'md')}>
          <Gavel aria-hidden className="size-4" />
          {punish.isPending ? t`Sending…` : t(SUBMIT_LABELS[type])}
        </button>
      </div>
    </form>
  );
}

const FieldError = ({ id, children }: { id: string; children: ReactNode }) => (
  <p id={id} className="mt-1.5 text-xs font-medium text-rose-700 dark:text-rose-300">
    {children}
  </p>
);

function ChosenPlayer({ player, onChange }: { player: PunishTarget; onChange: () => void }) {
  const name = player.name;
  return (
    <>
      <p className={fieldLabelClass}>
        <Trans comment="Label of the player a punishment is for">Player</Trans>
      </p>
      <div className="flex items-center gap-3 rounded-xl border border-line-strong bg-surface-sunken/50 px-3 py-2">
        <PlayerAvatar uuid={player.uuid} size={28} className="size-7 rounded-md" />
        <span className="min-w-0 flex-1 truncate font-display font-semibold text-fg">{name}</span>
        <button type="button" onClick={onChange} className={buttonClass('ghost', 'sm', '-mr-1.5')}>
          <Trans comment="Button: choose another player than the one chosen">Change</Trans>
        </button>
      </div>
    </>
  );
}

function PlayerFinder({
  boxRef,
  text,
  onText,
  lookup,
  onChoose,
  errorId,
}: {
  boxRef: Ref<HTMLInputElement>;
  text: string;
  onText: (text: string) => void;
  lookup: ReturnType<typeof usePlayerLookup>;
  onChoose: (player: SearchPlayer) => void;
  errorId: string | undefined;
}) {
  const { t } = useLingui();
  const boxId = useId();
  const resultsId = useId();
  const typed = text.trim();
  const players = typed && lookup.text ? lookup.data : undefined;
  return (
    <>
      <label htmlFor={boxId} className={fieldLabelClass}>
        <Trans comment="Label of the player a punishment is for">Player</Trans>
      </label>
      <input
        ref={boxRef}
        id={boxId}
        type="search"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={t`Type a name…`}
        autoComplete="off"
        spellCheck={false}
        maxLength={32}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        aria-controls={resultsId}
        className={clsx(controlClass, 'px-3.5')}
      />
      <div id={resultsId} aria-live="polite">
        {typed && lookup.isError ? (
          <p className="mt-2 text-xs text-fg-muted">
            {errorText(lookup.error, t`Players could not be looked up. Please try again.`)}
          </p>
        ) : players && players.length === 0 && !lookup.isPlaceholderData ? (
          <p className="mt-2 text-xs text-fg-muted">
            <Trans comment="{typed} is what was typed">
              No player&rsquo;s name starts with &ldquo;{typed}&rdquo;.
            </Trans>
          </p>
        ) : players && players.length > 0 ? (
          <ul aria-label={t`Players found`} className="mt-2 max-h-52 space-y-1 overflow-y-auto">
            {players.map((found) => (
              <li key={found.uuid}>
                <button
                  type="button"
                  onClick={() => onChoose(found)}
                  className="flex w-full items-center gap-3 rounded-xl px-2.5 py-1.5 text-left transition hover:bg-fg/[0.06] focus-visible:bg-fg/[0.06]"
                >
                  <PlayerAvatar uuid={found.uuid} size={24} className="size-6 rounded" />
                  <span className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">
                    {found.username}
                  </span>
                  <span className="flex items-center gap-1.5 text-xs text-fg-muted">
                    <OnlineDot online={found.online} on="raised" />
                    {found.rank}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </>
  );
}

/** What the game server was sent, and what it answered. */
function SentResult({ action, onAnother }: { action: StaffAction; onAnother: (() => void) | undefined }) {
  const output = action.output?.trim();
  return (
    <div className="mt-5">
      <div role="status" className="rounded-xl border border-emerald-500/30 bg-emerald-500/10 p-4">
        <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800 dark:text-emerald-200">
          <CircleCheck aria-hidden className="size-4" />
          {action.state === 'sent' ? (
            <Trans>Sent to the game server</Trans>
          ) : (
            <Trans>Sent; the game server has not answered yet</Trans>
          )}
        </p>
        <code className="mt-2 block rounded-lg bg-surface-sunken px-3 py-2 font-mono text-xs break-all text-fg">
          {action.command}
        </code>
        {output && (
          <p className="mt-2 text-xs text-fg-muted">
            <Trans comment="Followed by what the game server answered to the command">
              The game server answered:
            </Trans>{' '}
            <span className="font-mono break-words whitespace-pre-wrap text-fg">{output}</span>
          </p>
        )}
      </div>
      <p className="mt-3 text-sm text-fg-muted">
        <Trans>
          It shows in the punishment lists once the game server reports it, usually within a few seconds.
        </Trans>
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {onAnother && (
          <button type="button" onClick={onAnother} className={buttonClass('ghost', 'md')}>
            <Trans>Punish another player</Trans>
          </button>
        )}
        <DialogClose className={buttonClass('primary', 'md')}>
          <Trans comment="Button: closes the punish dialog once the punishment is sent">Done</Trans>
        </DialogClose>
      </div>
    </div>
  );
}
