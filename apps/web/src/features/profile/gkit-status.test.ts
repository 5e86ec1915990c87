import type { GKitState } from '@prison/shared/players';
import { describe, expect, it } from 'vitest';
import { translate } from '../../lib/i18n.ts';
import {
  cooldownRemaining,
  GKIT_STATUS_LABELS,
  gkitLevel,
  gkitStatus,
  nextClaimText,
} from './gkit-status.ts';

const NOW = Date.parse('2024-06-15T12:00:00Z');

function kit(overrides: Partial<GKitState> = {}): GKitState {
  return { unlocked: true, level: 2, cooldown_ends_at: null, last_claimed_at: null, ...overrides };
}

const inFuture = (ms: number) => new Date(NOW + ms).toISOString();

describe('gkitStatus (spec 4)', () => {
  it('is locked with no state or while not unlocked, whatever the cooldown', () => {
    expect(gkitStatus(undefined, NOW)).toBe('locked');
    expect(gkitStatus(kit({ unlocked: false }), NOW)).toBe('locked');
    expect(gkitStatus(kit({ unlocked: false, cooldown_ends_at: inFuture(60_000) }), NOW)).toBe('locked');
  });

  it('is ready when unlocked with no cooldown or one that has ended', () => {
    expect(gkitStatus(kit(), NOW)).toBe('ready');
    expect(gkitStatus(kit({ cooldown_ends_at: inFuture(-1) }), NOW)).toBe('ready');
    expect(gkitStatus(kit({ cooldown_ends_at: inFuture(0) }), NOW)).toBe('ready');
    expect(gkitStatus(kit({ cooldown_ends_at: 'not a time' }), NOW)).toBe('ready');
  });

  it('is on cooldown while the cooldown end is in the future', () => {
    expect(gkitStatus(kit({ cooldown_ends_at: inFuture(1) }), NOW)).toBe('cooldown');
    expect(gkitStatus(kit({ cooldown_ends_at: inFuture(3_600_000) }), NOW)).toBe('cooldown');
  });

  it('badges each status', () => {
    expect(translate(GKIT_STATUS_LABELS.locked)).toBe('Locked');
    expect(translate(GKIT_STATUS_LABELS.ready)).toBe('Ready');
    expect(translate(GKIT_STATUS_LABELS.cooldown)).toBe('Cooldown');
  });
});

describe('cooldownRemaining', () => {
  it('is the time left, never below zero', () => {
    expect(cooldownRemaining(kit({ cooldown_ends_at: inFuture(90_000) }), NOW)).toBe(90_000);
    expect(cooldownRemaining(kit({ cooldown_ends_at: inFuture(-90_000) }), NOW)).toBe(0);
    expect(cooldownRemaining(kit(), NOW)).toBe(0);
    expect(cooldownRemaining(undefined, NOW)).toBe(0);
  });
});

describe('gkitLevel (spec 2.7)', () => {
  it('defaults to 1', () => {
    expect(gkitLevel(undefined)).toBe(1);
    expect(gkitLevel(kit({ level: 0 }))).toBe(1);
    expect(gkitLevel(kit({ level: 4 }))).toBe(4);
  });
});

describe('nextClaimText (spec 2.7)', () => {
  it('asks a locked kit to be unlocked', () => {
    expect(nextClaimText(undefined, NOW)).toBe('Unlock this G-Kit to begin claiming rewards.');
    expect(nextClaimText(kit({ unlocked: false }), NOW)).toBe('Unlock this G-Kit to begin claiming rewards.');
  });

  it('reads "Ready to claim" when ready', () => {
    expect(nextClaimText(kit(), NOW)).toBe('Ready to claim');
  });

  it('counts down a cooldown', () => {
    const remaining = ((26 * 60 + 3) * 60 + 4) * 1000;
    expect(nextClaimText(kit({ cooldown_ends_at: inFuture(remaining) }), NOW)).toBe('1d 2h 3m 4s');
    expect(nextClaimText(kit({ cooldown_ends_at: inFuture(4 * 60_000) }), NOW)).toBe('4m 0s');
  });
});
