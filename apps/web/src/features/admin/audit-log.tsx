import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { AUDIT_ACTIONS, type AuditActionName, type AuditEvent } from '@prison/shared/admin';
import { clsx } from 'clsx';
import { ScrollText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { translate } from '../../lib/i18n.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { type AuditFilters, auditErrorText, useAuditEvents } from './api.ts';

// The audit log's names for the actions it records (the stored keys stay as they are).
const ACTION_LABELS: Record<AuditActionName, MessageDescriptor> = {
  'doc.create': msg`Doc created`,
  'doc.edit': msg`Doc edited`,
  'doc.delete': msg`Doc deleted`,
  'doc.restore': msg`Doc restored`,
  'rcon.command': msg`Command`,
  '2fa.enable': msg`Two-factor on`,
  '2fa.disable': msg`Two-factor off`,
  'auth.staff_login': msg`Staff sign-in`,
  'auth.second_factor_failed': msg`Second factor failed`,
  '2fa.reset': msg`Two-factor cleared`,
  'account.roles': msg`Roles set`,
  'account.password': msg`Password set`,
  'bridge.credential_create': msg`Game server credential made`,
  'bridge.credential_revoke': msg`Game server credential revoked`,
  'punishment.issue': msg`Punishment sent`,
  'punishment.pardon': msg`Pardon sent`,
  'appeal.create': msg`Appeal made`,
  'appeal.accept': msg`Appeal accepted`,
  'appeal.deny': msg`Appeal denied`,
  'webhook.create': msg`Webhook added`,
  'webhook.update': msg`Webhook events changed`,
  'webhook.delete': msg`Webhook removed`,
  'webhook.test': msg`Webhook test message`,
  'webhook.retry': msg`Webhook message retried`,
  'discord.link': msg`Discord account linked`,
  'discord.unlink': msg`Discord account unlinked`,
};

const CARD_HEADING = 'h3';

// Typing in the actor box asks the server once the typing pauses.
const ACTOR_DELAY_MS = 300;

/** Every staff action, newest first, filtered by who and what, a page at a time. */
export function AuditLog({ className }: { className?: string }) {
  const actorId = useId();
  const [actorText, setActorText] = useState('');
  const [actor, setActor] = useState('');
  const [action, setAction] = useState<AuditFilters['action']>('');
  useEffect(() => {
    const timer = setTimeout(() => setActor(actorText.trim()), ACTOR_DELAY_MS);
    return () => clearTimeout(timer);
  }, [actorText]);
  const { t } = useLingui();
  const audit = useAuditEvents({ actor, action });
  const events = audit.data?.pages.flatMap((page) => page.events);
  const actionOptions: SelectOption<AuditFilters['action']>[] = [
    { value: '', label: t`All actions` },
    ...AUDIT_ACTIONS.map((name) => ({ value: name, label: t(ACTION_LABELS[name]) })),
  ];

  return (
    <Card
      title={t`Audit log`}
      icon={<ScrollText className="size-5" />}
      heading={CARD_HEADING}
      className={className}
    >
      <div className="mb-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={actorId} className={fieldLabelClass}>
            <Trans comment="Audit log filter: who did the action">Actor</Trans>
          </label>
          <input
            id={actorId}
            type="search"
            value={actorText}
            onChange={(event) => setActorText(event.target.value)}
            placeholder={t`Name or uuid`}
            autoComplete="off"
            spellCheck={false}
            className={clsx(controlClass, 'px-3.5')}
          />
        </div>
        <Select label={t`Action`} value={action} onChange={setAction} options={actionOptions} />
      </div>
      {events === undefined ? (
        <p className="text-sm text-fg-muted">{audit.isError ? auditErrorText(audit.error) : t`Loading…`}</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-fg-muted">{t(emptyText(actor, action))}</p>
      ) : (
        <>
          <ol
            aria-busy={audit.isPlaceholderData}
            className={clsx('divide-y divide-line text-sm', audit.isPlaceholderData && 'opacity-60')}
          >
            {events.map((event) => (
              <AuditEntry key={event.id} event={event} />
            ))}
          </ol>
          {audit.isFetchNextPageError && (
            <p className="mt-2 text-xs text-rose-700 dark:text-rose-300">{auditErrorText(audit.error)}</p>
          )}
          {audit.hasNextPage && (
            <button
              type="button"
              disabled={audit.isFetchingNextPage}
              onClick={() => void audit.fetchNextPage()}
              className={buttonClass('secondary', 'sm', 'mt-3 self-start')}
            >
              {audit.isFetchingNextPage ? t`Loading…` : t`Load more`}
            </button>
          )}
        </>
      )}
    </Card>
  );
}

function emptyText(actor: string, action: AuditFilters['action']): MessageDescriptor {
  if (actor) return msg`Nothing recorded matches these filters.`;
  if (action === 'rcon.command') return msg`No commands have been sent from the site yet.`;
  return action
    ? msg`Nothing recorded matches these filters.`
    : msg`No staff actions have been recorded yet.`;
}

function AuditEntry({ event }: { event: AuditEvent }) {
  const { t } = useLingui();
  const { error, ...rest } = event.detail ?? {};
  const more = Object.entries(rest).map(([key, value]) => `${key}: ${detailValue(value)}`);
  const bad = event.outcome === 'refused' || event.outcome === 'failed';
  return (
    <li className="py-2" data-audit-action={event.action}>
      <p className="truncate font-mono text-xs font-semibold text-fg">
        {event.action === 'rcon.command' ? `> ${event.target}` : (event.target ?? event.actor_name)}
      </p>
      <p className="mt-0.5 flex flex-wrap justify-between gap-x-3 text-xs text-fg-muted">
        <span>
          {event.actor_name} · {t(ACTION_LABELS[event.action])}
          <span className={clsx(bad && 'text-rose-700 dark:text-rose-300')}>
            {' · '}
            {typeof error === 'string' ? error : <Outcome outcome={event.outcome} />}
          </span>
        </span>
        <time dateTime={event.at} className="ml-auto">
          {formatTimestamp(event.at)}
        </time>
      </p>
      {more.length > 0 && <p className="mt-0.5 text-xs wrap-anywhere text-fg-muted">{more.join(' · ')}</p>}
    </li>
  );
}

/** How an action went, as the entry shows it (the stored outcome stays as it is). */
function Outcome({ outcome }: { outcome: AuditEvent['outcome'] }) {
  switch (outcome) {
    case 'ok':
      return <Trans comment="Audit log: how an action went (it succeeded)">ok</Trans>;
    case 'refused':
      return <Trans comment="Audit log: how an action went (it was refused)">refused</Trans>;
    case 'failed':
      return <Trans comment="Audit log: how an action went (it failed)">failed</Trans>;
    case 'sent':
      return (
        <Trans comment="Audit log: how an action went (a command sent, its answer not recorded)">sent</Trans>
      );
  }
}

/** A detail's value in a few words: lists joined, anything else as JSON. */
function detailValue(value: unknown): string {
  if (Array.isArray(value))
    return value.length > 0 ? value.map(detailValue).join(', ') : translate(msg`none`);
  return typeof value === 'string' ? value : JSON.stringify(value);
}
