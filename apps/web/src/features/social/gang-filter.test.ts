import { describe, expect, it } from 'vitest';
import { filterGangs } from './gang-filter.ts';

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
