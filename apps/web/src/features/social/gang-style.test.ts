import { describe, expect, it } from 'vitest';
import { filterGangs, GANG_DEFAULT_COLOR, gangColor, gangStatusLabel, gangStatusTone } from './gang-style.ts';

describe('gangColor (spec 5)', () => {
  it('accepts 3 or 6 hex digits with or without #, lowercased', () => {
    expect(gangColor('#ABC')).toBe('#abc');
    expect(gangColor('abc')).toBe('#abc');
    expect(gangColor('#FF8800')).toBe('#ff8800');
    expect(gangColor('ff8800')).toBe('#ff8800');
    expect(gangColor('  #1a2B3c  ')).toBe('#1a2b3c');
  });

  it('maps every game colour name to its hex', () => {
    expect(
      [
        'black',
        'dark_blue',
        'dark_green',
        'dark_aqua',
        'dark_red',
        'dark_purple',
        'gold',
        'gray',
        'dark_gray',
        'blue',
        'green',
        'aqua',
        'red',
        'light_purple',
        'yellow',
        'white',
      ].map(gangColor),
    ).toEqual([
      '#000000',
      '#0000AA',
      '#00AA00',
      '#00AAAA',
      '#AA0000',
      '#AA00AA',
      '#FFAA00',
      '#AAAAAA',
      '#555555',
      '#5555FF',
      '#55FF55',
      '#55FFFF',
      '#FF5555',
      '#FF55FF',
      '#FFFF55',
      '#FFFFFF',
    ]);
  });

  it('reads names in any case, with spaces or underscores', () => {
    expect(gangColor('GOLD')).toBe('#FFAA00');
    expect(gangColor('Dark Purple')).toBe('#AA00AA');
    expect(gangColor('LIGHT_PURPLE')).toBe('#FF55FF');
    expect(gangColor(' dark  aqua ')).toBe('#00AAAA');
  });

  it('gives anything else the default colour', () => {
    for (const color of [
      null,
      undefined,
      '',
      '   ',
      '#abcd',
      '#12345',
      'ggg',
      '#ab',
      'orange',
      'darkblue',
      'constructor',
    ]) {
      expect(gangColor(color), String(color)).toBe(GANG_DEFAULT_COLOR);
    }
  });
});

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

describe('filterGangs (spec 2.8)', () => {
  const gangs = [
    { id: 'a', name: 'Iron Fist', status: 'Open' },
    { id: 'b', name: 'Night Owls', status: 'InviteOnly' },
    { id: 'c', name: 'Openers', status: 'Closed' },
  ];
  const names = (query: string) => filterGangs(gangs, query).map((gang) => gang.name);

  it('keeps every gang for a blank search', () => {
    expect(names('')).toEqual(['Iron Fist', 'Night Owls', 'Openers']);
    expect(names('   ')).toEqual(['Iron Fist', 'Night Owls', 'Openers']);
  });

  it('matches the name, trimmed and case-insensitive', () => {
    expect(names('  iRON ')).toEqual(['Iron Fist']);
    expect(names('owl')).toEqual(['Night Owls']);
  });

  it('matches the status and its label', () => {
    expect(names('open')).toEqual(['Iron Fist', 'Openers']);
    expect(names('closed')).toEqual(['Openers']);
    expect(names('inviteonly')).toEqual(['Night Owls']);
    expect(names('invite only')).toEqual(['Night Owls']);
  });

  it('finds nothing for an unmatched search', () => {
    expect(names('dragons')).toEqual([]);
  });
});
