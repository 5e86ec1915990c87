import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { ActivityStream, GangLeaders, TopBalances } from './dashboard-sections.tsx';

const UUID = '0f0e0d0c-1111-4000-8000-000000000001';

function renderSections(path: string) {
  renderRoute(
    <>
      <ActivityStream
        events={[
          { id: 1, time: new Date().toISOString(), type: 'PLAYER_JOIN', player: 'Steve', text: null },
          { id: 2, time: new Date().toISOString(), type: 'PLAYER_QUIT', player: null, text: null },
        ]}
      />
      <TopBalances
        players={[
          { uuid: 'u-1', username: 'Alex', rank: 'ROOKIE', balance: '10.00', level: 2 },
          { uuid: UUID, username: null, rank: null, balance: '5.00', level: 1 },
        ]}
      />
      <GangLeaders
        gangs={[{ id: 'g 1', name: 'Iron Wolves', member_count: 3, online_count: 1, balance: '99.00' }]}
      />
    </>,
    { path },
  );
}

describe('names in the console', () => {
  it('link to the public pages on the same host under /admin', () => {
    renderSections('/admin/activity');
    expect(screen.getByRole('link', { name: 'Steve' })).toHaveAttribute('href', '/players/Steve');
    expect(screen.getByRole('link', { name: 'Alex' })).toHaveAttribute('href', '/players/Alex');
    // Without a name, the uuid finds the page; the list shows its first 8 characters.
    expect(screen.getByRole('link', { name: '0f0e0d0c' })).toHaveAttribute('href', `/players/${UUID}`);
    expect(screen.getByRole('link', { name: 'Iron Wolves' })).toHaveAttribute('href', '/gangs/g%201');
    // An event without a player names nobody to link.
    expect(screen.getByText('Unknown player').closest('a')).toBeNull();
  });

  it("link to the main site's host from an admin host", () => {
    renderSections('/activity');
    const origin = `${window.location.protocol}//${window.location.host}`;
    expect(screen.getByRole('link', { name: 'Steve' })).toHaveAttribute('href', `${origin}/players/Steve`);
  });
});
