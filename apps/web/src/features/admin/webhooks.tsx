import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  type ParkedWebhookMessage,
  WEBHOOK_MAX_ATTEMPTS,
  type Webhook,
  type WebhookEvent,
  type WebhookList,
} from '@prison/shared/webhooks';
import { clsx } from 'clsx';
import { ChevronDown, CircleAlert, RotateCcw, Send, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { MiniStat } from '../../components/ui/stat.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { pageNumberFormat } from '../../lib/page-intl.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import {
  consoleCardErrorText,
  useRemoveWebhook,
  useRetryWebhookMessage,
  useTestWebhook,
  useUpdateWebhookEvents,
} from './api.ts';
import { ConfirmActions } from './confirm-actions.tsx';
import { WEBHOOK_ERROR_MESSAGES } from './webhook-errors.ts';
import { EventBadge, EventChoices } from './webhooks-events.tsx';

type Webhooks = { isPending: boolean; isError: boolean; error: unknown; data: WebhookList | undefined };

const count = (n: number) => pageNumberFormat('whole', { maximumFractionDigits: 0 }).format(n);

/** Every address, masked, with its kinds, its messages' state, a test, its parked messages and Remove. */
export function WebhookAddresses({ webhooks, className }: { webhooks: Webhooks; className?: string }) {
  const { t } = useLingui();
  const remove = useRemoveWebhook();
  const [chosen, setChosen] = useState<Webhook | null>(null);
  const [open, setOpen] = useState(false);
  const [removed, setRemoved] = useState<string | null>(null);
  const list = webhooks.data?.webhooks;
  const address = chosen?.url ?? '';
  const headingId = useId();

  return (
    // Each address is a card of its own rather than a box in a card: a phone keeps the width for it.
    <section aria-labelledby={headingId} className={clsx('min-w-0', className)}>
      <h2 id={headingId} className="mb-3 flex items-center gap-2 font-display text-lg font-bold text-fg">
        <WebhookIcon aria-hidden className="size-5 text-accent" />
        <Trans comment="Heading of the list of webhook addresses">Addresses</Trans>
      </h2>
      {webhooks.isPending ? (
        <div aria-hidden className="space-y-3">
          <Skeleton className="h-40 w-full" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : webhooks.isError || !list ? (
        <p className={cardClass('p-5 text-sm text-fg-muted')}>
          {consoleCardErrorText(webhooks.error, t`The webhooks could not be loaded.`)}
        </p>
      ) : list.length === 0 ? (
        <NoWebhooks />
      ) : (
        <ul aria-label={t`Webhooks`} className="space-y-4">
          {list.map((webhook) => (
            <WebhookItem
              key={webhook.id}
              webhook={webhook}
              onRemove={() => {
                remove.reset();
                setChosen(webhook);
                setOpen(true);
              }}
            />
          ))}
        </ul>
      )}
      <p role="status" className={clsx('text-sm text-fg-muted', removed && 'mt-3')}>
        {removed && (
          <Trans comment="{removed} is the webhook's masked address">
            The webhook {removed} is removed, with the messages that were waiting for it.
          </Trans>
        )}
      </p>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t`Remove this webhook?`}
        description={
          <Trans>
            The site stops posting to <span className="font-mono break-all">{address}</span>; its waiting and
            parked messages are dropped. To post there again, add the address anew. The audit log records it.
          </Trans>
        }
      >
        <ConfirmActions
          error={
            remove.isError
              ? errorText(
                  remove.error,
                  t`The webhook could not be removed. Please try again.`,
                  WEBHOOK_ERROR_MESSAGES,
                )
              : null
          }
          icon={<Trash2 aria-hidden className="size-4" />}
          label={remove.isPending ? t`Removing…` : t`Remove webhook`}
          pending={remove.isPending}
          onConfirm={() => {
            if (!chosen) return;
            const { id, url } = chosen;
            remove.mutate(id, {
              onSuccess: () => {
                setRemoved(url);
                setOpen(false);
              },
            });
          }}
        />
      </Dialog>
    </section>
  );
}

/** What webhooks are for, and where Discord gives an address. */
function NoWebhooks() {
  return (
    <div className={cardClass('px-5 py-10 text-center')}>
      <WebhookIcon aria-hidden className="mx-auto size-8 text-fg-muted/60" />
      <p className="mt-3 font-semibold text-fg">
        <Trans>No webhook yet</Trans>
      </p>
      <p className="mx-auto mt-1 max-w-prose text-sm text-pretty text-fg-muted">
        <Trans>
          A webhook lets the site post to a channel of your Discord server: purchases, punishments, the game
          server going down and more, each address receiving the kinds you pick.
        </Trans>
      </p>
      <p className="mx-auto mt-3 max-w-prose text-sm text-pretty text-fg-muted">
        <Trans>
          To get an address, open the channel&rsquo;s settings in Discord, then{' '}
          <strong className="font-semibold text-fg">Integrations → Webhooks</strong>, make a webhook and copy
          its URL.
        </Trans>
      </p>
    </div>
  );
}

function WebhookItem({ webhook, onRemove }: { webhook: Webhook; onRemove: () => void }) {
  const { t } = useLingui();
  const address = webhook.url;
  const by = webhook.created_by;
  const added = formatTimestamp(webhook.created_at);
  return (
    <li data-webhook={webhook.id} className={cardClass('p-4 sm:p-5')}>
      <div className="flex flex-wrap items-start gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-64">
          <p className="font-mono text-sm font-semibold break-all text-fg">{webhook.url}</p>
          <p className="mt-0.5 text-xs text-fg-muted">
            <Trans comment="{added} is a date and time, {by} the owner's name">
              Added <time dateTime={webhook.created_at}>{added}</time> by {by}
            </Trans>
          </p>
        </div>
        <button
          type="button"
          onClick={onRemove}
          aria-label={t`Remove ${address}`}
          className={buttonClass('secondary', 'sm')}
        >
          <Trash2 aria-hidden className="size-4" />
          <Trans comment="Button: removes a webhook address">Remove</Trans>
        </button>
      </div>
      <dl className="mt-3 grid grid-cols-3 gap-3 text-sm">
        <MiniStat
          label={t({ message: 'Waiting', comment: 'Webhook messages not sent yet' })}
          value={count(webhook.waiting)}
        />
        <MiniStat
          label={t({ message: 'Sent, 30 days', comment: 'Webhook messages sent in the last 30 days' })}
          value={count(webhook.sent)}
        />
        <MiniStat
          label={t`Last sent`}
          value={
            webhook.last_sent_at ? (
              <time dateTime={webhook.last_sent_at}>{formatTimestamp(webhook.last_sent_at)}</time>
            ) : (
              t({ message: 'Never', comment: 'No webhook message sent yet' })
            )
          }
        />
      </dl>
      {webhook.last_error && (
        <Alert tone="warning" announce={false} className="mt-3">
          <Trans comment="Followed by the error, e.g. Discord answered 500">Last attempt failed:</Trans>{' '}
          <span className="wrap-anywhere">{webhook.last_error}</span>
        </Alert>
      )}
      <KindsEditor webhook={webhook} />
      <TestMessage webhook={webhook} />
      <ParkedMessages webhook={webhook} />
    </li>
  );
}

/**
 * The kinds an address receives, ticked and saved with Save. What is ticked is kept while the list is
 * read again every few seconds, until it is saved or put back.
 */
function KindsEditor({ webhook }: { webhook: Webhook }) {
  const { t } = useLingui();
  const update = useUpdateWebhookEvents();
  const [draft, setDraft] = useState<WebhookEvent[] | null>(null);
  const shown = draft ?? webhook.events;
  const changed = draft !== null && draft.join() !== webhook.events.join();
  const empty = shown.length === 0;

  function save(event: FormEvent) {
    event.preventDefault();
    if (!draft || !changed || empty) return;
    update.mutate({ id: webhook.id, events: draft }, { onSuccess: () => setDraft(null) });
  }

  return (
    <form onSubmit={save} className="mt-4 border-t border-line pt-3">
      <EventChoices
        legend={t`Receives`}
        value={shown}
        onChange={(next) => {
          update.reset();
          setDraft(next);
        }}
        disabled={update.isPending}
      />
      {(changed || update.isError) && (
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <button type="submit" disabled={update.isPending || empty} className={buttonClass('primary', 'sm')}>
            {update.isPending ? t`Saving…` : t`Save kinds`}
          </button>
          <button
            type="button"
            onClick={() => {
              update.reset();
              setDraft(null);
            }}
            className={buttonClass('ghost', 'sm')}
          >
            <Trans comment="Button: puts back the kinds a webhook had">Undo</Trans>
          </button>
          {empty && (
            <p className="text-sm text-fg-muted">
              <Trans>Pick at least one kind, or remove the webhook.</Trans>
            </p>
          )}
        </div>
      )}
      {update.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(
            update.error,
            t`The kinds could not be saved. Please try again.`,
            WEBHOOK_ERROR_MESSAGES,
          )}
        </Alert>
      )}
    </form>
  );
}

/**
 * What a refusal says, and, when the page is in another language than the server's, what Discord
 * answered too (the server's detail): the translated sentence alone would hide it.
 */
function refusalText(error: unknown, fallback: string): string {
  const text = errorText(error, fallback, WEBHOOK_ERROR_MESSAGES);
  const detail = isHttpError(error) ? error.detail : undefined;
  return detail && detail !== text ? `${text} (${detail})` : text;
}

/** Sends a test message at once and says what Discord answered. */
function TestMessage({ webhook }: { webhook: Webhook }) {
  const { t } = useLingui();
  const test = useTestWebhook();
  const status = test.data?.status;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
      <button
        type="button"
        disabled={test.isPending}
        onClick={() => test.mutate(webhook.id)}
        className={buttonClass('secondary', 'sm')}
      >
        <Send aria-hidden className="size-4" />
        {test.isPending ? t`Sending…` : t`Send a test message`}
      </button>
      <p role="status" className="min-w-0 flex-1 basis-48 text-sm">
        {test.isSuccess && (
          <span className="font-medium text-emerald-700 dark:text-emerald-300">
            <Trans comment="{status} is an HTTP status such as 204">Sent: Discord answered {status}.</Trans>
          </span>
        )}
        {test.isError && (
          <span className="flex items-start gap-1.5 font-medium text-rose-700 dark:text-rose-300">
            <CircleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span className="wrap-anywhere">
              {refusalText(test.error, t`The test message could not be sent.`)}
            </span>
          </span>
        )}
      </p>
    </div>
  );
}

/** How many parked messages an address shows until the owner asks for all of them. */
const PARKED_SHOWN = 3;

/**
 * Messages that failed every attempt (or were refused for good), each put back in the queue by Retry:
 * the newest few, the rest on demand (an address Discord deleted parks every message it is sent).
 * A retried message leaves the list, and the list goes with its last one.
 */
function ParkedMessages({ webhook }: { webhook: Webhook }) {
  const { t } = useLingui();
  const retry = useRetryWebhookMessage();
  const [retried, setRetried] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  const listId = useId();
  const parked = webhook.parked.length;
  const shown = showAll ? webhook.parked : webhook.parked.slice(0, PARKED_SHOWN);
  const pendingId = retry.isPending ? retry.variables.message : null;
  return (
    <>
      {parked > 0 && (
        <section aria-label={t`Parked messages`} className="mt-4 border-t border-line pt-3">
          <h3 className="flex items-center gap-2 text-sm font-semibold text-fg">
            <Trans>Parked messages</Trans>
            <span className="rounded-full bg-rose-500/10 px-2 py-0.5 text-xs font-semibold text-rose-700 tabular-nums ring-1 ring-rose-500/25 dark:text-rose-300">
              {parked}
            </span>
          </h3>
          <p className="mt-0.5 text-xs text-fg-muted">
            <Trans comment="{WEBHOOK_MAX_ATTEMPTS} is a number of attempts">
              Not sent after {WEBHOOK_MAX_ATTEMPTS} attempts, or refused by Discord. Retry puts a message back
              in the queue.
            </Trans>
          </p>
          <ul id={listId} className="mt-2 space-y-2">
            {shown.map((message) => (
              <ParkedRow
                key={message.id}
                message={message}
                retrying={pendingId === message.id}
                disabled={retry.isPending}
                onRetry={() => {
                  setRetried(null);
                  retry.mutate(
                    { id: webhook.id, message: message.id },
                    { onSuccess: () => setRetried(message.title) },
                  );
                }}
              />
            ))}
          </ul>
          {parked > PARKED_SHOWN && (
            <button
              type="button"
              aria-expanded={showAll}
              aria-controls={listId}
              onClick={() => setShowAll(!showAll)}
              className={buttonClass('ghost', 'sm', 'mt-1 -ml-3')}
            >
              <ChevronDown
                aria-hidden
                className={clsx('size-4 transition-transform', showAll && 'rotate-180')}
              />
              {showAll ? (
                <Trans>Show the newest only</Trans>
              ) : (
                <Plural value={parked} one="Show all # parked messages" other="Show all # parked messages" />
              )}
            </button>
          )}
          {retry.isError && (
            <Alert tone="error" className="mt-2">
              {errorText(
                retry.error,
                t`The message could not be retried. Please try again.`,
                WEBHOOK_ERROR_MESSAGES,
              )}
            </Alert>
          )}
        </section>
      )}
      {/* Outside the section, which goes once its last message is retried. */}
      <p role="status" className={clsx('text-sm text-fg-muted', retried && 'mt-2')}>
        {retried && (
          <Trans comment="{retried} is the message's title">
            &ldquo;{retried}&rdquo; waits to be sent again.
          </Trans>
        )}
      </p>
    </>
  );
}

function ParkedRow({
  message,
  retrying,
  disabled,
  onRetry,
}: {
  message: ParkedWebhookMessage;
  retrying: boolean;
  disabled: boolean;
  onRetry: () => void;
}) {
  const { t } = useLingui();
  const attempts = message.attempts;
  const when = formatTimestamp(message.parked_at);
  const title = message.title;
  return (
    <li
      data-message={message.id}
      className="flex flex-wrap items-start gap-x-3 gap-y-2 rounded-lg border border-rose-500/20 bg-rose-500/[0.04] p-3"
    >
      <div className="min-w-0 flex-1 basis-56">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <EventBadge event={message.event} />
          <span className="min-w-0 font-medium wrap-anywhere text-fg">{message.title}</span>
        </p>
        <p className="mt-1 font-mono text-xs wrap-anywhere text-rose-700 dark:text-rose-300">
          {message.error}
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          <Plural value={attempts} one="# attempt" other="# attempts" />
          {' · '}
          <Trans comment="{when} is a date and time">
            parked <time dateTime={message.parked_at}>{when}</time>
          </Trans>
        </p>
      </div>
      <button
        type="button"
        disabled={disabled}
        onClick={onRetry}
        aria-label={t`Retry “${title}”`}
        className={buttonClass('secondary', 'sm')}
      >
        <RotateCcw aria-hidden className={clsx('size-4', retrying && 'motion-safe:animate-spin')} />
        {retrying
          ? t`Retrying…`
          : t({ message: 'Retry', comment: 'Button: sends a parked webhook message again' })}
      </button>
    </li>
  );
}
