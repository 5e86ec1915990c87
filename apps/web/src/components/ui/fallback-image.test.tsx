import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AVATAR_PLACEHOLDER, FallbackImage } from './fallback-image.tsx';

describe('FallbackImage', () => {
  it('swaps in the local placeholder when the remote image fails', () => {
    render(
      <FallbackImage src="https://avatars.example/steve.png" fallbackSrc={AVATAR_PLACEHOLDER} alt="Steve" />,
    );
    const image = screen.getByRole('img', { name: 'Steve' });
    expect(image).toHaveAttribute('src', 'https://avatars.example/steve.png');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', AVATAR_PLACEHOLDER);
  });

  it('uses the placeholder when there is no address at all', () => {
    render(<FallbackImage src="" alt="Unknown item" />);
    expect(screen.getByRole('img', { name: 'Unknown item' })).toHaveAttribute('src', '/item-placeholder.svg');
  });

  it('waits until it is near the screen, unless the page asks for it first', () => {
    render(
      <>
        <FallbackImage src="/a.png" alt="Later" />
        <FallbackImage src="/b.png" alt="First" loading="eager" fetchPriority="high" />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Later' })).toHaveAttribute('loading', 'lazy');
    const first = screen.getByRole('img', { name: 'First' });
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
  });
});
