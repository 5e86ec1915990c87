import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useEnchantFilters } from './use-enchant-filters.ts';

describe('useEnchantFilters', () => {
  it('keeps both of two changes made before the page renders again', () => {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <MemoryRouter initialEntries={['/enchants?q=powerball']}>{children}</MemoryRouter>
    );
    const { result } = renderHook(() => ({ ...useEnchantFilters(), location: useLocation() }), { wrapper });
    act(() => {
      result.current.update({ search: '' }, { replace: true });
      result.current.update({ rarity: 'legendary' });
    });
    expect(result.current.location.search).toBe('?rarity=legendary');
    expect(result.current.filters).toMatchObject({ search: '', rarity: 'legendary' });
  });
});
