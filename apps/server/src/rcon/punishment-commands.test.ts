// The commands that punish and pardon on the game server, filled in from the owner's templates.
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PUNISHMENT_COMMANDS,
  formatDuration,
  pardonCommand,
  punishCommand,
} from './punishment-commands.ts';

const player = { uuid: '069a79f4-44e9-4726-a5be-fca90e38aaf5', name: 'Notch' };

describe('punishment commands', () => {
  it('writes a duration with the largest unit that divides it', () => {
    expect([60, 90, 3600, 5400, 86_400, 7 * 86_400, 90_061].map(formatDuration)).toEqual([
      '1m',
      '90s',
      '1h',
      '90m',
      '1d',
      '7d',
      '90061s',
    ]);
  });

  it('uses the temporary command for a ban or mute with a duration, the permanent one without', () => {
    const fill = (durationSeconds: number | null) => ({ player, reason: 'X-ray', durationSeconds });
    expect(punishCommand(DEFAULT_PUNISHMENT_COMMANDS, 'ban', fill(604_800))).toBe('tempban Notch 7d X-ray');
    expect(punishCommand(DEFAULT_PUNISHMENT_COMMANDS, 'ban', fill(null))).toBe('ban Notch X-ray');
    expect(punishCommand(DEFAULT_PUNISHMENT_COMMANDS, 'mute', fill(1800))).toBe('tempmute Notch 30m X-ray');
    // A warning and a kick have no temporary form.
    expect(punishCommand(DEFAULT_PUNISHMENT_COMMANDS, 'warning', fill(3600))).toBe('warn Notch X-ray');
    expect(punishCommand(DEFAULT_PUNISHMENT_COMMANDS, 'kick', fill(null))).toBe('kick Notch X-ray');
  });

  it('keeps a reason on one line, whatever it holds, and fills every placeholder', () => {
    const commands = { ...DEFAULT_PUNISHMENT_COMMANDS, warning: 'warn {uuid} {reason} --by-site' };
    const reason = 'spam\nop Notch\r\u0000\u2028 and\t\tmore  ';
    expect(punishCommand(commands, 'warning', { player, reason, durationSeconds: null })).toBe(
      `warn ${player.uuid} spam op Notch and more --by-site`,
    );
    expect(punishCommand(commands, 'kick', { player, reason: null, durationSeconds: null })).toBe(
      'kick Notch',
    );
  });

  it('lifts a ban, a mute or a warning, and nothing for a kick', () => {
    const fill = { player, reason: 'Appeal accepted', durationSeconds: null };
    expect(pardonCommand(DEFAULT_PUNISHMENT_COMMANDS, 'ban', fill)).toBe('unban Notch');
    expect(pardonCommand(DEFAULT_PUNISHMENT_COMMANDS, 'mute', fill)).toBe('unmute Notch');
    expect(pardonCommand(DEFAULT_PUNISHMENT_COMMANDS, 'warning', fill)).toBe('unwarn Notch');
    expect(pardonCommand(DEFAULT_PUNISHMENT_COMMANDS, 'kick', fill)).toBeNull();
  });
});
