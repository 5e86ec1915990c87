// What staff sent to the game server from the site (punishments and pardons), newest first: the
// command, whether the game server ran it, and its answer. The punishment itself shows in the list
// once the game server reports it.
import { Trans, useLingui } from '@lingui/react/macro';
import type { StaffAction } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { SendHorizontal } from 'lucide-react';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { formatTimestamp, socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { consoleCardErrorText, usePunishmentActions } from './api.ts';
import { MainSitePlayerLink } from './main-site-links.tsx';
import { KindBadge, Mark, SentChip } from './moderation-words.tsx';

export function SentActions({ className }: { className?: string }) {
  const { t } = useLingui();
  const actions = usePunishmentActions();
  const now = useNow(15_000);
  return (
    <Card
      title={t`Sent to the game server`}
      icon={<SendHorizontal className="size-5" />}
      className={className}
    >
      <p className="-mt-1 mb-3 text-sm text-fg-muted">
        <Trans>
          Punishments and pardons sent from the site, newest first. Each one shows in the list once the game
          server reports it, usually within seconds.
        </Trans>
      </p>
      {actions.isPending ? (
        <div aria-hidden className="space-y-2">
          <Skeleton className="h-14 w-full" />
          <Skeleton className="h-14 w-full" />
        </div>
      ) : actions.isError ? (
        <p className="text-sm text-fg-muted">
          {consoleCardErrorText(actions.error, t`What was sent could not be loaded.`)}
        </p>
      ) : actions.data.length === 0 ? (
        <p className="text-sm text-fg-muted">
          <Trans>Nothing has been sent from the site yet.</Trans>
        </p>
      ) : (
        <ol aria-label={t`Sent to the game server`} className="divide-y divide-line">
          {actions.data.map((action) => (
            <ActionRow key={action.id} action={action} now={now} />
          ))}
        </ol>
      )}
    </Card>
  );
}

function ActionRow({ action, now }: { action: StaffAction; now: number }) {
  const player = action.player.name;
  const staff = action.staff.name;
  const when = socialRelativeTime(action.created_at, now);
  const exact = formatTimestamp(action.created_at);
  const answer = action.error ?? action.output;
  return (
    <li data-action={action.id} className="py-3">
      <div className="flex flex-wrap items-center gap-x-2.5 gap-y-1.5">
        <KindBadge kind={action.kind} />
        <span className="min-w-0 truncate font-semibold text-fg">
          <MainSitePlayerLink username={player}>{player}</MainSitePlayerLink>
        </span>
        <span className="ml-auto flex items-center gap-1.5">
          {action.via === 'plugin' && (
            <Mark>
              <Trans comment="A staff action handed to the game server's plugin, not sent over RCON">
                Plugin
              </Trans>
            </Mark>
          )}
          <SentChip state={action.state} />
        </span>
      </div>
      <p className="mt-1.5 font-mono text-xs break-all text-fg">
        <span aria-hidden className="text-fg-muted">
          {'> '}
        </span>
        {action.command}
      </p>
      {answer && (
        <p
          className={clsx(
            'mt-1 rounded-lg bg-surface-sunken/70 px-2.5 py-1.5 font-mono text-xs break-words whitespace-pre-wrap',
            action.error ? 'text-rose-700 dark:text-rose-300' : 'text-fg-muted',
          )}
        >
          {answer}
        </p>
      )}
      <p className="mt-1 text-xs text-fg-muted">
        <Trans comment="Who sent a command to the game server, and when">
          by {staff} ·{' '}
          <time dateTime={action.created_at} title={exact}>
            {when}
          </time>
        </Trans>
      </p>
    </li>
  );
}
