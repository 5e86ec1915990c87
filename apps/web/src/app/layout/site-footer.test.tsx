import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../../../test/render-route.tsx';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('shows the copyright for the current year and links to the server status, punishments, docs, privacy and the community', () => {
    renderRoute(<SiteFooter />, { config: { communityInviteUrl: 'https://chat.example.com/invite/prison' } });
    expect(screen.getByRole('contentinfo')).toHaveTextContent(`© ${new Date().getFullYear()} Vaultbreak`);
    expect(screen.getByRole('link', { name: 'Server status' })).toHaveAttribute('href', '/status');
    expect(screen.getByRole('link', { name: 'Punishments' })).toHaveAttribute('href', '/punishments');
    expect(screen.getByRole('link', { name: 'Docs' })).toHaveAttribute('href', '/docs');
    expect(screen.getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
    const invite = screen.getByRole('link', { name: /Join the community/ });
    expect(invite).toHaveAttribute('href', 'https://chat.example.com/invite/prison');
    expect(invite).toHaveAttribute('target', '_blank');
    expect(invite).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('leaves the community link out when none is configured', () => {
    renderRoute(<SiteFooter />);
    expect(screen.queryByRole('link', { name: /Join the community/ })).not.toBeInTheDocument();
  });
});
