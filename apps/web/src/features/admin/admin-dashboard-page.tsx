import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { Activity, Gauge, SquareTerminal } from 'lucide-react';
import { type ReactNode, type Ref, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { AdminGate } from './admin-gate.tsx';
import { dashboardErrorText, secondFactorStep, useDashboard } from './api.ts';
import {
  ActivityStream,
  GangLeaders,
  SummaryCards,
  SummarySkeleton,
  TopBalances,
} from './dashboard-sections.tsx';
import { OperatorConsole } from './operator-console.tsx';
import { RefreshStamp } from './refresh-stamp.tsx';
import { SecondFactorAlert } from './second-factor-alert.tsx';
import { XpChart } from './xp-chart.tsx';

// Spec 2.12: the route picks which dashboard section has focus.
type DashboardFocus = 'overview' | 'activity' | 'console';

function dashboardFocus(pathname: string): DashboardFocus {
  if (/\/activity\/?$/.test(pathname)) return 'activity';
  if (/\/console\/?$/.test(pathname)) return 'console';
  return 'overview';
}

/** The document's title for each section in focus. */
const TITLES: Record<DashboardFocus, MessageDescriptor> = {
  overview: msg`Operational overview · Admin`,
  activity: msg`Network activity stream · Admin`,
  console: msg`Operator console · Admin`,
};

const CARD_HEADING = 'h3';

export function AdminDashboardPage() {
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/admin') ? '/admin' : '';
  return (
    <AdminGate basePath={basePath}>
      <Dashboard focus={dashboardFocus(pathname)} basePath={basePath} />
    </AdminGate>
  );
}

function Dashboard({ focus, basePath }: { focus: DashboardFocus; basePath: '' | '/admin' }) {
  const { t } = useLingui();
  const dashboard = useDashboard();
  const sections = {
    overview: useRef<HTMLElement>(null),
    activity: useRef<HTMLElement>(null),
    console: useRef<HTMLElement>(null),
  };
  // Spec 2.12: the section the route names gets focus, and the page scrolls smoothly to it.
  // Scrolled again once the figures have loaded, since they move the sections below them.
  const focused = sections[focus];
  const loaded = dashboard.data !== undefined;
  useEffect(() => {
    focused.current?.focus({ preventScroll: true });
  }, [focused]);
  useEffect(() => {
    // The overview opens the page: it stays at the top, title included.
    if (focus === 'overview' || !loaded) return;
    focused.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [focus, focused, loaded]);

  const refreshing = dashboard.isFetching;
  // Spec 4: Refresh now sets loading (the placeholders) and refetches.
  const [manual, setManual] = useState(false);
  const loading = dashboard.isPending || manual;
  const data = dashboard.data;
  // Under STAFF_2FA=required: what this member must do before the console answers them.
  const secondFactor = secondFactorStep(dashboard.error);

  return (
    <div className="space-y-12">
      <title>{pageTitle(t(TITLES[focus]))}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            <Trans comment="Kicker above the Server dashboard title">Operations</Trans>
          </p>
          <h1 className="mt-1 font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            <Trans>Server dashboard</Trans>
          </h1>
        </div>
        <RefreshStamp
          updatedAt={dashboard.dataUpdatedAt}
          failed={dashboard.isError}
          busy={refreshing}
          onRefresh={() => {
            setManual(true);
            void dashboard.refetch().finally(() => setManual(false));
          }}
        />
      </div>

      <Section
        ref={sections.overview}
        id="overview"
        icon={<Gauge className="size-5" />}
        title={t`Operational overview`}
        focused={focus === 'overview'}
      >
        {loading || (!data && !dashboard.isError) ? (
          <SummarySkeleton />
        ) : secondFactor ? (
          <SecondFactorAlert step={secondFactor} basePath={basePath} />
        ) : dashboard.isError || !data ? (
          <Alert tone="error">{dashboardErrorText(dashboard.error)}</Alert>
        ) : (
          <div className="space-y-5">
            <SummaryCards summary={data.summary} />
            <Card title={t`XP generated, last 24 hours`} heading={CARD_HEADING} className="text-fg-muted">
              <XpChart series={data.xp_series} />
            </Card>
          </div>
        )}
      </Section>

      <Section
        ref={sections.activity}
        id="activity"
        icon={<Activity className="size-5" />}
        title={t`Network activity stream`}
        focused={focus === 'activity'}
      >
        {data ? (
          <div className="grid gap-5 lg:grid-cols-3">
            <Card title={t`Recent player events`} heading={CARD_HEADING}>
              <ActivityStream events={data.recent_activity} />
            </Card>
            <Card title={t`Top balances`} heading={CARD_HEADING}>
              <TopBalances players={data.top_players} />
            </Card>
            <Card title={t`Gang treasury leaders`} heading={CARD_HEADING}>
              <GangLeaders gangs={data.top_gangs} />
            </Card>
          </div>
        ) : (
          <p className="text-sm text-fg-muted">
            {dashboard.isError ? t`Waiting for the dashboard to load.` : t`Loading…`}
          </p>
        )}
      </Section>

      <Section
        ref={sections.console}
        id="console"
        icon={<SquareTerminal className="size-5" />}
        title={t`Operator console`}
        focused={focus === 'console'}
      >
        <OperatorConsole />
      </Section>
    </div>
  );
}

function Section({
  ref,
  id,
  icon,
  title,
  focused,
  children,
}: {
  ref: Ref<HTMLElement>;
  id: string;
  icon: ReactNode;
  title: string;
  focused: boolean;
  children: ReactNode;
}) {
  const titleId = `${id}-title`;
  const iconClass = focused ? 'text-accent' : 'text-fg-muted';
  return (
    <section
      ref={ref}
      id={id}
      tabIndex={-1}
      aria-labelledby={titleId}
      data-focused={focused || undefined}
      className="scroll-mt-24 rounded-3xl focus:outline-none"
    >
      <h2
        id={titleId}
        className="mb-4 flex items-center gap-2 font-display text-2xl font-bold tracking-tight text-fg"
      >
        <span aria-hidden className={iconClass}>
          {icon}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
