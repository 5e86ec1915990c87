// The console's appeals: the queue (open appeals, oldest first), each with its punishment, the
// player's other punishments and the appeal's text, answered by Accept (the punishment is lifted
// through the game server first) or Deny, with a reply the player reads on their profile; and the
// decided ones.
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { APPEAL_MAX_REPLY, type StaffAppeal } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { Check, Inbox, RotateCw, X } from 'lucide-react';
// The tabs entry alone: radix-ui's main entry loads every primitive.
import * as Tabs from 'radix-ui/tabs';
import { type ReactNode, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { PlayerAvatar } from '../../components/ui/player-avatar.tsx';
import { StandingChip, standingOf } from '../../components/ui/punishment-badges.tsx';
import { controlClass, fieldLabelClass } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatWhole } from '../../lib/money.ts';
import { formatTimestamp, socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { AdminGate } from './admin-gate.tsx';
import {
  type AppealDecision,
  consoleCardErrorText,
  secondFactorStep,
  useDecideAppeal,
  useDecidedAppeals,
  useModerationFeed,
  useOpenAppeals,
  usePlayerPunishments,
  useRefreshModeration,
} from './api.ts';
import { MainSitePlayerLink } from './main-site-links.tsx';
import { AppealChip, KindBadge, Mark } from './moderation-words.tsx';
import { SecondFactorAlert } from './second-factor-alert.tsx';

export function AppealsPage() {
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/admin') ? '/admin' : '';
  return (
    <AdminGate basePath={basePath}>
      <Appeals basePath={basePath} />
    </AdminGate>
  );
}

/** A label that names a player: their name keeps its case. */
const namedLabelClass = 'mb-1.5 block text-sm font-semibold text-fg';

const tabClass =
  'inline-flex items-center gap-2 rounded-xl px-4 py-2 text-sm font-semibold text-fg-muted transition hover:text-fg ' +
  'data-[state=active]:bg-gradient-to-b data-[state=active]:from-amber-300 data-[state=active]:to-amber-500 data-[state=active]:text-amber-950';

function Appeals({ basePath }: { basePath: '' | '/admin' }) {
  const { t } = useLingui();
  const open = useOpenAppeals();
  const { refresh, refreshing } = useRefreshModeration();
  useModerationFeed();
  const secondFactor = secondFactorStep(open.error);
  const [decided, setDecided] = useState<{ name: string; decision: AppealDecision['decision'] } | null>(null);
  const waiting = open.data?.length;
  return (
    <div className="space-y-8">
      <title>{pageTitle(t`Appeals · Admin`)}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            <Trans comment="Kicker above the appeals page's title">Moderation</Trans>
          </p>
          <h1 className="mt-1 font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            <Trans>Appeals</Trans>
          </h1>
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'md')}
          disabled={refreshing}
          onClick={refresh}
        >
          <RotateCw aria-hidden className={clsx('size-4', refreshing && 'motion-safe:animate-spin')} />
          <Trans>Refresh now</Trans>
        </button>
      </div>
      {secondFactor && <SecondFactorAlert step={secondFactor} basePath={basePath} />}
      <p role="status" className="text-sm text-fg-muted empty:hidden">
        {decided && <DecidedNote {...decided} />}
      </p>
      <Tabs.Root defaultValue="open">
        <Tabs.List aria-label={t`Appeals`} className={cardClass('inline-flex gap-1 p-1')}>
          <Tabs.Trigger value="open" className={tabClass}>
            <Trans comment="The tab of the appeals waiting for an answer">Waiting</Trans>
            {waiting !== undefined && (
              <span className="rounded-full bg-fg/[0.08] px-1.5 py-px text-xs tabular-nums">
                {formatWhole(waiting)}
              </span>
            )}
          </Tabs.Trigger>
          <Tabs.Trigger value="decided" className={tabClass}>
            <Trans comment="The tab of the appeals accepted or denied">Decided</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="open" className="mt-6 focus-visible:outline-none">
          {open.isPending ? (
            <QueueSkeleton />
          ) : open.isError ? (
            <Empty>{consoleCardErrorText(open.error, t`The appeals could not be loaded.`)}</Empty>
          ) : open.data.length === 0 ? (
            <Empty>
              <Trans>No appeal is waiting for an answer.</Trans>
            </Empty>
          ) : (
            <ol aria-label={t`Appeals waiting`} className="space-y-5">
              {open.data.map((appeal) => (
                <li key={appeal.id}>
                  <OpenAppeal
                    appeal={appeal}
                    onDecided={(decision) => setDecided({ name: appeal.punishment.player.name, decision })}
                  />
                </li>
              ))}
            </ol>
          )}
        </Tabs.Content>
        <Tabs.Content value="decided" className="mt-6 focus-visible:outline-none">
          <DecidedAppeals />
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}

function DecidedNote({ name, decision }: { name: string; decision: AppealDecision['decision'] }) {
  return decision === 'accept' ? (
    <Trans comment="{name} is a player's name">
      {name}&rsquo;s appeal is accepted: the punishment was lifted through the game server, and {name} reads
      your reply on their profile.
    </Trans>
  ) : (
    <Trans comment="{name} is a player's name">
      {name}&rsquo;s appeal is denied: {name} reads your reply on their profile.
    </Trans>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className={cardClass('px-5 py-10 text-center text-sm text-fg-muted')}>
    <Inbox aria-hidden className="mx-auto mb-2 size-6 text-fg-muted/70" />
    {children}
  </p>
);

function QueueSkeleton() {
  return (
    <div aria-hidden className="space-y-5">
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-64 w-full rounded-2xl" />
    </div>
  );
}

/** The appeal's player, their punishment and where it stands, atop each appeal. */
function AppealHeader({ appeal, now, children }: { appeal: StaffAppeal; now: number; children?: ReactNode }) {
  const { player } = appeal.punishment;
  const name = player.name;
  const appealed = socialRelativeTime(appeal.created_at, now);
  return (
    <header className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <PlayerAvatar uuid={player.uuid} size={40} className="size-10 rounded-lg" />
      {/* The name keeps room for itself: on a phone the badges go to the next line. */}
      <div className="min-w-0 flex-1 basis-40">
        <h2 className="truncate font-display text-lg font-bold text-fg">
          <MainSitePlayerLink username={name}>{name}</MainSitePlayerLink>
        </h2>
        <p className="text-xs text-fg-muted">
          <Trans comment="When the player appealed; {appealed} is e.g. 3h ago">
            Appealed{' '}
            <time dateTime={appeal.created_at} title={formatTimestamp(appeal.created_at)}>
              {appealed}
            </time>
          </Trans>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <KindBadge kind={appeal.punishment.type} />
        <StandingChip standing={standingOf(appeal.punishment, now)} now={now} />
        {children}
      </div>
    </header>
  );
}

/** The punishment appealed: its reason, who gave it and when, and what staff alone see. */
function PunishmentFacts({ appeal, now }: { appeal: StaffAppeal; now: number }) {
  const { t } = useLingui();
  const { punishment } = appeal;
  const staffName = punishment.staff?.name;
  const issued = socialRelativeTime(punishment.issued_at, now);
  const id = punishment.id;
  return (
    <section aria-label={t`Punishment`}>
      <h3 className={fieldLabelClass}>
        <Trans comment="Heading: the punishment an appeal is about">Punishment</Trans>
      </h3>
      <p className={clsx('text-sm break-words', punishment.reason ? 'text-fg' : 'text-fg-muted italic')}>
        {punishment.reason ?? t`No reason given`}
      </p>
      <p className="mt-1 flex flex-wrap items-center gap-x-1.5 text-xs text-fg-muted">
        {punishment.staff ? (
          <Trans comment="Who issued a punishment, under its reason">
            by <span className="font-semibold text-fg">{staffName}</span>
          </Trans>
        ) : (
          <Trans comment="Under a punishment's reason: issued from the server's console, by no player">
            by Console
          </Trans>
        )}
        <span aria-hidden>·</span>
        <time dateTime={punishment.issued_at} title={formatTimestamp(punishment.issued_at)}>
          {issued}
        </time>
        <span aria-hidden>·</span>
        <span className="tabular-nums">#{id}</span>
      </p>
      {(punishment.silent || punishment.note || punishment.address) && (
        <p className="mt-2 flex flex-wrap items-center gap-1.5 text-xs text-fg-muted">
          {punishment.silent && (
            <Mark tone="warn">
              <Trans comment="A punishment hidden from the public list">Silent</Trans>
            </Mark>
          )}
          {punishment.address && <Mark>{punishment.address}</Mark>}
          {punishment.note && (
            <span className="break-words">
              <Trans comment="A staff member's note on a punishment, seen by staff only">
                Note: <span className="text-fg">{punishment.note}</span>
              </Trans>
            </span>
          )}
        </p>
      )}
    </section>
  );
}

/** The appeal's own words. */
function AppealText({ appeal }: { appeal: StaffAppeal }) {
  const name = appeal.punishment.player.name;
  return (
    <section>
      <h3 className={namedLabelClass}>
        <Trans comment="Heading: the text a player wrote to appeal; {name} is their name">
          {name}&rsquo;s appeal
        </Trans>
      </h3>
      <blockquote className="rounded-xl border-l-4 border-amber-400/60 bg-surface-sunken/70 px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
        {appeal.text}
      </blockquote>
    </section>
  );
}

/** The player's other punishments, newest first: a record to judge the appeal by. */
function PlayerHistory({ appeal, now }: { appeal: StaffAppeal; now: number }) {
  const { t } = useLingui();
  const { player } = appeal.punishment;
  const history = usePlayerPunishments(player.uuid);
  const others = history.data?.punishments.filter((p) => p.id !== appeal.punishment.id);
  const name = player.name;
  return (
    <section aria-label={t`${name}'s other punishments`} className="mt-5">
      <h3 className={fieldLabelClass}>
        <Trans comment="Heading: the other punishments of the player who appealed">Other punishments</Trans>
      </h3>
      {history.isPending ? (
        <div aria-hidden className="space-y-1.5">
          <Skeleton className="h-7 w-full" />
          <Skeleton className="h-7 w-full" />
        </div>
      ) : history.isError || !others ? (
        <p className="text-sm text-fg-muted">
          {consoleCardErrorText(history.error, t`The player's punishments could not be loaded.`)}
        </p>
      ) : others.length === 0 ? (
        <p className="text-sm text-fg-muted">
          <Trans>None: this is their only punishment.</Trans>
        </p>
      ) : (
        <ul className="divide-y divide-line rounded-xl border border-line">
          {others.map((p) => (
            <li
              key={p.id}
              data-punishment={p.id}
              className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-2.5 gap-y-1 px-3 py-2 sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]"
            >
              <KindBadge kind={p.type} />
              <span
                className={clsx(
                  'col-span-3 row-start-2 truncate text-sm sm:col-span-1 sm:row-start-auto',
                  p.reason ? 'text-fg' : 'text-fg-muted italic',
                )}
              >
                {p.reason ?? t`No reason given`}
              </span>
              <time
                dateTime={p.issued_at}
                title={formatTimestamp(p.issued_at)}
                className="justify-self-end text-xs text-fg-muted"
              >
                {socialRelativeTime(p.issued_at, now)}
              </time>
              <StandingChip standing={standingOf(p, now)} now={now} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** An open appeal: what it is about, and the answer to it. */
function OpenAppeal({
  appeal,
  onDecided,
}: {
  appeal: StaffAppeal;
  onDecided: (decision: AppealDecision['decision']) => void;
}) {
  const { t } = useLingui();
  const now = useNow(15_000);
  const decide = useDecideAppeal();
  const replyId = useId();
  const errorId = useId();
  const replyBox = useRef<HTMLTextAreaElement>(null);
  const [reply, setReply] = useState('');
  const [missing, setMissing] = useState(false);
  const name = appeal.punishment.player.name;
  const kind = appeal.punishment.type;
  const length = reply.length;
  const max = APPEAL_MAX_REPLY;

  function send(decision: AppealDecision['decision']) {
    if (decide.isPending) return;
    const text = reply.trim();
    if (!text) {
      setMissing(true);
      replyBox.current?.focus();
      return;
    }
    decide.mutate({ id: appeal.id, decision, reply: text }, { onSuccess: () => onDecided(decision) });
  }

  return (
    <article aria-label={t`Appeal of ${name}`} data-appeal={appeal.id} className={cardClass('p-5')}>
      <AppealHeader appeal={appeal} now={now} />
      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0">
          <PunishmentFacts appeal={appeal} now={now} />
          <PlayerHistory appeal={appeal} now={now} />
        </div>
        <div className="min-w-0 space-y-4">
          <AppealText appeal={appeal} />
          <form onSubmit={(event) => event.preventDefault()}>
            <div className="flex items-baseline justify-between gap-3">
              <label htmlFor={replyId} className={namedLabelClass}>
                <Trans comment="Label of the staff's reply to an appeal; {name} is the player">
                  Reply to {name}
                </Trans>
              </label>
              <span className="text-xs text-fg-muted tabular-nums" aria-hidden>
                {formatWhole(length)}/{formatWhole(max)}
              </span>
            </div>
            <textarea
              ref={replyBox}
              id={replyId}
              value={reply}
              onChange={(event) => {
                setReply(event.target.value);
                if (event.target.value.trim()) setMissing(false);
              }}
              maxLength={max}
              rows={3}
              required
              aria-invalid={missing || undefined}
              aria-describedby={missing ? errorId : undefined}
              placeholder={t`What the player reads on their profile`}
              className={clsx(controlClass, 'h-auto min-h-24 resize-y px-3.5 py-2.5 leading-relaxed')}
            />
            {missing && (
              <p id={errorId} className="mt-1.5 text-xs font-medium text-rose-700 dark:text-rose-300">
                <Trans>Write a reply: the player reads it with your decision.</Trans>
              </p>
            )}
            {decide.isError && (
              <Alert tone="error" className="mt-3">
                {errorText(decide.error, t`The decision could not be sent. Please try again.`)}
              </Alert>
            )}
            <p className="mt-3 text-xs text-fg-muted">
              {kind === 'ban' ? (
                <Trans>
                  Accepting sends the unban to the game server first; if it cannot be reached, the appeal
                  stays open.
                </Trans>
              ) : (
                <Trans>
                  Accepting sends the unmute to the game server first; if it cannot be reached, the appeal
                  stays open.
                </Trans>
              )}
            </p>
            <div className="mt-3 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <button
                type="button"
                disabled={decide.isPending}
                onClick={() => send('deny')}
                className={buttonClass('secondary', 'md')}
              >
                <X aria-hidden className="size-4" />
                {decide.isPending && decide.variables?.decision === 'deny' ? t`Denying…` : t`Deny`}
              </button>
              <button
                type="button"
                disabled={decide.isPending}
                onClick={() => send('accept')}
                className={buttonClass('primary', 'md')}
              >
                <Check aria-hidden className="size-4" />
                {decide.isPending && decide.variables?.decision === 'accept'
                  ? t`Accepting…`
                  : t`Accept and lift`}
              </button>
            </div>
          </form>
        </div>
      </div>
    </article>
  );
}

/** The accepted and denied appeals, the newest decision first. */
function DecidedAppeals() {
  const { t } = useLingui();
  const decided = useDecidedAppeals();
  if (decided.isPending) return <QueueSkeleton />;
  if (decided.isError || !decided.data)
    return <Empty>{consoleCardErrorText(decided.error, t`The appeals could not be loaded.`)}</Empty>;
  if (decided.data.length === 0)
    return (
      <Empty>
        <Trans>No appeal has been decided yet.</Trans>
      </Empty>
    );
  const count = decided.data.length;
  const shown = formatWhole(count);
  return (
    <>
      <p className="mb-4 text-sm text-fg-muted">
        <Plural value={count} one={`${shown} appeal decided.`} other={`${shown} appeals decided.`} />
      </p>
      <ol aria-label={t`Decided appeals`} className="space-y-4">
        {decided.data.map((appeal) => (
          <li key={appeal.id}>
            <DecidedAppeal appeal={appeal} />
          </li>
        ))}
      </ol>
    </>
  );
}

function DecidedAppeal({ appeal }: { appeal: StaffAppeal }) {
  const { t } = useLingui();
  const now = useNow(15_000);
  const name = appeal.punishment.player.name;
  const staff = appeal.decided_by?.name ?? '';
  const when = appeal.decided_at ? socialRelativeTime(appeal.decided_at, now) : '';
  return (
    <article aria-label={t`Appeal of ${name}`} data-appeal={appeal.id} className={cardClass('p-5')}>
      <AppealHeader appeal={appeal} now={now}>
        <AppealChip state={appeal.state} />
      </AppealHeader>
      <div className="mt-5 grid gap-6 lg:grid-cols-2">
        <div className="min-w-0 space-y-4">
          <PunishmentFacts appeal={appeal} now={now} />
          <AppealText appeal={appeal} />
        </div>
        <section className="min-w-0">
          <h3 className={fieldLabelClass}>
            <Trans comment="Heading: staff's answer to an appeal">Reply</Trans>
          </h3>
          <p className="rounded-xl border border-line bg-surface-raised px-4 py-3 text-sm leading-relaxed break-words whitespace-pre-wrap text-fg">
            {appeal.reply}
          </p>
          {appeal.decided_at && (
            <p className="mt-1.5 text-xs text-fg-muted">
              <Trans comment="Who decided an appeal, and when">
                by {staff} ·{' '}
                <time dateTime={appeal.decided_at} title={formatTimestamp(appeal.decided_at)}>
                  {when}
                </time>
              </Trans>
            </p>
          )}
        </section>
      </div>
    </article>
  );
}
