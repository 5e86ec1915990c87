import { Activity, Gauge, SquareTerminal } from 'lucide-react';
import { useLocation } from 'react-router';
import { pageTitle } from '../../lib/brand.ts';

// Spec 2.12: the route picks which dashboard section has focus. The dashboard itself is still being built.
export type DashboardFocus = 'overview' | 'activity' | 'console';

const SECTIONS = {
  overview: {
    title: 'Operational overview',
    summary: 'Players online, XP generated, active miners and the economy total, with a 24-hour XP chart.',
    icon: Gauge,
  },
  activity: {
    title: 'Network activity stream',
    summary: 'Recent player events, the top balances and the gang treasury leaders.',
    icon: Activity,
  },
  console: {
    title: 'Operator console',
    summary: 'A live server command form with the history of this session.',
    icon: SquareTerminal,
  },
} as const;

export function dashboardFocus(pathname: string): DashboardFocus {
  if (/\/activity\/?$/.test(pathname)) return 'activity';
  if (/\/console\/?$/.test(pathname)) return 'console';
  return 'overview';
}

export function AdminDashboardPage() {
  const focus = dashboardFocus(useLocation().pathname);
  const { title, summary, icon: Icon } = SECTIONS[focus];
  return (
    <div>
      <title>{pageTitle(`${title} · Admin`)}</title>
      <h1 className="font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">{title}</h1>
      <div className="mt-8 flex items-start gap-4 rounded-2xl border border-dashed border-line-strong bg-surface p-6">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-violet-500/10 text-violet-700 ring-1 ring-violet-500/25 dark:text-violet-300">
          <Icon aria-hidden className="size-5" />
        </span>
        <div>
          <p className="font-semibold text-fg">Coming in the next update</p>
          <p className="mt-1 text-fg-muted">{summary}</p>
        </div>
      </div>
    </div>
  );
}
