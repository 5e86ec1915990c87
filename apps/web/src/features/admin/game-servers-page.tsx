import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { useLocation } from 'react-router';
import { AdminGate } from './admin-gate.tsx';
import { secondFactorStep, useBridgeInspector } from './api.ts';
import { DeliveryCounts, GameServerList, RecentBatches } from './game-servers.tsx';
import { RefreshStamp } from './refresh-stamp.tsx';
import { SecondFactorAlert } from './second-factor-alert.tsx';

/** The bridge inspector: the game servers, their deliveries and the batches they send. */
export function GameServersPage() {
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/admin') ? '/admin' : '';
  return (
    <AdminGate basePath={basePath}>
      <GameServers basePath={basePath} />
    </AdminGate>
  );
}

function GameServers({ basePath }: { basePath: '' | '/admin' }) {
  const { t } = useLingui();
  const inspector = useBridgeInspector();
  const secondFactor = secondFactorStep(inspector.error);
  return (
    <div className="space-y-8">
      <title>{pageTitle(t`Game servers · Admin`)}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            <Trans comment="Kicker above the Game servers title: the bridge between the game servers and the site">
              Bridge
            </Trans>
          </p>
          <h1 className="mt-1 font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            <Trans>Game servers</Trans>
          </h1>
        </div>
        <RefreshStamp
          updatedAt={inspector.dataUpdatedAt}
          failed={inspector.isError}
          busy={inspector.isFetching}
          onRefresh={() => void inspector.refetch()}
        />
      </div>
      {secondFactor && <SecondFactorAlert step={secondFactor} basePath={basePath} />}
      <DeliveryCounts inspector={inspector} />
      <div className="grid items-start gap-5 xl:grid-cols-5">
        <GameServerList inspector={inspector} className="xl:col-span-2" />
        <RecentBatches inspector={inspector} className="xl:col-span-3" />
      </div>
    </div>
  );
}
