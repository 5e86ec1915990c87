import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../test/render-route.tsx';
import { ErrorScreen } from './error-screen.tsx';
import { NotFoundPage } from './not-found-page.tsx';

describe('not-found page', () => {
  it('says the page was not found and offers a way home', async () => {
    const { router } = renderRoute(<NotFoundPage />, { path: '/nowhere' });
    expect(
      screen.getByRole('heading', { level: 1, name: "We couldn't find that page." }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Go home' }));
    expect(router.state.location.pathname).toBe('/');
  });
});

function Broken(): never {
  throw new Error('database exploded');
}

describe('error screen', () => {
  it('shows only the generic error text when a page fails to render', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const router = createMemoryRouter([{ path: '/', element: <Broken />, errorElement: <ErrorScreen /> }]);
    render(<RouterProvider router={router} />);
    expect(
      await screen.findByText(
        'Something went wrong. Please refresh the page. If the problem persists, contact support.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/database exploded/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refresh the page' })).toBeInTheDocument();
  });
});
