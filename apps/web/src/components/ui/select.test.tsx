import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Select } from './select.tsx';

describe('Select', () => {
  it('is a native select named by its label, answering the chosen value', async () => {
    const onChange = vi.fn();
    render(
      <Select
        label="Sort by"
        value="name"
        onChange={onChange}
        options={[
          { value: 'name', label: 'Name' },
          { value: 'listings', label: 'Listings' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Sort by' });
    expect(select).toHaveValue('name');
    await userEvent.setup().selectOptions(select, 'Listings');
    expect(onChange).toHaveBeenCalledWith('listings');
  });
});
