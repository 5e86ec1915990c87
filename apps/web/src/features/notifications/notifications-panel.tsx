import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Notification } from '@prison/shared/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { clsx } from 'clsx';
import {
  BadgeCheck,
  Gavel,
  HandCoins,
  PackageCheck,
  Scale,
  Settings2,
  UserPlus,
  Users,
  X,
} from 'lucide-react';
import { Dialog } from 'radix-ui';
import type { ReactNode, RefObject } from 'react';
import { Link } from 'react-router';
import { buttonClass, iconButtonClass } from '../../components/ui/button.tsx';
import { adminPageHref } from '../../lib/admin-address.ts';
import { formatMoney } from '../../lib/money.ts';
import { queryClient } from '../../lib/query-client.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { formatTimestamp, socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { useMarkRead, useNotifications } from './api.ts';

interface NotificationsPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Gets focus back on close; the bell lives outside this lazily loaded panel. */
  returnFocusTo: RefObject<HTMLButtonElement | null>;
}

/**
 * The signed-in player's notifications, newest first, in a panel from the side: unread ones marked,
 * each linking what it is about, "Mark all read", and more on request. Radix Dialog traps focus and
 * closes on Escape, on the overlay and on a link.
 */
export function NotificationsPanel(props: NotificationsPanelProps) {
  // The header sits outside the routes' query provider: the panel brings the one shared cache.
  return (
    <QueryClientProvider client={queryClient}>
      <Panel {...props} />
    </QueryClientProvider>
  );
}

function Panel({ open, onOpenChange, returnFocusTo }: NotificationsPanelProps) {
  const { t } = useLingui();
  const list = useNotifications(open);
  const markRead = useMarkRead();
  const now = useNow(30_000);
  const close = () => onOpenChange(false);
  const { adminHosts } = useSiteConfig();
  const hrefOf = (link: string) =>
    link.startsWith('/admin/') ? adminPageHref(adminHosts, window.location.protocol, link.slice(6)) : link;
  const pages = list.data?.pages ?? [];
  const items = pages.flatMap((page) => page.notifications);
  const unread = pages[0]?.unread ?? 0;

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40 backdrop-blur-[2px] data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in" />
        <Dialog.Content
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocusTo.current?.focus();
          }}
          className={clsx(
            'fixed inset-y-0 right-0 z-50 flex w-[min(26rem,92vw)] flex-col border-l border-line bg-canvas shadow-2xl',
            'data-[state=closed]:animate-menu-out data-[state=open]:animate-menu-in',
          )}
        >
          <div className="flex h-16 items-center justify-between gap-3 border-b border-line px-5">
            <Dialog.Title className="font-display text-lg font-bold">
              <Trans>Notifications</Trans>
            </Dialog.Title>
            <div className="flex items-center gap-1">
              <button
                type="button"
                className={buttonClass('ghost', 'sm')}
                disabled={unread === 0 || markRead.isPending}
                onClick={() => markRead.mutate({ all: true })}
              >
                <BadgeCheck aria-hidden className="size-4" />
                <Trans>Mark all read</Trans>
              </button>
              <Dialog.Close className={iconButtonClass} aria-label={t`Close notifications`}>
                <X aria-hidden className="size-5" />
              </Dialog.Close>
            </div>
          </div>
          <Dialog.Description className="px-5 pt-3 text-sm text-fg-muted">
            {unread === 0 ? (
              <Trans>Everything is read.</Trans>
            ) : (
              t({
                message: plural(unread, { one: '# unread', other: '# unread' }),
                comment: 'How many notifications are unread, at the top of the list',
              })
            )}
          </Dialog.Description>

          <div className="flex flex-1 flex-col overflow-y-auto px-3 py-3">
            {list.isPending ? (
              <p className="px-2 py-6 text-sm text-fg-muted">
                <Trans>Loading…</Trans>
              </p>
            ) : list.isError ? (
              <p role="alert" className="px-2 py-6 text-sm text-rose-700 dark:text-rose-300">
                <Trans>Your notifications could not be loaded. Try again in a moment.</Trans>
              </p>
            ) : items.length === 0 ? (
              <p className="px-2 py-6 text-sm text-fg-muted">
                <Trans>Nothing yet: sales, deliveries, friends and gang news will show here.</Trans>
              </p>
            ) : (
              <ol aria-label={t`Your notifications`} className="flex flex-col gap-1">
                {items.map((n) => (
                  <li key={n.id}>
                    <Link
                      to={hrefOf(n.link)}
                      // The console is another route set, maybe on another host.
                      reloadDocument={n.link.startsWith('/admin/')}
                      onClick={() => {
                        if (!n.read) markRead.mutate({ ids: [n.id] });
                        close();
                      }}
                      data-read={n.read}
                      className={clsx(
                        'flex gap-3 rounded-xl px-3 py-3 transition-colors hover:bg-fg/[0.05]',
                        !n.read && 'bg-amber-400/[0.07] ring-1 ring-amber-400/25 ring-inset',
                      )}
                    >
                      <KindIcon kind={n.kind} />
                      <span className="min-w-0 flex-1">
                        <span className="block text-sm text-fg">
                          <Sentence notification={n} />
                        </span>
                        <time
                          dateTime={n.created_at}
                          title={formatTimestamp(n.created_at)}
                          className="mt-0.5 block text-xs text-fg-muted"
                        >
                          {socialRelativeTime(n.created_at, now)}
                        </time>
                      </span>
                      {!n.read && (
                        <span className="mt-1.5 size-2 shrink-0 rounded-full bg-amber-500">
                          <span className="sr-only">
                            <Trans comment="Marks a notification not read yet">Unread</Trans>
                          </span>
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ol>
            )}
            {list.hasNextPage && (
              <button
                type="button"
                className={clsx(buttonClass('ghost', 'sm'), 'mx-auto mt-3')}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                <Trans>Load more</Trans>
              </button>
            )}
          </div>
          <div className="border-t border-line px-5 py-3">
            <Link
              to="/profile#notifications"
              onClick={close}
              className="inline-flex items-center gap-2 text-sm text-fg-muted hover:text-fg"
            >
              <Settings2 aria-hidden className="size-4" />
              <Trans>Choose what you are told</Trans>
            </Link>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Item names may carry the game's colour codes (§b): shown as plain text here. */
const plain = (name: string) => name.replace(/§[0-9a-fk-or]/gi, '');

function Sentence({ notification: n }: { notification: Notification }) {
  const { t } = useLingui();
  switch (n.kind) {
    case 'listing.sold': {
      const buyer = n.data.buyer.name;
      const item = plain(n.data.item_name);
      const qty = n.data.qty;
      const total = formatMoney(n.data.total);
      return (
        <Trans comment="A notification: someone bought units of the reader's listing">
          <strong>{buyer}</strong> bought {qty} × {item} from you for {total}
        </Trans>
      );
    }
    case 'purchase.delivered': {
      const item = plain(n.data.item_name);
      const qty = n.data.qty;
      return (
        <Trans comment="A notification: the game server handed the reader's purchase over">
          Your {qty} × {item} was handed over in game
        </Trans>
      );
    }
    case 'friend.added': {
      const friend = n.data.friend.name;
      return (
        <Trans comment="A notification: another player added the reader as a friend">
          <strong>{friend}</strong> added you as a friend
        </Trans>
      );
    }
    case 'gang.changed': {
      const gang = n.data.gang.name;
      const role = n.data.role ?? '';
      return n.data.change === 'joined' ? (
        <Trans comment="A notification: the reader joined a gang, with their role in it">
          You joined <strong>{gang}</strong> as {role}
        </Trans>
      ) : n.data.change === 'role' ? (
        <Trans comment="A notification: the reader's role in their gang changed">
          You are now {role} of <strong>{gang}</strong>
        </Trans>
      ) : (
        <Trans comment="A notification: the reader left a gang">
          You left <strong>{gang}</strong>
        </Trans>
      );
    }
    case 'appeal.answered':
      return n.data.state === 'accepted'
        ? n.data.punishment_type === 'ban'
          ? t`Your appeal was accepted: your ban is lifted`
          : t`Your appeal was accepted: your mute is lifted`
        : n.data.punishment_type === 'ban'
          ? t`Your ban appeal was denied: read staff's reply on your profile`
          : t`Your mute appeal was denied: read staff's reply on your profile`;
    case 'appeal.new': {
      const player = n.data.player.name;
      return n.data.punishment_type === 'ban' ? (
        <Trans comment="A notification for staff: a player appealed their ban">
          <strong>{player}</strong> appealed their ban
        </Trans>
      ) : (
        <Trans comment="A notification for staff: a player appealed their mute">
          <strong>{player}</strong> appealed their mute
        </Trans>
      );
    }
  }
}

const ICONS: Record<Notification['kind'], { icon: ReactNode; tone: string }> = {
  'listing.sold': {
    icon: <HandCoins aria-hidden className="size-4" />,
    tone: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300',
  },
  'purchase.delivered': {
    icon: <PackageCheck aria-hidden className="size-4" />,
    tone: 'bg-sky-500/12 text-sky-700 dark:text-sky-300',
  },
  'friend.added': {
    icon: <UserPlus aria-hidden className="size-4" />,
    tone: 'bg-violet-500/12 text-violet-700 dark:text-violet-300',
  },
  'gang.changed': {
    icon: <Users aria-hidden className="size-4" />,
    tone: 'bg-amber-500/12 text-amber-800 dark:text-amber-300',
  },
  'appeal.answered': {
    icon: <Scale aria-hidden className="size-4" />,
    tone: 'bg-rose-500/12 text-rose-700 dark:text-rose-300',
  },
  'appeal.new': {
    icon: <Gavel aria-hidden className="size-4" />,
    tone: 'bg-rose-500/12 text-rose-700 dark:text-rose-300',
  },
};

function KindIcon({ kind }: { kind: Notification['kind'] }) {
  const { icon, tone } = ICONS[kind];
  return <span className={clsx('grid size-8 shrink-0 place-items-center rounded-lg', tone)}>{icon}</span>;
}
