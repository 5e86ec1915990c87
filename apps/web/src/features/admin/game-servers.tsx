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
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Stat, StatSkeleton } from '../../components/ui/stat.tsx';
import { useSession } from '../../lib/session.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { consoleCardErrorText, errorDetail, useCreateCredential, useRevokeCredential } from './api.ts';

type Inspector = { isPending: boolean; isError: boolean; error: unknown; data: BridgeInspector | undefined };

/** The deliveries waiting, handed to a socket, and acknowledged in the last day. */
export function DeliveryCounts({ inspector }: { inspector: Inspector }) {
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
    <dl aria-label="Deliveries" className="grid grid-cols-3 gap-2 sm:gap-4">
      <Stat
        label="Waiting"
        icon={Timer}
        value={String(counts.waiting)}
        detail={<Detail>Held by no game server socket</Detail>}
      />
      <Stat
        label="Taken"
        icon={PackageOpen}
        value={String(counts.taken)}
        detail={<Detail>Handed to a socket, not acknowledged</Detail>}
      />
      <Stat
        label="Delivered"
        icon={PackageCheck}
        value={String(counts.acknowledged_last_24h)}
        detail="Acknowledged in the last 24 hours"
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
  const session = useSession();
  const mayManage = session !== null && isOwner(session.user.roles);
  const revoke = useRevokeCredential();
  const [chosen, setChosen] = useState<BridgeServer | null>(null);
  const [open, setOpen] = useState(false);
  const [revoked, setRevoked] = useState<string | null>(null);
  const servers = inspector.data?.servers;

  return (
    <Card title="Servers" icon={<ServerCog className="size-5" />} heading="h2" className={className}>
      <p className="-mt-1 text-sm text-fg-muted">
        Each game server connects with its own credential; &ldquo;default&rdquo; is BRIDGE_TOKEN.
      </p>
      {inspector.isPending ? (
        <div aria-hidden className="mt-3 space-y-3">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : inspector.isError || !servers ? (
        <p className="mt-3 text-sm text-fg-muted">
          {consoleCardErrorText(inspector.error, 'The game servers could not be loaded.')}
        </p>
      ) : (
        <ul aria-label="Game servers" className="mt-2 divide-y divide-line">
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
        {revoked &&
          `The credential ${revoked} is revoked: its game server is refused from its next request on.`}
      </p>
      {mayManage && <NewCredential />}
      {mayManage && (
        <Dialog
          open={open}
          onClose={() => setOpen(false)}
          title={`Revoke ${chosen?.name ?? ''}?`}
          description={
            <>
              The game server using this credential is refused from its next request on, its events and its
              deliveries alike. It cannot be undone: make a new credential to connect it again. The audit log
              records it.
            </>
          }
        >
          {revoke.isError && (
            <Alert tone="error" className="mt-4">
              {errorDetail(revoke.error, 'The credential could not be revoked. Please try again.')}
            </Alert>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <DialogClose className={buttonClass('ghost', 'md')}>Cancel</DialogClose>
            <button
              type="button"
              disabled={revoke.isPending}
              onClick={() => {
                if (!chosen?.credential_id) return;
                const { credential_id: id, name } = chosen;
                revoke.mutate(id, {
                  onSuccess: () => {
                    setRevoked(name);
                    setOpen(false);
                  },
                });
              }}
              className={buttonClass('danger', 'md')}
            >
              <ShieldX aria-hidden className="size-4" />
              {revoke.isPending ? 'Revoking…' : 'Revoke credential'}
            </button>
          </div>
        </Dialog>
      )}
    </Card>
  );
}

function ServerRow({ server, onRevoke }: { server: BridgeServer; onRevoke?: () => void }) {
  const connected = server.sockets > 0;
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
          {server.credential_id === null && <span className="text-xs text-fg-muted">BRIDGE_TOKEN</span>}
          {server.revoked && (
            <span className="rounded-md bg-rose-500/10 px-1.5 py-0.5 text-xs font-medium text-rose-700 ring-1 ring-rose-500/25 dark:text-rose-300">
              Revoked
            </span>
          )}
        </p>
        <p className="mt-1 text-xs text-fg-muted">
          Last contact{' '}
          {server.last_used_at ? (
            <time dateTime={server.last_used_at}>{formatTimestamp(server.last_used_at)}</time>
          ) : (
            'never'
          )}
        </p>
      </div>
      <dl className="flex items-center gap-4 text-xs">
        <div>
          <dt className="text-fg-muted">Sockets</dt>
          <dd className="font-semibold text-fg tabular-nums">{server.sockets}</dd>
        </div>
        <div>
          <dt className="text-fg-muted">Holding</dt>
          <dd className="font-semibold text-fg tabular-nums">{server.deliveries_taken}</dd>
        </div>
      </dl>
      {onRevoke && (
        <button
          type="button"
          onClick={onRevoke}
          aria-label={`Revoke ${server.name}`}
          className={buttonClass('secondary', 'sm')}
        >
          Revoke
        </button>
      )}
    </li>
  );
}

/** An owner's form for a new credential; its token is shown once, to be copied into the plugin. */
function NewCredential() {
  const nameId = useId();
  const [name, setName] = useState('');
  const create = useCreateCredential();
  const made = create.data;

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
            New credential for a game server
          </label>
          <input
            id={nameId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            placeholder="e.g. lobby-1"
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
          {create.isPending ? 'Creating…' : 'Create credential'}
        </button>
      </form>
      {create.isError && (
        <Alert tone="error" className="mt-3">
          {errorDetail(create.error, 'The credential could not be made. Please try again.')}
        </Alert>
      )}
      {made && (
        <section
          aria-label="New credential's token"
          className="mt-3 rounded-xl border border-amber-500/30 bg-amber-400/10 p-4"
        >
          <p className="flex items-center gap-2 text-sm font-semibold text-fg">
            <KeyRound aria-hidden className="size-4 text-amber-700 dark:text-amber-300" />
            Token for <span className="font-mono">{made.credential.name}</span>
          </p>
          <p className="mt-1 text-sm text-fg-muted">
            Copy it into the game server plugin&rsquo;s configuration now: it will not be shown again.
          </p>
          <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-center">
            <code className="min-w-0 flex-1 rounded-lg border border-line bg-surface-sunken px-3 py-2 font-mono text-xs break-all text-fg">
              {made.token}
            </code>
            <CopyButton text={made.token} label="Copy token" />
          </div>
          <button
            type="button"
            onClick={() => create.reset()}
            className={buttonClass('ghost', 'sm', 'mt-2 -ml-3')}
          >
            Done, hide it
          </button>
        </section>
      )}
    </div>
  );
}

const clock = new Intl.DateTimeFormat(undefined, { timeStyle: 'medium' });

/** The newest batches the game servers sent, each refused one's refusals shown on demand. */
export function RecentBatches({ inspector, className }: { inspector: Inspector; className?: string }) {
  const batches = inspector.data?.batches;
  return (
    <Card title="Recent batches" icon={<Waypoints className="size-5" />} heading="h2" className={className}>
      <p className="-mt-1 text-sm text-fg-muted">
        What the game servers reported, newest first: a refused batch applies nothing.
      </p>
      {inspector.isPending ? (
        <div aria-hidden className="mt-3 space-y-2">
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
          <Skeleton className="h-8 w-full" />
        </div>
      ) : inspector.isError || !batches ? (
        <p className="mt-3 text-sm text-fg-muted">
          {consoleCardErrorText(inspector.error, 'The recent batches could not be loaded.')}
        </p>
      ) : batches.length === 0 ? (
        <p className="mt-3 text-sm text-fg-muted">No batch has been received yet.</p>
      ) : (
        <div className="-mx-5 mt-2 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead className="text-xs text-fg-muted">
              <tr className="border-b border-line">
                <th scope="col" className="py-2 pr-2 pl-5 font-medium">
                  Received
                </th>
                <th scope="col" className="px-2 py-2 font-medium">
                  Server
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Applied
                </th>
                <th scope="col" className="px-2 py-2 text-right font-medium">
                  Skipped
                </th>
                <th scope="col" className="py-2 pr-5 pl-2 text-right font-medium">
                  Refused
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
  const [open, setOpen] = useState(false);
  const refusalsId = useId();
  const refused = batch.refused > 0;
  return (
    <>
      <tr className={clsx(refused && 'bg-rose-500/[0.04]')}>
        <td className="py-2 pr-2 pl-5 whitespace-nowrap text-fg-muted tabular-nums">
          <time dateTime={batch.received_at} title={formatTimestamp(batch.received_at)}>
            {clock.format(new Date(batch.received_at))}
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
              aria-label={`${batch.refused} refused: ${open ? 'hide' : 'show'} the reasons`}
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
            <ul aria-label="Refusals" className="space-y-1.5 rounded-xl bg-surface-sunken/70 p-3 text-xs">
              {batch.errors.map((e, i) => (
                <li key={i} className="grid gap-x-3 gap-y-0.5 sm:grid-cols-[5rem_10rem_1fr]">
                  <span className="text-fg-muted tabular-nums">
                    {e.index === null ? 'Whole batch' : `Event ${e.index}`}
                  </span>
                  <span className="font-mono font-semibold text-fg">{e.code}</span>
                  <span className="wrap-anywhere text-fg-muted">{e.reason}</span>
                </li>
              ))}
              {batch.errors.length < batch.refused && batch.errors.every((e) => e.index !== null) && (
                <li className="text-fg-muted">…and {batch.refused - batch.errors.length} more not kept.</li>
              )}
            </ul>
          </td>
        </tr>
      )}
    </>
  );
}
