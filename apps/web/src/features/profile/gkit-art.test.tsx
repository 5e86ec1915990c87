import { GKITS } from '@prison/shared/gkits';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { GKitArt } from './gkit-art.tsx';

describe('GKitArt', () => {
  it.each([...GKITS.map((kit) => kit.id), 'unknown-kit'])('draws a decorative picture for %s', (kitId) => {
    const { container } = render(<GKitArt kitId={kitId} className="size-24" />);
    const svg = container.querySelector('svg')!;
    expect(svg).toHaveAttribute('aria-hidden', 'true');
    expect(svg).toHaveAttribute('focusable', 'false');
    expect(svg).toHaveAttribute('viewBox', '0 0 96 96');
    expect(svg).toHaveClass('size-24');
    expect(svg.textContent).toBe('');
    expect(svg.querySelectorAll('script, text, image, use, a')).toHaveLength(0);
  });

  it('gives each known kit its own picture and the fallback a different one', () => {
    const drawn = [...GKITS.map((kit) => kit.id), 'unknown-kit'].map(
      (kitId) => render(<GKitArt kitId={kitId} />).container.innerHTML,
    );
    expect(new Set(drawn).size).toBe(drawn.length);
  });
});
