// Spec 2.8's roster of a gang (leader first, as the server sends it): each member linking to their
// page, online or when last active. The gang page shows it as cards, the social hub's gang card as
// rows inside the card.
import { Trans, useLingui } from '@lingui/react/macro';
import type { GangMember } from '@prison/shared/social';
import { clsx } from 'clsx';
import { socialRelativeTime } from '../../lib/time-format.ts';
import { useNow } from '../../lib/use-now.ts';
import { cardClass } from './card.tsx';
import { PlayerLink } from './entity-links.tsx';
import { PresenceAvatar } from './presence-avatar.tsx';

export function GangRoster({ members, look }: { members: GangMember[]; look: 'cards' | 'rows' }) {
  // The list's own clock: the times tick without drawing the page again.
  const { t } = useLingui();
  const now = useNow();
  if (members.length === 0) {
    return look === 'cards' ? (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        <Trans>Member roster unavailable.</Trans>
      </p>
    ) : (
      <p className="text-sm text-fg-muted">
        <Trans>Member roster unavailable.</Trans>
      </p>
    );
  }
  return (
    <ul
      className={clsx('grid sm:grid-cols-2', look === 'cards' ? 'gap-2.5' : 'gap-2')}
      aria-label={t`Members`}
    >
      {members.map((member) => (
        <li
          key={member.uuid}
          data-member={member.username ?? member.uuid}
          data-online={member.online}
          className={clsx(
            'flex items-center gap-3',
            look === 'cards' ? cardClass('px-3.5 py-3') : 'rounded-xl bg-surface-sunken/70 px-3 py-2',
          )}
        >
          <PresenceAvatar
            uuid={member.uuid}
            online={member.online}
            size={look === 'cards' ? 36 : 32}
            className="rounded-lg"
            wrapperClassName="shrink-0"
          />
          <span className="min-w-0 flex-1">
            <span className="block truncate text-sm font-semibold text-fg">
              {/* Spec 2.8: without a name, the first 8 characters of the uuid; the page is found by
                  uuid then (it redirects to the name). */}
              <PlayerLink username={member.username ?? member.uuid}>
                {member.username ?? member.uuid.slice(0, 8)}
              </PlayerLink>
            </span>
            <span className="block text-xs text-fg-muted">{member.role}</span>
          </span>
          <span className="shrink-0 text-xs text-fg-muted tabular-nums">
            {member.online ? (
              <span className="font-semibold text-emerald-700 dark:text-emerald-300">
                <Trans>Online now</Trans>
              </span>
            ) : (
              socialRelativeTime(member.last_activity_at, now)
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
