// The kinds of event a Discord webhook receives, as the console words them (the shared descriptions
// are the API documents' English), and the checkboxes that pick them.
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { WEBHOOK_EVENTS, type WebhookEvent } from '@prison/shared/webhooks';
import { clsx } from 'clsx';
import { useId } from 'react';

export const EVENT_LABELS: Record<
  WebhookEvent,
  { label: MessageDescriptor; description: MessageDescriptor }
> = {
  purchase: {
    label: msg({ message: 'Purchases', comment: 'Webhook event kind: auction listings bought' }),
    description: msg`A listing bought in the auction house, on the site or in game`,
  },
  listing: {
    label: msg({ message: 'New listings', comment: 'Webhook event kind: new auction listings' }),
    description: msg`A new listing in the auction house`,
  },
  punishment: {
    label: msg({ message: 'Punishments', comment: 'Webhook event kind: bans, mutes, warnings, kicks' }),
    description: msg`A ban, mute, warning or kick given, and a punishment lifted`,
  },
  appeal: {
    label: msg({ message: 'Appeals', comment: 'Webhook event kind: punishment appeals' }),
    description: msg`An appeal made, and an appeal answered`,
  },
  doc: {
    label: msg({ message: 'Docs', comment: 'Webhook event kind: documentation pages' }),
    description: msg`A documentation page written or edited`,
  },
  server: {
    label: msg({ message: 'Game server', comment: 'Webhook event kind: the game server down or up' }),
    description: msg`The game server going down, and coming back up`,
  },
  milestone: {
    label: msg({ message: 'Milestones', comment: 'Webhook event kind: prestiges, gang treasury marks' }),
    description: msg`A player's prestige, and a gang's treasury passing a mark`,
  },
};

/** The kinds chosen, in the contract's order whatever order they were ticked in. */
export const inEventOrder = (events: readonly WebhookEvent[]): WebhookEvent[] =>
  WEBHOOK_EVENTS.filter((event) => events.includes(event));

/**
 * A checkbox per kind. `described` lays them out one under another, each with what it covers (the
 * add form); otherwise they wrap as a row of chips, the description as their tooltip (an address's
 * card, where the form has already said what each is).
 */
export function EventChoices({
  legend,
  value,
  onChange,
  disabled = false,
  described = false,
  errorId,
}: {
  legend: string;
  value: readonly WebhookEvent[];
  onChange: (events: WebhookEvent[]) => void;
  disabled?: boolean;
  described?: boolean;
  /** The id of the message saying what is wrong with the choice, if one is shown. */
  errorId?: string;
}) {
  const { t } = useLingui();
  const id = useId();
  const toggle = (event: WebhookEvent, on: boolean) =>
    onChange(inEventOrder(on ? [...value, event] : value.filter((e) => e !== event)));
  return (
    <fieldset disabled={disabled} aria-describedby={errorId}>
      <legend className="mb-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">{legend}</legend>
      <div className={described ? 'grid gap-1 sm:grid-cols-2 xl:grid-cols-1' : 'flex flex-wrap gap-2'}>
        {WEBHOOK_EVENTS.map((event) => {
          const checked = value.includes(event);
          const boxId = `${id}-${event}`;
          const { label, description } = EVENT_LABELS[event];
          return described ? (
            // The label names the box by the kind alone; what it covers is its description.
            <div key={event} className="flex items-start gap-3 rounded-xl px-2 py-2 hover:bg-fg/[0.04]">
              <input
                id={boxId}
                type="checkbox"
                checked={checked}
                onChange={(e) => toggle(event, e.target.checked)}
                aria-describedby={`${boxId}-about`}
                className="mt-0.5 size-4 shrink-0 cursor-pointer accent-amber-500"
              />
              <div className="min-w-0">
                <label htmlFor={boxId} className="block cursor-pointer text-sm font-medium text-fg">
                  {t(label)}
                </label>
                <p id={`${boxId}-about`} className="text-xs text-fg-muted">
                  {t(description)}
                </p>
              </div>
            </div>
          ) : (
            <label
              key={event}
              htmlFor={boxId}
              title={t(description)}
              className={clsx(
                'inline-flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm ring-1 transition ring-inset',
                checked
                  ? 'bg-amber-400/12 font-medium text-fg ring-amber-500/40'
                  : 'text-fg-muted ring-line-strong hover:text-fg',
              )}
            >
              <input
                id={boxId}
                type="checkbox"
                checked={checked}
                onChange={(e) => toggle(event, e.target.checked)}
                className="size-4 shrink-0 accent-amber-500"
              />
              {t(label)}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** A kind's name as a small badge (a parked message's kind). */
export function EventBadge({ event }: { event: WebhookEvent }) {
  const { t } = useLingui();
  return (
    <span className="inline-flex shrink-0 items-center rounded-md bg-fg/[0.06] px-1.5 py-0.5 text-xs font-medium text-fg-muted ring-1 ring-line ring-inset">
      {t(EVENT_LABELS[event].label)}
    </span>
  );
}
