// The console's list of punishments: every one, silent ones included, with what only staff see (the
// address of an address ban, the note, the game server that reported it, the appeal), filtered by
// type, by whether it is in force and by name, a page at a time; a ban, mute or warning in force
// can be pardoned (sent to the game server as its unban, unmute or unwarn).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { MAX_ACTION_REASON, type StaffPunishment } from '@prison/shared/moderation';
import { MAX_PUNISHMENT_QUERY, type PUNISHMENT_TYPES } from '@prison/shared/punishments';
import { clsx } from 'clsx';
import { EyeOff, Gavel, Search, Server, StickyNote, Undo2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogClose } from '../../components/ui/dialog.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { isInForce, StandingChip, standingOf, TYPE_WORDS } from '../../components/ui/punishment-badges.tsx';
import { controlClass, fieldLabelClass, Select, type SelectOption } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorText } from '../../lib/error-text.ts';
import { socialRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { consoleCardErrorText, type StaffPunishmentFilters, usePardon, useStaffPunishments } from './api.ts';
import { MainSitePlayerLink } from './main-site-links.tsx';
import { AppealChip, KindBadge, Mark } from './moderation-words.tsx';

// The filters follow the punishment types of the contract.
const TYPE_FILTERS = [
  'ban',
  'mute',
  'warning',
  'kick',
] as const satisfies readonly (typeof PUNISHMENT_TYPES)[number][];

const TYPE_TABS: { value: StaffPunishmentFilters['type']; label: MessageDescriptor }[] = [
  {
    value: '',
    label: msg({ message: 'All', comment: 'The filter of the punishments list showing every type' }),
  },
  ...TYPE_FILTERS.map((type) => ({ value: type, label: TYPE_WORDS[type].many })),
];

// Typing in the name box asks the server once the typing pauses.
const NAME_DELAY_MS = 300;

// A phone's card: the type and where it stands, then the player, the reason, and the pardon. From lg
// on, one line: type, player, reason, where it stands, pardon.
const ROW_LAYOUT =
  "grid grid-cols-[minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 [grid-template-areas:'type_standing'_'player_player'_'body_body'_'action_action'] " +
  "lg:grid-cols-[6.5rem_minmax(0,12rem)_minmax(0,1fr)_8.5rem_6rem] lg:gap-x-4 lg:[grid-template-areas:'type_player_body_standing_action']";

/** The punishments as staff see them, with their filters, a page at a time. */
export function StaffPunishmentList({ className }: { className?: string }) {
  const { t } = useLingui();
  const nameId = useId();
  const [type, setType] = useState<StaffPunishmentFilters['type']>('');
  const [status, setStatus] = useState<StaffPunishmentFilters['status']>('all');
  const [nameText, setNameText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(nameText.trim()), NAME_DELAY_MS);
    return () => clearTimeout(timer);
  }, [nameText]);
  const list = useStaffPunishments({ type, status, q });
  const punishments = list.data?.pages.flatMap((page) => page.punishments);
  const now = useNow(15_000);
  const [pardoning, setPardoning] = useState<StaffPunishment | null>(null);
  const [pardoned, setPardoned] = useState<{ name: string; command: string } | null>(null);

  const statusOptions: SelectOption<StaffPunishmentFilters['status']>[] = [
    { value: 'all', label: t({ message: 'All', comment: 'Punishments in force and ended alike' }) },
    { value: 'active', label: t({ message: 'In force', comment: 'Punishments not yet ended nor revoked' }) },
    {
      value: 'ended',
      label: t({ message: 'Ended', comment: 'Punishments that expired or were revoked, and kicks' }),
    },
  ];

  return (
    <Card title={t`All punishments`} icon={<Gavel className="size-5" />} className={className}>
      <div className="mb-4 space-y-3">
        <fieldset>
          <legend className="sr-only">
            <Trans>Punishment type</Trans>
          </legend>
          <div className="flex flex-wrap gap-1 rounded-2xl border border-line bg-surface-sunken/60 p-1 sm:inline-flex">
            {TYPE_TABS.map((tab) => (
              <button
                key={tab.value || 'all'}
                type="button"
                aria-pressed={type === tab.value}
                onClick={() => setType(tab.value)}
                className={clsx(
                  'rounded-xl px-3 py-1.5 text-sm font-semibold whitespace-nowrap transition sm:px-4',
                  type === tab.value
                    ? 'bg-gradient-to-b from-amber-300 to-amber-500 text-amber-950 shadow-[0_6px_18px_-8px_rgb(245_158_11/0.6)]'
                    : 'text-fg-muted hover:bg-fg/[0.06] hover:text-fg',
                )}
              >
                {t(tab.label)}
              </button>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_12rem]">
          <div>
            <label htmlFor={nameId} className={fieldLabelClass}>
              <Trans comment="Label of the console's punishments search box">Player or staff member</Trans>
            </label>
            <span className="relative block">
              <Search
                aria-hidden
                className="pointer-events-none absolute top-1/2 left-3.5 size-4 -translate-y-1/2 text-fg-muted"
              />
              <input
                id={nameId}
                type="search"
                value={nameText}
                maxLength={MAX_PUNISHMENT_QUERY}
                onChange={(event) => setNameText(event.target.value)}
                placeholder={t`The start of a name…`}
                autoComplete="off"
                spellCheck={false}
                className={clsx(controlClass, 'pr-3 pl-10')}
              />
            </span>
          </div>
          <Select
            label={t({
              message: 'Status',
              comment: 'Label of the choice between punishments in force and ended ones',
            })}
            value={status}
            onChange={setStatus}
            options={statusOptions}
          />
        </div>
      </div>

      <p role="status" className={clsx('text-sm text-fg-muted', pardoned && 'mb-3')}>
        {pardoned && <PardonSent {...pardoned} />}
      </p>

      {punishments === undefined ? (
        list.isError ? (
          <p className="text-sm text-fg-muted">
            {consoleCardErrorText(list.error, t`The punishments could not be loaded.`)}
          </p>
        ) : (
          <ListSkeleton />
        )
      ) : punishments.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line-strong px-4 py-8 text-center text-sm text-fg-muted">
          {q || type || status !== 'all' ? (
            <Trans>No punishment matches these filters.</Trans>
          ) : (
            <Trans>No punishment has been recorded yet.</Trans>
          )}
        </p>
      ) : (
        <>
          <ol
            aria-label={t`Punishments`}
            aria-busy={list.isPlaceholderData}
            className={clsx(
              'space-y-3 lg:-mx-5 lg:space-y-0 lg:divide-y lg:divide-line lg:border-y lg:border-line',
              list.isPlaceholderData && 'opacity-60',
            )}
          >
            {punishments.map((punishment) => (
              <PunishmentRow
                key={punishment.id}
                punishment={punishment}
                now={now}
                onPardon={() => setPardoning(punishment)}
              />
            ))}
          </ol>
          {list.isFetchNextPageError && (
            <p className="mt-2 text-xs text-rose-700 dark:text-rose-300">
              {consoleCardErrorText(list.error, t`The punishments could not be loaded.`)}
            </p>
          )}
          {list.hasNextPage && (
            <button
              type="button"
              disabled={list.isFetchingNextPage}
              onClick={() => void list.fetchNextPage()}
              className={buttonClass('secondary', 'sm', 'mt-4 self-start')}
            >
              {list.isFetchingNextPage ? t`Loading…` : t`Load more`}
            </button>
          )}
        </>
      )}
      {pardoning && (
        <PardonDialog
          key={pardoning.id}
          punishment={pardoning}
          onClose={() => setPardoning(null)}
          onSent={(name, command) => {
            setPardoned({ name, command });
            setPardoning(null);
          }}
        />
      )}
    </Card>
  );
}

function PunishmentRow({
  punishment,
  now,
  onPardon,
}: {
  punishment: StaffPunishment;
  now: number;
  onPardon: () => void;
}) {
  const { t } = useLingui();
  const { player, staff, reason, id } = punishment;
  const standing = standingOf(punishment, now);
  const staffName = staff?.name;
  const issued = socialRelativeTime(punishment.issued_at, now);
  const name = player.name;
  return (
    <li
      data-punishment={id}
      className={clsx(
        ROW_LAYOUT,
        'rounded-2xl border border-line bg-surface-raised/50 p-4',
        'lg:rounded-none lg:border-0 lg:bg-transparent lg:px-5 lg:py-3.5',
      )}
    >
      <span className="flex flex-col items-start gap-1.5 [grid-area:type]">
        <KindBadge kind={punishment.type} />
      </span>
      <span className="min-w-0 [grid-area:player]">
        <span className="flex min-w-0 items-center gap-2.5">
          <PlayerAvatar uuid={player.uuid} size={28} className="size-7 rounded-md" />
          <span className="truncate font-display font-semibold text-fg">
            <MainSitePlayerLink username={name}>{name}</MainSitePlayerLink>
          </span>
        </span>
        {punishment.address && (
          <span className="mt-1 block truncate font-mono text-xs text-fg-muted" title={punishment.address}>
            {punishment.address}
          </span>
        )}
      </span>
      <span className="min-w-0 [grid-area:body]">
        <span className={clsx('block text-sm break-words', reason ? 'text-fg' : 'text-fg-muted italic')}>
          {reason ?? t`No reason given`}
        </span>
        <span className="mt-1 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs text-fg-muted">
          {staff ? (
            <Trans comment="Who issued a punishment, under its reason">
              by <span className="font-semibold text-fg">{staffName}</span>
            </Trans>
          ) : (
            <Trans comment="Under a punishment's reason: issued from the server's console, by no player">
              by Console
            </Trans>
          )}
          <span aria-hidden>·</span>
          <time dateTime={punishment.issued_at} {...timestampTitle(punishment.issued_at)}>
            {issued}
          </time>
          <span aria-hidden>·</span>
          <span className="tabular-nums">#{id}</span>
          {punishment.server && (
            <>
              <span aria-hidden>·</span>
              <span className="inline-flex items-center gap-1 font-mono">
                <Server aria-hidden className="size-3" />
                {punishment.server}
              </span>
            </>
          )}
        </span>
        {(punishment.silent || punishment.by_address) && (
          <span className="mt-1.5 flex flex-wrap gap-1.5">
            {punishment.silent && (
              <Mark tone="warn">
                <EyeOff aria-hidden className="size-3" />
                <Trans comment="A punishment hidden from the public list">Silent</Trans>
              </Mark>
            )}
            {punishment.by_address && (
              <Mark>
                <Trans comment="A punishment of a network address rather than of one account">
                  Address ban
                </Trans>
              </Mark>
            )}
          </span>
        )}
        {punishment.note && (
          <span className="mt-1.5 flex items-start gap-1.5 text-xs text-fg-muted">
            <StickyNote aria-hidden className="mt-0.5 size-3 shrink-0" />
            <span className="break-words">
              <Trans comment="A staff member's note on a punishment, seen by staff only">
                Note: <span className="text-fg">{punishment.note}</span>
              </Trans>
            </span>
          </span>
        )}
      </span>
      <span className="flex flex-col items-end gap-1.5 [grid-area:standing]">
        <StandingChip standing={standing} now={now} />
        {punishment.appeal && <AppealChip state={punishment.appeal.state} />}
      </span>
      <span className="[grid-area:action] lg:justify-self-end">
        {isInForce(standing) && (
          <button
            type="button"
            onClick={onPardon}
            aria-label={t`Pardon ${name} (#${id})`}
            className={buttonClass('secondary', 'sm', 'max-lg:w-full')}
          >
            <Undo2 aria-hidden className="size-4" />
            <Trans comment="Button: lifts a ban, mute or warning through the game server">Pardon</Trans>
          </button>
        )}
      </span>
    </li>
  );
}

/** What the status line says once a pardon has gone to the game server. */
function PardonSent({ name, command }: { name: string; command: string }) {
  return (
    <Trans comment="{name} is a player's name, {command} the command sent to the game server">
      Pardon for {name} sent to the game server: <code className="font-mono text-fg">{command}</code>. The
      list shows it revoked once the game server reports it.
    </Trans>
  );
}

/** Confirms a pardon, with an optional reason, and sends it. */
function PardonDialog({
  punishment,
  onClose,
  onSent,
}: {
  punishment: StaffPunishment;
  onClose: () => void;
  onSent: (name: string, command: string) => void;
}) {
  const { t } = useLingui();
  const pardon = usePardon();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const name = punishment.player.name;
  const title =
    punishment.type === 'ban'
      ? t`Lift ${name}'s ban?`
      : punishment.type === 'mute'
        ? t`Lift ${name}'s mute?`
        : t`Lift ${name}'s warning?`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pardon.isPending) return;
    const trimmed = reason.trim();
    pardon.mutate(
      { id: punishment.id, reason: trimmed || null },
      { onSuccess: (action) => onSent(action.player.name, action.command) },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      description={
        <Trans>
          The pardon is sent to the game server, which lifts it; the list shows it revoked once the game
          server reports it. The audit log records it.
        </Trans>
      }
    >
      <form onSubmit={submit} className="mt-5">
        <p className="mb-4 rounded-xl border border-line bg-surface-sunken/60 px-3.5 py-2.5 text-sm text-fg">
          <span className="mr-2 align-middle">
            <KindBadge kind={punishment.type} />
          </span>
          {punishment.reason ?? t`No reason given`}
        </p>
        <label htmlFor={reasonId} className={fieldLabelClass}>
          <Trans>Reason (optional)</Trans>
        </label>
        <input
          id={reasonId}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          maxLength={MAX_ACTION_REASON}
          autoComplete="off"
          placeholder={t`e.g. Appeal accepted on Discord`}
          className={clsx(controlClass, 'px-3.5')}
        />
        {pardon.isError && (
          <Alert tone="error" className="mt-4">
            {errorText(pardon.error, t`The pardon could not be sent. Please try again.`)}
          </Alert>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <DialogClose className={buttonClass('ghost', 'md')}>
            <Trans>Cancel</Trans>
          </DialogClose>
          <button type="submit" disabled={pardon.isPending} className={buttonClass('primary', 'md')}>
            <Undo2 aria-hidden className="size-4" />
            {pardon.isPending ? t`Sending…` : t`Send pardon`}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

function ListSkeleton() {
  return (
    <div aria-hidden className="space-y-3">
      {[0, 1, 2, 3, 4].map((i) => (
        <Skeleton key={i} className="h-16 w-full" />
      ))}
    </div>
  );
}
