import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_WEBHOOKS, type WebhookEvent } from '@prison/shared/webhooks';
import { clsx } from 'clsx';
import { Plus } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { isHttpError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useCreateWebhook } from './api.ts';
import { WEBHOOK_ERROR_MESSAGES } from './webhook-errors.ts';
import { EventChoices } from './webhooks-events.tsx';

/** The start of every Discord webhook address, the same in every language. */
const EXAMPLE_ADDRESS = 'https://discord.com/api/webhooks/…';

/**
 * The owner's form for a new address and the kinds it receives. Once added, the address is only ever
 * shown masked: the field is emptied, and the list shows the server's masked form.
 */
export function NewWebhook({
  count,
  allowedHosts,
  className,
}: {
  /** How many addresses there are now; none is added past MAX_WEBHOOKS. */
  count: number | undefined;
  allowedHosts: readonly string[];
  className?: string;
}) {
  const { t } = useLingui();
  const urlId = useId();
  const urlHelpId = useId();
  const urlErrorId = useId();
  const eventsErrorId = useId();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  // What the owner is told before anything is sent; null until they first try to add.
  const [problems, setProblems] = useState<{ url?: string; events?: string } | null>(null);
  const [added, setAdded] = useState(false);
  const create = useCreateWebhook();
  const full = count !== undefined && count >= MAX_WEBHOOKS;

  function check(nextUrl: string, nextEvents: readonly WebhookEvent[]) {
    return {
      url: nextUrl.trim() ? undefined : t`Paste the webhook address from Discord.`,
      events: nextEvents.length > 0 ? undefined : t`Pick at least one kind of event.`,
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (create.isPending) return;
    const found = check(url, events);
    setProblems(found);
    setAdded(false);
    if (found.url || found.events) return;
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: () => {
          setUrl('');
          setEvents([]);
          setProblems(null);
          setAdded(true);
        },
      },
    );
  }

  // The server's refusal of the address (400) is said under the field; any other refusal below.
  const refusedAddress = create.isError && isHttpError(create.error) && create.error.status === 400;
  const urlProblem =
    problems?.url ??
    (refusedAddress
      ? errorText(create.error, t`This is not a Discord webhook address.`, WEBHOOK_ERROR_MESSAGES)
      : undefined);
  const eventsProblem = problems?.events;
  const others = allowedHosts.join(', ');

  return (
    <Card title={t`Add a webhook`} icon={<Plus className="size-5" />} className={className}>
      {full ? (
        <p className="text-sm text-fg-muted">
          <Trans comment="{MAX_WEBHOOKS} is a number">
            The site keeps at most {MAX_WEBHOOKS} webhook addresses: remove one to add another.
          </Trans>
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-5">
          <div>
            <label htmlFor={urlId} className={fieldLabelClass}>
              <Trans>Webhook address</Trans>
            </label>
            <input
              id={urlId}
              inputMode="url"
              value={url}
              onChange={(event) => {
                setUrl(event.target.value);
                if (problems?.url) setProblems({ ...problems, url: undefined });
                if (refusedAddress) create.reset();
              }}
              placeholder={EXAMPLE_ADDRESS}
              autoComplete="off"
              spellCheck={false}
              maxLength={512}
              aria-invalid={urlProblem ? true : undefined}
              aria-describedby={clsx(urlProblem && urlErrorId, urlHelpId)}
              className={clsx(controlClass, 'px-3.5 font-mono', urlProblem && 'border-rose-500')}
            />
            {urlProblem && (
              <p id={urlErrorId} className="mt-1.5 text-sm font-medium text-rose-700 dark:text-rose-300">
                {urlProblem}
              </p>
            )}
            <p id={urlHelpId} className="mt-1.5 text-xs text-fg-muted">
              {others ? (
                <Trans comment="{others} lists host:port pairs the site's settings allow besides Discord's">
                  An https address on discord.com, or an address on {others} (WEBHOOK_ALLOW_HOSTS). Once
                  added, only its end is shown again.
                </Trans>
              ) : (
                <Trans>An https address on discord.com. Once added, only its end is shown again.</Trans>
              )}
            </p>
          </div>
          <div>
            <EventChoices
              legend={t`It receives`}
              value={events}
              onChange={(next) => {
                setEvents(next);
                if (problems?.events && next.length > 0) setProblems({ ...problems, events: undefined });
              }}
              described
              errorId={eventsProblem ? eventsErrorId : undefined}
            />
            {eventsProblem && (
              <p id={eventsErrorId} className="mt-1.5 text-sm font-medium text-rose-700 dark:text-rose-300">
                {eventsProblem}
              </p>
            )}
          </div>
          {create.isError && !refusedAddress && (
            <Alert tone="error">
              {errorText(
                create.error,
                t`The webhook could not be added. Please try again.`,
                WEBHOOK_ERROR_MESSAGES,
              )}
            </Alert>
          )}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" disabled={create.isPending} className={buttonClass('primary', 'md')}>
              <Plus aria-hidden className="size-4" />
              {create.isPending ? t`Adding…` : t`Add webhook`}
            </button>
            <p role="status" className="text-sm text-fg-muted">
              {added && <Trans>Added: it is listed with its address masked.</Trans>}
            </p>
          </div>
        </form>
      )}
    </Card>
  );
}
