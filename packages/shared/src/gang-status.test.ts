import { describe, expect, it } from 'vitest';
import { gangStatusLabel, gangStatusTone } from './gang-status.ts';

describe('gangStatusTone (spec 4)', () => {
  it('colours Open green, InviteOnly amber, Closed red and others neutral', () => {
    expect(gangStatusTone('Open')).toBe('green');
    expect(gangStatusTone('InviteOnly')).toBe('amber');
    expect(gangStatusTone('Closed')).toBe('red');
    expect(gangStatusTone('Recruiting')).toBe('neutral');
    expect(gangStatusTone('')).toBe('neutral');
    expect(gangStatusTone(null)).toBe('neutral');
  });
});

describe('gangStatusLabel', () => {
  it('spells InviteOnly out and keeps other statuses', () => {
    expect(gangStatusLabel('InviteOnly')).toBe('Invite only');
    expect(gangStatusLabel('Open')).toBe('Open');
    expect(gangStatusLabel('Closed')).toBe('Closed');
    expect(gangStatusLabel('Recruiting')).toBe('Recruiting');
  });
});
