import { AUDIT_ACTIONS, type AuditActionName, type AuditEvent } from '@prison/shared/admin';
import { clsx } from 'clsx';
import { ScrollText } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { formatTimestamp } from '../../lib/time-format.ts';
import { type AuditFilters, auditErrorText, useAuditEvents } from './api.ts';

const ACTION_LABELS: Record<AuditActionName, string> = {
  'doc.create': 'Doc created',
  'doc.edit': 'Doc edited',
  'doc.delete': 'Doc deleted',
  'doc.restore': 'Doc restored',
  'rcon.command': 'Command',
  '2fa.enable': 'Two-factor on',
  '2fa.disable': 'Two-factor off',
  'auth.staff_login': 'Staff sign-in',
  'auth.second_factor_failed': 'Second factor failed',
  '2fa.reset': 'Two-factor cleared',
  'account.roles': 'Roles set',
  'account.password': 'Password set',
  'bridge.credential_create': 'Game server credential made',
  'bridge.credential_revoke': 'Game server credential revoked',
};

const ACTION_OPTIONS: SelectOption<AuditFilters['action']>[] = [
  { value: '', label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: ACTION_LABELS[action] })),
];

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
  const audit = useAuditEvents({ actor, action });
  const events = audit.data?.pages.flatMap((page) => page.events);

  return (
    <Card title="Audit log" icon={<ScrollText className="size-5" />} heading="h3" className={className}>
      <div className="mb-3 grid gap-3 sm:grid-cols-2">
        <div>
          <label htmlFor={actorId} className={fieldLabelClass}>
            Actor
          </label>
          <input
            id={actorId}
            type="search"
            value={actorText}
            onChange={(event) => setActorText(event.target.value)}
            placeholder="Name or uuid"
            autoComplete="off"
            spellCheck={false}
            className={clsx(controlClass, 'px-3.5')}
          />
        </div>
        <Select label="Action" value={action} onChange={setAction} options={ACTION_OPTIONS} />
      </div>
      {events === undefined ? (
        <p className="text-sm text-fg-muted">{audit.isError ? auditErrorText(audit.error) : 'Loading…'}</p>
      ) : events.length === 0 ? (
        <p className="text-sm text-fg-muted">{emptyText(actor, action)}</p>
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
              {audit.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </>
      )}
    </Card>
  );
}

function emptyText(actor: string, action: AuditFilters['action']): string {
  if (actor) return 'Nothing recorded matches these filters.';
  if (action === 'rcon.command') return 'No commands have been sent from the site yet.';
  return action ? 'Nothing recorded matches these filters.' : 'No staff actions have been recorded yet.';
}

function AuditEntry({ event }: { event: AuditEvent }) {
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
          {event.actor_name} · {ACTION_LABELS[event.action]}
          <span className={clsx(bad && 'text-rose-700 dark:text-rose-300')}>
            {' · '}
            {typeof error === 'string' ? error : event.outcome}
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

/** A detail's value in a few words: lists joined, anything else as JSON. */
function detailValue(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.map(detailValue).join(', ') : 'none';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
