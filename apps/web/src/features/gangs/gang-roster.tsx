import type { GangMember } from '@prison/shared/social';
import { PlayerLink } from '../../components/ui/entity-links.tsx';
import { PresenceAvatar } from '../../components/ui/presence-avatar.tsx';
import { socialRelativeTime } from '../../lib/time-format.ts';

/** Spec 2.8's roster (leader first, as the server sends it), each member linking to their page. */
export function GangRoster({ members, now }: { members: GangMember[]; now: number }) {
  if (members.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-line-strong p-8 text-center text-fg-muted">
        Member roster unavailable.
      </p>
    );
  }
  return (
    <ul className="grid gap-2.5 sm:grid-cols-2" aria-label="Members">
      {members.map((member) => (
        <li
          key={member.uuid}
          data-member={member.username ?? member.uuid}
          data-online={member.online}
          className="flex items-center gap-3 rounded-2xl border border-line bg-surface px-3.5 py-3 shadow-card"
        >
          <PresenceAvatar
            uuid={member.uuid}
            online={member.online}
            size={36}
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
              <span className="font-semibold text-emerald-700 dark:text-emerald-300">Online now</span>
            ) : (
              socialRelativeTime(member.last_activity_at, now)
            )}
          </span>
        </li>
      ))}
    </ul>
  );
}
