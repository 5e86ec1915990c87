import { plural } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { BridgeBatchRecord, BridgeInspector, BridgeServer } from '@prison/shared/bridge-inspector';
import { isOwner } from '@prison/shared/roles';
import { clsx } from 'clsx';
import {
  ChevronDown,
  KeyRound,
  PackageCheck,
  PackageOpen,
  Plus,
  ServerCog,
  ShieldX,
  Timer,
  Waypoints,
} from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { errorText } from '../../lib/error-text.ts';
import { pageDateTimeFormat } from '../../lib/page-intl.ts';
import { useSession } from '../../lib/session.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { consoleCardErrorText, useCreateCredential, useRevokeCredential } from './api.ts';
import { ConfirmActions } from './confirm-actions.tsx';

/** The name the game servers' shared token goes by in the configuration (the "default" credential). */
const SHARED_TOKEN = 'BRIDGE_TOKEN';

type Inspector = { isPending: boolean; isError: boolean; error: unknown; data: BridgeInspector | undefined };

/** The deliveries waiting, handed to a socket, and acknowledged in the last day. */
export function DeliveryCounts({ inspector }: { inspector: Inspector }) {
  const { t } = useLingui();
  const counts = inspector.data?.deliveries;
  if (!counts) {
    return (
      <div aria-hidden className="grid grid-cols-3 gap-2 sm:gap-4">
        <StatSkeleton />
        <StatSkeleton />
        <StatSkeleton />
      </div>
    );
  }
  return (
    <dl aria-label={t`Deliveries`} className="grid grid-cols-3 gap-2 sm:gap-4">
      <Stat
        label={t({ message: 'Waiting', comment: 'Deliveries held by no game server socket' })}
        icon={Timer}
        value={String(counts.waiting)}
        detail={<Detail>{t`Held by no game server socket`}</Detail>}
      />
      <Stat
        label={t({ message: 'Taken', comment: 'Deliveries handed to a socket, not acknowledged yet' })}
        icon={PackageOpen}
        value={String(counts.taken)}
        detail={<Detail>{t`Handed to a socket, not acknowledged`}</Detail>}
      />
      <Stat
        label={t({ message: 'Delivered', comment: 'Deliveries acknowledged in the last 24 hours' })}
        icon={PackageCheck}
        value={String(counts.acknowledged_last_24h)}
        detail={t`Acknowledged in the last 24 hours`}
      />
    </dl>
  );
}

/** A figure's explanation, left out on a phone where three figures share the width. */
const Detail = ({ children }: { children: string }) => <span className="hidden sm:inline">{children}</span>;

/**
 * Each game server's credential, its last contact and its delivery sockets open now. An owner makes
 * a credential here (its token shown once) and revokes one after a confirmation.
 */
export function GameServerList({ inspector, className }: { inspector: Inspector; className?: string }) {
  const { t } = useLingui();
  const session = useSession();
  const mayManage = session !== null && isOwner(session.user.roles);
  const revoke = useRevokeCredential();
  const [chosen, setChosen] = useState<BridgeServer | null>(null);
  const [open, setOpen] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);
  const servers = inspector.data?.servers;
  const credential = chosen?.name ?? '';

  return (
    <Card title={t`Servers`} icon={<ServerCog className="size-5" />} className={className}>
      <p className="-mt-1 text-sm text-fg-muted">
        <Trans comment="“default” is the name of the credential that uses the shared token (keep it as is)">
          Each game server connects with its own credential; &ldquo;default&rdquo; is {SHARED_TOKEN}.
        </Trans>
      </p>
      {inspector.isPending ? (
        <div aria-hidden className="mt-3 space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : inspector.isError || !servers ? (
        <p className="mt-3 text-sm text-fg-muted">
          {consoleCardErrorText(inspector.error, t`The game servers could not be loaded.`)}
        </p>
      ) : (
        <ul aria-label={t`Game servers`} className="mt-2 divide-y divide-line">
          {servers.map((server) => (
            <ServerRow
              key={server.credential_id ?? server.name}
              server={server}
              onRevoke={
                mayManage && server.credential_id && !server.revoked
                  ? () => {
                      revoke.reset();
                      setChosen(server);
                      setOpen(true);
                    }
                  : undefined
              }
            />
          ))}
        </ul>
      )}
      <p role="status" className={clsx('text-sm text-fg-muted', revoked && 'mt-3')}>
        {revoked && (
          <Trans comment="{revoked} is the credential's name">
            The credential {revoked} is revoked: its game server is refused from its next request on.
          </Trans>
        )}
      </p>
      {mayManage && <NewCredential />}
      {mayManage && (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={t`Revoke ${credential}?`}
          description={
            <Trans>
              The game server using this credential is refused from its next request on, its events and its
              deliveries alike. It cannot be undone: make a new credential to connect it again. The audit log
              records it.
            </Trans>
          }
        >
          <ConfirmActions
            error={
              revoke.isError
                ? errorText(revoke.error, t`The credential could not be revoked. Please try again.`)
                : null
            }
            icon={<ShieldX aria-hidden className="size-4" />}
            label={revoke.isPending ? t`Revoking…` : t`Revoke credential`}
            pending={revoke.isPending}
            onConfirm={() => {
              if (!chosen?.credential_id) return;
              const { credential_id: id, name } = chosen;
              revoke.mutate(id, {
                onSuccess: () => {
                  setRevoked(name);
                  setOpen(false);
                },
              });
            }}
          />
        </Dialog>
      )}
    </Card>
  );
}

function ServerRow({ server, onRevoke }: { server: BridgeServer; onRevoke?: () => void }) {
  const { t } = useLingui();
  const connected = server.sockets > 0;
  const credential = server.name;
  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-server={server.name}>
      <div className="min-w-0 flex-1 basis-48">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span
            aria-hidden
            className={clsx(
              'size-2 shrink-0 rounded-full',
              connected ? 'bg-emerald-500' : 'bg-fg-muted/40',
              server.revoked && 'bg-rose-500/60',
            )}
          />
          <span
            className={clsx('truncate font-mono font-semibold text-fg', server.revoked && 'line-through')}
          >
            {server.name}
          </span>
          {server.credential_id === null && <span className="text-xs text-fg-muted">{SHARED_TOKEN}</span>}
          {server.revoked && (
            <span className="rounded-md bg-rose-500/10 px-1.5 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-500/25 dark:text-rose-300">
              <Trans comment="A game server's credential that was revoked">Revoked</Trans>
            </span>
          )}
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          <LastContact at={server.last_used_at} />
        </p>
      </div>
      <dl className="flex items-center gap-4 text-xs">
        <div>
          <dt className="text-fg-muted">
            <Trans comment="The game server's delivery sockets open now">Sockets</Trans>
          </dt>
          <dd className="font-semibold text-fg tabular-nums">{server.sockets}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">
            <Trans comment="Deliveries the game server has taken and not acknowledged yet">Holding</Trans>
          </dt>
          <dd className="font-semibold text-fg tabular-nums">{server.deliveries_taken}</dd>
        </div>
      </dl>
      {onRevoke && (
        <button
          type="button"
          onClick={onRevoke}
          aria-label={t`Revoke ${credential}`}
          className={buttonClass('secondary', 'sm')}
        >
          <Trans comment="Button: revokes a game server's credential">Revoke</Trans>
        </button>
      )}
    </li>
  );
}

/** When the game server last used its credential. */
function LastContact({ at }: { at: string | null }) {
  if (!at) return <Trans comment="A game server that never used its credential">Last contact never</Trans>;
  const when = formatTimestamp(at);
  return (
    <Trans comment="{when} is a date and time">
      Last contact <time dateTime={at}>{when}</time>
    </Trans>
  );
}

/** An owner's form for a new credential; its token is shown once, to be copied into the plugin. */
function NewCredential() {
  const { t } = useLingui();
  const nameId = useId();
  const [name, setName] = useState('');
  const create = useCreateCredential();
  const made = create.data;
  const credential = made?.credential.name;

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed || create.isPending) return;
    create.mutate(trimmed, { onSuccess: () => setName('') });
  }

  return (
    <div className="mt-4 border-t border-line pt-4">
      <form onSubmit={submit} className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <label htmlFor={nameId} className={fieldLabelClass}>
            <Trans>New credential for a game server</Trans>
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder={t`e.g. lobby-1`}
            autoComplete="off"
            spellCheck={false}
            maxLength={32}
            className={clsx(controlClass, 'px-3.5 font-mono')}
          />
        </div>
        <button
          type="submit"
          disabled={create.isPending || !name.trim()}
          className={buttonClass('primary', 'md', 'shrink-0')}
        >
          <Plus aria-hidden className="size-4" />
          {create.isPending ? t`Creating…` : t`Create credential`}
        </button>
      </form>
      {create.isError && (
        <Alert tone="error" className="mt-3">
          {errorText(create.error, t`The credential could not be made. Please try again.`)}
        </Alert>
      )}
      {made && (
        <section
          aria-label={t`New credential's token`}
          className="mt-3 rounded-xl border border-amber-500/30 bg-amber-400/10 p-4"
        >
          <p className="flex items-center gap-2 text-sm font-semibold text-fg">
            <KeyRound aria-hidden className="size-4 text-amber-700 dark:text-amber-300" />
            <Trans comment="{credential} is the new credential's name">
              Token for <span className="font-mono">{credential}</span>
            </Trans>
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            <Trans>
              Copy it into the game server plugin&rsquo;s configuration now: it will not be shown again.
            </Trans>
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 flex-1 rounded-lg border border-line bg-surface-sunken px-3 py-2 font-mono text-xs break-all text-fg">
              {made.token}
            </code>
            <CopyButton text={made.token} label={t`Copy token`} />
          </div>
          <button
            type="button"
            onClick={() => create.reset()}
            className={buttonClass('ghost', 'sm', 'mt-2 -ml-3')}
          >
            <Trans comment="Button: hides the token shown once">Done, hide it</Trans>
          </button>
        </section>
      )}
    </div>
  );
}

const clock = () => pageDateTimeFormat('time', { timeStyle: 'medium' });

/** The newest batches the game servers sent, each refused one's refusals shown on demand. */
export function RecentBatches({ inspector, className }: { inspector: Inspector; className?: string }) {
  const { t } = useLingui();
  const batches = inspector.data?.batches;
  return (
    <Card title={t`Recent batches`} icon={<Waypoints className="size-5" />} className={className}>
      <p className="-mt-1 text-sm text-fg-muted">
        <Trans>What the game servers reported, newest first: a refused batch applies nothing.</Trans>
      </p>
      {inspector.isPending ? (
        <div aria-hidden className="mt-3 space-y-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : inspector.isError || !batches ? (
        <p className="mt-3 text-sm text-fg-muted">
          {consoleCardErrorText(inspector.error, t`The recent batches could not be loaded.`)}
        </p>
      ) : batches.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">
          <Trans>No batch has been received yet.</Trans>
        </p>
      ) : (
        <div className="-mx-5 mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-fg-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-2 pl-5 font-medium">
                  <Trans comment="Column: when the batch was received">Received</Trans>
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  <Trans comment="Column: the game server that sent the batch">Server</Trans>
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  <Trans comment="Column: the batch's events applied">Applied</Trans>
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  <Trans comment="Column: the batch's events skipped (already applied)">Skipped</Trans>
                </th>
                <th scope="col" className="py-2 pr-5 pl-2 text-right font-medium">
                  <Trans comment="Column: the batch's events refused">Refused</Trans>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {batches.map((batch) => (
                <BatchRow key={batch.id} batch={batch} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}

function BatchRow({ batch }: { batch: BridgeBatchRecord }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const refusalsId = useId();
  const refused = batch.refused > 0;
  const count = batch.refused;
  const more = batch.refused - batch.errors.length;
  return (
    <>
      <tr className={clsx(refused && 'bg-rose-500/[0.04]')}>
        <td className="py-2 pr-2 pl-5 whitespace-nowrap text-fg-muted tabular-nums">
          <time dateTime={batch.received_at} title={formatTimestamp(batch.received_at)}>
            {clock().format(new Date(batch.received_at))}
          </time>
        </td>
        <td className="max-w-32 truncate px-2 py-2 font-mono text-xs text-fg">{batch.server}</td>
        <td className="px-2 py-2 text-right text-fg tabular-nums">{batch.applied}</td>
        <td className="px-2 py-2 text-right text-fg-muted tabular-nums">{batch.skipped}</td>
        <td className="py-2 pr-5 pl-2 text-right tabular-nums">
          {refused ? (
            <button
              type="button"
              aria-expanded={open}
              aria-controls={refusalsId}
              aria-label={
                open
                  ? t`${plural(count, { one: `${count} refused: hide the reasons`, other: `${count} refused: hide the reasons` })}`
                  : t`${plural(count, { one: `${count} refused: show the reasons`, other: `${count} refused: show the reasons` })}`
              }
              onClick={() => setOpen(!open)}
              className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 font-semibold text-rose-700 hover:bg-rose-500/10 dark:text-rose-300"
            >
              {batch.refused}
              <ChevronDown
                aria-hidden
                className={clsx('size-4 transition-transform', open && 'rotate-180')}
              />
            </button>
          ) : (
            <span className="text-fg-muted">0</span>
          )}
        </td>
      </tr>
      {refused && open && (
        <tr id={refusalsId}>
          <td colSpan={5} className="px-5 pt-1 pb-3">
            <ul aria-label={t`Refusals`} className="space-y-1.5 rounded-xl bg-surface-sunken/70 p-3 text-xs">
              {batch.errors.map((e, i) => (
                <li key={i} className="grid gap-x-3 gap-y-0.5 sm:grid-cols-[5rem_10rem_1fr]">
                  <span className="text-fg-muted tabular-nums">
                    <RefusedEvent index={e.index} />
                  </span>
                  <span className="font-mono font-semibold text-fg">{e.code}</span>
                  <span className="wrap-anywhere text-fg-muted">{e.reason}</span>
                </li>
              ))}
              {batch.errors.length < batch.refused && batch.errors.every((e) => e.index !== null) && (
                <li className="text-fg-muted">
                  <Plural
                    value={more}
                    one={`…and ${more} more not kept.`}
                    other={`…and ${more} more not kept.`}
                  />
                </li>
              )}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}

/** Which of the batch's events a refusal is about, or the whole batch. */
function RefusedEvent({ index }: { index: number | null }) {
  if (index === null) return <Trans comment="A refusal of a whole batch of events">Whole batch</Trans>;
  return <Trans comment="A refusal of one event of a batch: its position">Event {index}</Trans>;
}
