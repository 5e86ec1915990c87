import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoreSection } from './lore-section.tsx';

describe('LoreSection', () => {
  it('presents the three gods with their taglines and emblems', () => {
    render(<LoreSection />);
    const section = screen.getByRole('region', { name: 'The three gods of the yard' });
    for (const [name, tagline] of [
      ['Aurion', 'The Eternal Vault'],
      ['Chronos', 'Violence before time itself'],
      ['Laphris', 'Arcane fortitude carved in stone'],
    ] as const) {
      expect(within(section).getByRole('heading', { level: 3, name })).toBeInTheDocument();
      expect(within(section).getByText(tagline)).toBeInTheDocument();
      expect(within(section).getByRole('img', { name: `Emblem of ${name}` })).toBeInTheDocument();
    }
  });

  it('gives every emblem its own gradient ids', () => {
    const { container } = render(<LoreSection />);
    const ids = [...container.querySelectorAll('svg [id]')].map((element) => element.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
