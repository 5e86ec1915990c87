import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { clsx } from 'clsx';
import { Bell } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { iconButtonClass } from '../../components/ui/button.tsx';
import { loadPageCatalogue } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { useUnreadNotifications } from '../../lib/use-unread-notifications.ts';

// The list (and its words) is fetched when it is first wanted, not with the page: the home page has a
// JavaScript budget (scripts/check-budget.mjs).
const loadPanel = () =>
  Promise.all([
    import('../../features/notifications/notifications-panel.tsx'),
    loadPageCatalogue('notifications'),
  ]);
const NotificationsPanel = lazy(() =>
  loadPanel().then(([module]) => ({ default: module.NotificationsPanel })),
);

/** The bell in the header: a signed-in player's unread count, live, and their notifications on a press. */
export function NotificationBell() {
  const session = useSession();
  if (!session) return null;
  return <SignedInBell token={session.token} />;
}

function SignedInBell({ token }: { token: string }) {
  const { t } = useLingui();
  const unread = useUnreadNotifications(token);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const count = unread ?? 0;
  const label =
    count === 0
      ? t`Notifications`
      : t({
          message: plural(count, { one: 'Notifications, # unread', other: 'Notifications, # unread' }),
          comment: 'The bell in the header, with how many notifications are unread',
        });
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={clsx(iconButtonClass, 'relative')}
        aria-label={label}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-unread={count}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <Bell aria-hidden className="size-[18px]" />
        {count > 0 && (
          <span
            aria-hidden
            className="absolute top-1 right-1 grid h-4 min-w-4 place-items-center rounded-full bg-rose-600 px-1 text-[10px] leading-none font-bold text-white tabular-nums ring-2 ring-bg"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <NotificationsPanel open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
