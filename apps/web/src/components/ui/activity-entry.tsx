// One activity entry as the profile's feed and the public milestones of player and gang pages draw
// it (spec 2.7 Activity tab, spec 3 Activity item). Every player it names links to their page.
import { Trans } from '@lingui/react/macro';
import type { ActivityItem } from '@prison/shared/players';
import { clsx } from 'clsx';
import {
  ArrowUpCircle,
  Crown,
  Gift,
  LogIn,
  LogOut,
  type LucideIcon,
  Mail,
  MessageSquare,
  Shield,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { type ActivityView, describeActivity } from '../../lib/activity-model.ts';
import { profileRelativeTime, timestampTitle } from '../../lib/time-format.ts';
import { cardClass } from './card.tsx';
import { PlayerLink } from './entity-links.tsx';

interface Look {
  icon: LucideIcon;
  tone: string;
}

const LOOKS: Record<ActivityView['kind'], Look> = {
  presence: { icon: LogIn, tone: 'bg-emerald-500/12 text-emerald-700 dark:text-emerald-300' },
  'private-message': { icon: Mail, tone: 'bg-violet-500/12 text-violet-700 dark:text-violet-300' },
  chat: { icon: MessageSquare, tone: 'bg-sky-500/12 text-sky-700 dark:text-sky-300' },
  'level-up': { icon: ArrowUpCircle, tone: 'bg-amber-400/15 text-amber-700 dark:text-amber-300' },
  gkit: { icon: Gift, tone: 'bg-rose-500/12 text-rose-700 dark:text-rose-300' },
  generic: { icon: Zap, tone: 'bg-zinc-500/12 text-zinc-700 dark:text-zinc-300' },
};

// Prestiges and gang joins are generic entries by the spec (actor, text, type), but as milestones
// of the public pages they get their own mark.
const TYPE_LOOKS: Record<string, Look> = {
  PRESTIGE_UP: { icon: Crown, tone: 'bg-fuchsia-500/12 text-fuchsia-700 dark:text-fuchsia-300' },
  GANG_JOIN: { icon: Shield, tone: 'bg-teal-500/12 text-teal-700 dark:text-teal-300' },
};

function lookOf(item: ActivityItem, view: ActivityView): Look {
  if (view.kind === 'presence' && !view.joined) return { ...LOOKS.presence, icon: LogOut };
  if (view.kind === 'generic') return TYPE_LOOKS[item.activity_type] ?? LOOKS.generic;
  return LOOKS[view.kind];
}

export function ActivityEntry({ item, now }: { item: ActivityItem; now: number }) {
  const view = describeActivity(item);
  const { icon: Icon, tone } = lookOf(item, view);
  return (
    <li data-activity={view.kind} className={cardClass('flex gap-3 p-4 sm:gap-4')}>
      <span className={clsx('flex size-10 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon aria-hidden className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5">
          <p className="min-w-0 text-sm text-fg">
            <Headline view={view} item={item} />
          </p>
          <time
            dateTime={item.occurred_at}
            {...timestampTitle(item.occurred_at)}
            className="shrink-0 text-xs text-fg-muted tabular-nums"
          >
            {profileRelativeTime(item.occurred_at, now)}
          </time>
        </div>
        <Body view={view} />
      </div>
    </li>
  );
}

/** A name in an entry, linking to the player's page when the entry knows who it is. */
const Name = ({ username, children }: { username?: string | null; children: ReactNode }) => (
  <strong className="font-semibold">
    {username === undefined ? children : <PlayerLink username={username}>{children}</PlayerLink>}
  </strong>
);

function Headline({ view, item }: { view: ActivityView; item: ActivityItem }) {
  const actor = item.actor_username?.trim() ? item.actor_username : null;
  const target = item.target_username?.trim() ? item.target_username : null;
  switch (view.kind) {
    case 'presence': {
      const name = view.name;
      return view.joined ? (
        <Trans>
          <Name username={actor}>{name}</Name> Joined the server
        </Trans>
      ) : (
        <Trans>
          <Name username={actor}>{name}</Name> Left the server
        </Trans>
      );
    }
    case 'private-message': {
      const { from, to } = view;
      return (
        <Trans comment="Activity: a private message from one player to another">
          <Name username={actor}>{from}</Name> <span className="text-fg-muted">messaged</span>{' '}
          <Name username={target}>{to}</Name>
        </Trans>
      );
    }
    case 'chat': {
      const name = view.name;
      return (
        <Trans comment="Activity: a player's message in the global chat, shown below">
          <Name username={actor}>{name}</Name> <span className="text-fg-muted">in global chat</span>
        </Trans>
      );
    }
    case 'level-up': {
      const { name, level } = view;
      return level === null ? (
        <Trans>
          <Name username={actor}>{name}</Name> levelled up
        </Trans>
      ) : (
        <Trans>
          <Name username={actor}>{name}</Name> reached level {level}
        </Trans>
      );
    }
    case 'gkit':
      return <GKitHeadline view={view} actor={actor} />;
    case 'generic': {
      const { actor: name, target: other } = view;
      if (!other) return <Name username={actor}>{name}</Name>;
      return (
        <Trans comment="Activity of an unknown kind between two players; its type and text are shown below">
          <Name username={actor}>{name}</Name> <span className="text-fg-muted">with</span>{' '}
          <Name username={target}>{other}</Name>
        </Trans>
      );
    }
  }
}

/** A G-Kit unlocked or upgraded: one sentence for each case, the kit's name kept as the game names it. */
function GKitHeadline({
  view,
  actor,
}: {
  view: Extract<ActivityView, { kind: 'gkit' }>;
  actor: string | null;
}) {
  const { name, kitName: kit, level } = view;
  if (view.status === 'unlocked') {
    return kit ? (
      <Trans>
        <Name username={actor}>{name}</Name> unlocked the <Name>{kit}</Name> G-Kit
      </Trans>
    ) : (
      <Trans>
        <Name username={actor}>{name}</Name> unlocked a G-Kit
      </Trans>
    );
  }
  if (level === null) {
    return kit ? (
      <Trans>
        <Name username={actor}>{name}</Name> upgraded the <Name>{kit}</Name> G-Kit
      </Trans>
    ) : (
      <Trans>
        <Name username={actor}>{name}</Name> upgraded a G-Kit
      </Trans>
    );
  }
  return kit ? (
    <Trans>
      <Name username={actor}>{name}</Name> upgraded the <Name>{kit}</Name> G-Kit to level {level}
    </Trans>
  ) : (
    <Trans>
      <Name username={actor}>{name}</Name> upgraded a G-Kit to level {level}
    </Trans>
  );
}

function Body({ view }: { view: ActivityView }) {
  if (view.kind === 'private-message' || view.kind === 'chat') {
    return (
      <p className="mt-2 rounded-xl bg-surface-sunken px-3 py-2 text-sm break-words text-fg">{view.text}</p>
    );
  }
  if (view.kind === 'generic') {
    return (
      <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
        {view.text && <span className="break-words text-fg">{view.text}</span>}
        <span className="rounded-md bg-fg/[0.06] px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-fg-muted uppercase">
          {view.typeLabel}
        </span>
      </div>
    );
  }
  return null;
}
