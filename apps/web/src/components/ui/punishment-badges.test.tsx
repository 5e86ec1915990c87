import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isInForce, StandingChip, standingOf, TypeBadge } from './punishment-badges.tsx';

const NOW = Date.parse('2024-06-01T12:00:00Z');
const HOUR = 3_600_000;
const at = (offset: number) => new Date(NOW + offset).toISOString();

describe('where a punishment stands', () => {
  it('is worked out on the page clock: a ban whose end has passed is over', () => {
    expect(standingOf({ type: 'ban', until: at(3 * HOUR), revoked: null }, NOW)).toEqual({
      kind: 'until',
      until: at(3 * HOUR),
    });
    const ended = standingOf({ type: 'ban', until: at(-HOUR), revoked: null }, NOW);
    expect(ended.kind).toBe('expired');
    expect(isInForce(ended)).toBe(false);
    expect(isInForce(standingOf({ type: 'mute', until: null, revoked: null }, NOW))).toBe(true);
  });

  it('reads revoked before anything else, a kick included', () => {
    const revoked = { at: at(-HOUR), by: null, reason: null };
    expect(standingOf({ type: 'kick', until: null, revoked }, NOW).kind).toBe('revoked');
    expect(standingOf({ type: 'kick', until: null, revoked: null }, NOW).kind).toBe('kick');
  });

  it('says it in a few words, and a kick has no end', () => {
    const { rerender } = render(<StandingChip standing={{ kind: 'until', until: at(3 * HOUR) }} now={NOW} />);
    expect(screen.getByText(/^Ends in/)).toHaveAttribute('data-standing', 'until');
    rerender(<StandingChip standing={{ kind: 'permanent' }} now={NOW} />);
    expect(screen.getByText('Permanent')).toBeInTheDocument();
    rerender(<StandingChip standing={{ kind: 'kick' }} now={NOW} />);
    expect(screen.getByText('No end: a kick')).toBeInTheDocument();
  });

  it("names a punishment's type on its badge", () => {
    render(<TypeBadge type="warning" />);
    expect(screen.getByText('Warning')).toHaveAttribute('data-type', 'warning');
  });
});
