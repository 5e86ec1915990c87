import { Navigate, type RouteObject } from 'react-router';
import { loadAdminCatalogue } from '../lib/i18n.ts';
import { type AdminBasePath, AdminLayout } from './admin-layout.tsx';
import { ErrorScreen, RootErrorScreen } from './error-screen.tsx';
import { QueryLayout } from './query-layout.tsx';
import type { RouteSetName } from './route-set.ts';

// One page for the three paths: it reads the path to choose the section in focus (spec 2.12).
const dashboard: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({
    Component: (await import('../features/admin/admin-dashboard-page.tsx')).AdminDashboardPage,
  }),
};

const gameServers: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({
    Component: (await import('../features/admin/game-servers-page.tsx')).GameServersPage,
  }),
};

const webhooks: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({
    Component: (await import('../features/admin/webhooks-page.tsx')).WebhooksPage,
  }),
};

// The moderation page gets the punish dialog from here: the player page shows the same dialog to
// staff, and features do not import each other.
const moderation: Pick<RouteObject, 'lazy'> = {
  lazy: async () => {
    const [{ ModerationPage }, { PunishDialog }] = await Promise.all([
      import('../features/admin/moderation-page.tsx'),
      import('../features/moderation/punish-dialog.tsx'),
    ]);
    return { element: <ModerationPage PunishDialog={PunishDialog} /> };
  },
};

const appeals: Pick<RouteObject, 'lazy'> = {
  lazy: async () => ({
    Component: (await import('../features/admin/appeals-page.tsx')).AppealsPage,
  }),
};

/**
 * Spec 2.1 route sets 1 and 2. On an admin host the console sits at the root; otherwise under /admin.
 * Any other path goes back to the overview.
 */
export function adminRoutes(set: Exclude<RouteSetName, 'public'>): RouteObject[] {
  const base: AdminBasePath = set === 'admin-host' ? '' : '/admin';
  return [
    {
      // The console's words are a catalogue of their own (lib/i18n.ts), loaded before any of its
      // pages (the sign-in page and the layout included) renders: the router renders nothing until
      // the lazy routes it matched have loaded, and this one is matched by every address.
      lazy: async () => {
        await loadAdminCatalogue();
        return { Component: QueryLayout };
      },
      errorElement: <RootErrorScreen />,
      children: [
        {
          path: '/login',
          element: <AdminLayout basePath={base} showNav={false} />,
          errorElement: <ErrorScreen />,
          children: [
            {
              index: true,
              lazy: async () => {
                const { LoginRoute } = await import('./login-route.tsx');
                return { element: <LoginRoute set={set} /> };
              },
            },
          ],
        },
        {
          path: base || '/',
          element: <AdminLayout basePath={base} />,
          children: [
            {
              errorElement: <ErrorScreen />,
              children: [
                { index: true, ...dashboard },
                { path: 'activity', ...dashboard },
                { path: 'console', ...dashboard },
                { path: 'moderation', ...moderation },
                { path: 'appeals', ...appeals },
                { path: 'servers', ...gameServers },
                { path: 'webhooks', ...webhooks },
              ],
            },
          ],
        },
        { path: '*', element: <Navigate to={base || '/'} replace /> },
      ],
    },
  ];
}
