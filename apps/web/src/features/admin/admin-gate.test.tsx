import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute, storeSession } from '../../../test/render-route.tsx';
import { AdminGate, mainSiteAddress } from './admin-gate.tsx';

describe('mainSiteAddress', () => {
  it('is / under /admin, and the host without its first label on an admin host', () => {
    expect(mainSiteAddress('/admin', { protocol: 'https:', host: 'play.example.org' })).toBe('/');
    expect(mainSiteAddress('', { protocol: 'https:', host: 'admin.example.org' })).toBe(
      'https://example.org/',
    );
    expect(mainSiteAddress('', { protocol: 'http:', host: 'admin.localhost:4311' })).toBe(
      'http://localhost:4311/',
    );
  });
});

describe('AdminGate', () => {
  const gate = (path: string) =>
    renderRoute(
      <AdminGate basePath="/admin">
        <p>the console</p>
      </AdminGate>,
      { path },
    );

  it('asks a visitor to sign in, coming back to the same page', () => {
    gate('/admin/console');
    expect(screen.getByRole('heading', { name: 'Secure administrator access' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fadmin%2Fconsole',
    );
    expect(screen.queryByText('the console')).not.toBeInTheDocument();
  });

  it('restricts an account without a staff role, showing its roles', () => {
    storeSession(['VIP', 'DOCS_EDITOR']);
    gate('/admin');
    expect(screen.getByRole('heading', { name: 'Access restricted' })).toBeInTheDocument();
    expect(screen.getByText('VIP')).toBeInTheDocument();
    expect(screen.getByText('DOCS_EDITOR')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Switch account' })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fadmin',
    );
    expect(screen.getByRole('link', { name: 'Return to main site' })).toHaveAttribute('href', '/');
  });

  it.each([['ADMIN'], ['owner'], ['Web_Admin']])('lets %s in, whatever the case', (role) => {
    storeSession([role]);
    gate('/admin');
    expect(screen.getByText('the console')).toBeInTheDocument();
  });
});
