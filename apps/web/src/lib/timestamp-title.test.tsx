import { fireEvent, render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { formatTimestamp, timestampTitle } from './time-format.ts';

const AT = '2024-06-15T12:00:00.000Z';

it('writes the full timestamp as the tooltip when the pointer or the focus reaches the element', () => {
  render(
    <time dateTime={AT} {...timestampTitle(AT)}>
      5m ago
    </time>,
  );
  const time = screen.getByText('5m ago');
  expect(time.title).toBe('');
  fireEvent.pointerEnter(time);
  expect(time.title).toBe(formatTimestamp(AT));
  time.title = '';
  fireEvent.focus(time);
  expect(time.title).toBe(formatTimestamp(AT));
});
