// LiteBans' console commands as staff type them over RCON: what the console answers, and what it
// refuses. What they become on the bridge is in punishments.test.ts.
import { describe, expect, it } from 'vitest';
import { DEMO_PLAYER } from './demo-accounts.ts';
import { parseDuration } from './litebans-commands.ts';
import { LiveState } from './live-state.ts';
import { createCommandHandler } from './rcon-commands.ts';
import { generateWorld } from './world.ts';

const NOW = Date.UTC(2025, 5, 1, 12);

function server() {
  const state = new LiveState(generateWorld({ players: 60, now: NOW }));
  return { state, run: createCommandHandler(state) };
}

describe('LiteBans commands over RCON', () => {
  it('bans for a while or for good, refuses a second ban, and lifts it once', () => {
    const { run } = server();
    expect(run('tempban DemoPlayer 7d X-ray')).toBe('DemoPlayer has been banned for 7 days: X-ray');
    expect(run('ban DemoPlayer Kill aura')).toBe('DemoPlayer is already banned');
    expect(run('unban DemoPlayer')).toBe('DemoPlayer has been unbanned');
    expect(run('unban DemoPlayer')).toBe('DemoPlayer is not banned');
    expect(run('ban DemoPlayer')).toBe('DemoPlayer has been permanently banned');
  });

  it('reads the label in any case, with or without a slash, and the name in any case', () => {
    const { run } = server();
    expect(run('/TEMPBAN demoplayer 1d12h Duping items')).toBe(
      'DemoPlayer has been banned for 1 day, 12 hours: Duping items',
    );
    expect(run('UnBan DEMOPLAYER')).toBe('DemoPlayer has been unbanned');
  });

  it('mutes and unmutes, warns and removes the latest warning', () => {
    const { run } = server();
    expect(run('tempmute DemoPlayer 30m Caps spam')).toBe(
      'DemoPlayer has been muted for 30 minutes: Caps spam',
    );
    expect(run('mute DemoPlayer')).toBe('DemoPlayer is already muted');
    expect(run('unmute DemoPlayer')).toBe('DemoPlayer has been unmuted');
    expect(run('unmute DemoPlayer')).toBe('DemoPlayer is not muted');
    expect(run('mute DemoPlayer Advertising')).toBe('DemoPlayer has been permanently muted: Advertising');
    expect(run('warn DemoPlayer Spawn killing')).toBe('DemoPlayer has been warned: Spawn killing');
    expect(run('warn DemoPlayer -s Spam')).toBe('DemoPlayer has been warned: Spam');
    expect(run('unwarn DemoPlayer')).toBe('Removed the latest warning of DemoPlayer');
    expect(run('unwarn DemoPlayer')).toBe('Removed the latest warning of DemoPlayer');
    expect(run('unwarn DemoPlayer')).toBe('DemoPlayer has no warnings');
  });

  it('kicks a player who is online, and only then', () => {
    const { state, run } = server();
    expect(run('kick DemoPlayer AFK in the mines')).toBe('DemoPlayer is not online');
    state.online.add(DEMO_PLAYER.uuid);
    expect(run('kick demoplayer AFK in the mines')).toBe('DemoPlayer has been kicked: AFK in the mines');
  });

  it('punishes a player who is offline, and says so of a name nobody has', () => {
    const { state, run } = server();
    const offline = state.players.find((p) => !p.isDemo && !state.moderation.isBanned(p.uuid))!;
    expect(state.online.has(offline.uuid)).toBe(false);
    expect(run(`ban ${offline.username} Ban evasion`)).toBe(
      `${offline.username} has been permanently banned: Ban evasion`,
    );
    for (const command of ['ban', 'tempban', 'mute', 'warn', 'kick', 'unban', 'unmute', 'unwarn']) {
      const args = command === 'tempban' ? 'NobodyHere 7d Spam' : 'NobodyHere';
      expect(run(`${command} ${args}`), command).toBe('Player not found');
    }
  });

  it('answers a usage line for missing arguments or a bad duration', () => {
    const { run } = server();
    expect(run('ban')).toBe('Usage: /ban <player> [-s] [reason]');
    expect(run('tempban DemoPlayer')).toBe('Usage: /tempban <player> <duration> [-s] [reason]');
    expect(run('tempmute')).toBe('Usage: /tempmute <player> <duration> [-s] [reason]');
    expect(run('unwarn')).toBe('Usage: /unwarn <player> [reason]');
    expect(run('tempban DemoPlayer 7x X-ray')).toBe(
      'Invalid duration: 7x\nUsage: /tempban <player> <duration> [-s] [reason]',
    );
    expect(run('tempmute DemoPlayer 0m Spam')).toBe(
      'Invalid duration: 0m\nUsage: /tempmute <player> <duration> [-s] [reason]',
    );
    // Nothing was recorded by the refused commands.
    expect(run('unban DemoPlayer')).toBe('DemoPlayer is not banned');
    expect(run('unmute DemoPlayer')).toBe('DemoPlayer is not muted');
  });

  it('refuses a reason longer than the site keeps', () => {
    const { run } = server();
    expect(run(`ban DemoPlayer ${'x'.repeat(2049)}`)).toBe(
      'The reason is too long (at most 2048 characters)',
    );
    expect(run('unban DemoPlayer')).toBe('DemoPlayer is not banned');
  });

  it('lists LiteBans among the plugins and its commands in help', () => {
    const { run } = server();
    expect(run('plugins')).toContain('LiteBans');
    expect(run('help tempban')).toBe(
      '/tempban <player> <duration> [-s] [reason] - LiteBans: ban a player for a while (30m, 12h, 7d, 2w, 1mo...)',
    );
    expect(run('help unwarn')).toMatch(/^\/unwarn <player>/);
  });
});

describe('durations as LiteBans reads them', () => {
  it('takes seconds to years, alone or together', () => {
    expect(parseDuration('90s')).toEqual({ ms: 90_000, words: '90 seconds' });
    expect(parseDuration('12h')).toEqual({ ms: 12 * 3_600_000, words: '12 hours' });
    expect(parseDuration('2W')).toEqual({ ms: 14 * 86_400_000, words: '2 weeks' });
    expect(parseDuration('1mo')).toEqual({ ms: 30 * 86_400_000, words: '1 month' });
    expect(parseDuration('1y')).toEqual({ ms: 365 * 86_400_000, words: '1 year' });
    expect(parseDuration('1d12h')).toEqual({ ms: 36 * 3_600_000, words: '1 day, 12 hours' });
  });

  it('refuses what is not one', () => {
    for (const text of ['', '7', 'd', '7x', '-1d', '0s', '1.5h', '7 d', 'forever']) {
      expect(parseDuration(text), text).toBeNull();
    }
  });
});
