import type { Gang } from '@prison/shared/social';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { GangListCard, YourGangCard } from './gang-card.tsx';

const GANG: Gang = {
  id: 'g-1',
  name: 'Iron Wolves',
  status: 'Open',
  color: 'gold',
  balance: '1500.00',
  member_count: 2,
  online_count: 1,
  min_level: 5,
  members: [
    {
      uuid: 'aaaaaaaa-1111-4000-8000-000000000001',
      username: 'Wolfie',
      role: 'Leader',
      online: true,
      last_activity_at: null,
    },
    {
      uuid: 'bbbbbbbb-2222-4000-8000-000000000002',
      username: null,
      role: 'Member',
      online: false,
      last_activity_at: null,
    },
  ],
};

describe('gang cards', () => {
  it('link the gang to its page and each member to theirs, by uuid when the name is unknown', () => {
    // Spread: the linter takes a `role` attribute for an ARIA role.
    const props = { gang: GANG, role: 'Leader' };
    renderRoute(<YourGangCard {...props} />);
    expect(screen.getByRole('link', { name: 'Iron Wolves' })).toHaveAttribute('href', '/gangs/g-1');
    expect(screen.getByRole('link', { name: 'Wolfie' })).toHaveAttribute('href', '/players/Wolfie');
    // Spec 2.8: the roster shows the first 8 characters of an unnamed member's uuid.
    expect(screen.getByRole('link', { name: 'bbbbbbbb' })).toHaveAttribute(
      'href',
      '/players/bbbbbbbb-2222-4000-8000-000000000002',
    );
  });

  it('make a card of the gang browser a link to the gang page', () => {
    renderRoute(
      <ul>
        <GangListCard gang={GANG} />
      </ul>,
    );
    const card = screen.getByRole('listitem');
    expect(within(card).getAllByRole('link')).toHaveLength(1);
    expect(within(card).getByRole('link', { name: 'Iron Wolves' })).toHaveAttribute('href', '/gangs/g-1');
  });
});
