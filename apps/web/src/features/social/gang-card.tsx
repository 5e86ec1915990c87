import { gangColor } from '@prison/shared/gang-colors';
import type { Gang, GangMember } from '@prison/shared/social';
import { clsx } from 'clsx';
import { Coins, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { GangLink, PlayerLink } from '../../components/ui/entity-links.tsx';
import { GangCrest } from '../../components/ui/gang-crest.tsx';
import { GangStatusBadge } from '../../components/ui/gang-status-badge.tsx';
import { OnlineDot } from '../../components/ui/online-dot.tsx';
import { PresenceAvatar } from '../../components/ui/presence-avatar.tsx';
import { formatMoney, formatWhole } from '../../lib/money.ts';
import { socialRelativeTime } from '../../lib/time-format.ts';

/** Spec 2.8: the player's own gang, with their role, and its roster. */
export function YourGangCard({ gang, role, now }: { gang: Gang; role: string | null; now: number }) {
  return (
    <div className="overflow-hidden rounded-3xl border border-line bg-surface shadow-card">
      <div
        className="h-1.5"
        style={{ background: gangColor(gang.color) }}
        aria-hidden
        data-testid="gang-colour-bar"
      />
      <div className="p-5 sm:p-6">
        <div className="flex items-start gap-4">
          <GangCrest color={gang.color} size="lg" />
          <div className="min-w-0 flex-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="truncate font-display text-2xl font-bold tracking-tight text-fg">
                <GangLink id={gang.id}>{gang.name}</GangLink>
              </h3>
              <GangStatusBadge status={gang.status} />
            </div>
            <p className="mt-1 text-sm text-fg-muted">
              Your role: <span className="font-semibold text-fg">{role ?? 'Member'}</span>
            </p>
          </div>
        </div>
        <dl className="mt-5 grid grid-cols-2 gap-2.5 md:grid-cols-4 xl:grid-cols-2 2xl:grid-cols-4">
          <Fact
            label="Balance"
            value={formatMoney(gang.balance)}
            icon={<Coins className="size-4" />}
            className="col-span-2 md:col-span-1 xl:col-span-2 2xl:col-span-1"
          />
          <Fact label="Members" value={formatWhole(gang.member_count)} icon={<Users className="size-4" />} />
          <Fact label="Online" value={formatWhole(gang.online_count)} />
          <Fact
            label="Entry requirement"
            value={`Level ${formatWhole(gang.min_level)}`}
            className="col-span-2 md:col-span-1 xl:col-span-2 2xl:col-span-1"
          />
        </dl>
      </div>
      <div className="border-t border-line px-5 py-4 sm:px-6">
        <h4 className="text-sm font-semibold text-fg-muted">Member roster</h4>
        {gang.members.length === 0 ? (
          <p className="mt-3 text-sm text-fg-muted">Member roster unavailable.</p>
        ) : (
          <ul className="mt-3 grid gap-2 sm:grid-cols-2">
            {gang.members.map((member) => (
              <RosterRow key={member.uuid} member={member} now={now} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function RosterRow({ member, now }: { member: GangMember; now: number }) {
  return (
    <li className="flex items-center gap-3 rounded-xl bg-surface-sunken/70 px-3 py-2">
      <PresenceAvatar uuid={member.uuid} online={member.online} size={32} className="rounded-lg" />
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-semibold text-fg">
          {/* Without a name the page is found by uuid (the player page redirects to the name). */}
          <PlayerLink username={member.username ?? member.uuid}>
            {member.username ?? member.uuid.slice(0, 8)}
          </PlayerLink>
        </span>
        <span className="block text-xs text-fg-muted">{member.role}</span>
      </span>
      <span className="shrink-0 text-xs text-fg-muted tabular-nums">
        {member.online ? 'Online now' : socialRelativeTime(member.last_activity_at, now)}
      </span>
    </li>
  );
}

function Fact({
  label,
  value,
  icon,
  className,
}: {
  label: string;
  value: string;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={clsx('min-w-0 rounded-2xl border border-line bg-surface-sunken/60 px-3.5 py-2.5', className)}
    >
      <dt className="flex items-center gap-1.5 text-xs font-medium text-fg-muted">
        {icon && (
          <span aria-hidden className="text-accent">
            {icon}
          </span>
        )}
        {label}
      </dt>
      <dd className="mt-0.5 font-display text-lg font-bold break-all text-fg tabular-nums">{value}</dd>
    </div>
  );
}

/** A gang in the browser. */
export function GangListCard({ gang }: { gang: Gang }) {
  return (
    <li
      className="relative flex flex-col rounded-2xl border border-line bg-surface p-4 shadow-card transition-colors hover:border-line-strong"
      data-gang={gang.id}
    >
      <div className="flex items-start gap-3">
        <GangCrest color={gang.color} />
        <div className="min-w-0 flex-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="truncate font-display text-lg font-bold text-fg">
              {/* The whole card answers a click; the name alone is the link to keyboards and readers. */}
              <GangLink id={gang.id} className="after:absolute after:inset-0 after:rounded-2xl">
                {gang.name}
              </GangLink>
            </h3>
            <GangStatusBadge status={gang.status} />
          </div>
          <p className="text-sm text-fg-muted">
            <span className="inline-flex items-center gap-1.5">
              <OnlineDot online={gang.online_count > 0} />
              {formatWhole(gang.online_count)} / {formatWhole(gang.member_count)} online
            </span>
          </p>
        </div>
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-2 border-t border-line pt-3 text-sm">
        <div>
          <dt className="text-xs text-fg-muted">Treasury</dt>
          <dd className="font-semibold text-fg tabular-nums">{formatMoney(gang.balance)}</dd>
        </div>
        <div>
          <dt className="text-xs text-fg-muted">Entry requirement</dt>
          <dd className="font-semibold text-fg">Level {formatWhole(gang.min_level)}</dd>
        </div>
      </dl>
    </li>
  );
}
