// A G-Kit card's badge and "Next claim" line (spec 2.7 G-Kits tab, spec 4 G-Kit card).
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GKitState } from '@prison/shared/players';
import { translate } from '../../lib/i18n.ts';
import { formatCooldown } from '../../lib/time-format.ts';

export type GKitStatus = 'locked' | 'ready' | 'cooldown';

export const GKIT_STATUS_LABELS: Record<GKitStatus, MessageDescriptor> = {
  locked: msg`Locked`,
  ready: msg`Ready`,
  cooldown: msg`Cooldown`,
};

/** Milliseconds until the cooldown ends: 0 with no cooldown, an unreadable one or one that has passed. */
export function cooldownRemaining(state: GKitState | undefined, now: number): number {
  const endsAt = state?.cooldown_ends_at ? Date.parse(state.cooldown_ends_at) : Number.NaN;
  return Number.isFinite(endsAt) ? Math.max(0, endsAt - now) : 0;
}

/** Spec 4: Locked until unlocked; then Cooldown while the cooldown end is in the future, else Ready. */
export function gkitStatus(state: GKitState | undefined, now: number): GKitStatus {
  if (!state?.unlocked) return 'locked';
  return cooldownRemaining(state, now) > 0 ? 'cooldown' : 'ready';
}

/** Spec 2.7: a kit with no state (or an unreadable level) shows Level 1. */
export function gkitLevel(state: GKitState | undefined): number {
  const level = state?.level;
  return typeof level === 'number' && Number.isInteger(level) && level >= 1 ? level : 1;
}

/** Spec 2.7 "Next claim": the card adds the time it becomes available beside the countdown. */
export function nextClaimText(state: GKitState | undefined, now: number): string {
  switch (gkitStatus(state, now)) {
    case 'locked':
      return translate(msg`Unlock this G-Kit to begin claiming rewards.`);
    case 'ready':
      return translate(msg`Ready to claim`);
    case 'cooldown':
      return formatCooldown(cooldownRemaining(state, now));
  }
}
