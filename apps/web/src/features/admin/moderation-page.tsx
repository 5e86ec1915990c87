// The console's moderation page: every punishment as staff see it (with pardons), punishing a player
// through the game server, and what was sent. The lists are read again every 30 seconds while the
// page is open, and every few seconds for a while after something is sent (api.ts).
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import type { StaffAction } from '@prison/shared/moderation';
import { clsx } from 'clsx';
import { ArrowRight, Gavel, RotateCw } from 'lucide-react';
import { type ComponentType, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { formatWhole } from '../../lib/money.ts';
import { AdminGate } from './admin-gate.tsx';
import {
  secondFactorStep,
  useAwaitGameReport,
  useModerationFeed,
  useOpenAppeals,
  usePunishmentActions,
  useRefreshModeration,
} from './api.ts';
import { SentActions } from './moderation-actions.tsx';
import { StaffPunishmentList } from './moderation-punishments.tsx';
import { SecondFactorAlert } from './second-factor-alert.tsx';

/**
 * The punish dialog (features/moderation/punish-dialog.tsx), handed in by the console's routes: a
 * feature does not import another, and the player page uses the same dialog.
 */
export type PunishDialogComponent = ComponentType<{
  open: boolean;
  onClose: () => void;
  player?: { uuid: string; name: string } | null;
  onSent?: (action: StaffAction) => void;
}>;

export function ModerationPage({ PunishDialog }: { PunishDialog: PunishDialogComponent }) {
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/admin') ? '/admin' : '';
  return (
    <AdminGate basePath={basePath}>
      <Moderation basePath={basePath} PunishDialog={PunishDialog} />
    </AdminGate>
  );
}

function Moderation({
  basePath,
  PunishDialog,
}: {
  basePath: '' | '/admin';
  PunishDialog: PunishDialogComponent;
}) {
  const { t } = useLingui();
  const [punishing, setPunishing] = useState(false);
  const awaitGameReport = useAwaitGameReport();
  const { refresh, refreshing } = useRefreshModeration();
  useModerationFeed();
  // The cards share these queries: the refusal under STAFF_2FA is said once, at the top.
  const actions = usePunishmentActions();
  const secondFactor = secondFactorStep(actions.error);
  return (
    <div className="space-y-8">
      <title>{pageTitle(t`Moderation · Admin`)}</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <p className="text-sm font-semibold tracking-wide text-accent uppercase">
            <Trans comment="Kicker above the moderation page's title">Moderation</Trans>
          </p>
          <h1 className="mt-1 font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">
            <Trans comment="The moderation page's title">Punishments</Trans>
          </h1>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button
            type="button"
            className={buttonClass('secondary', 'md')}
            disabled={refreshing}
            onClick={refresh}
          >
            <RotateCw aria-hidden className={clsx('size-4', refreshing && 'motion-safe:animate-spin')} />
            <Trans>Refresh now</Trans>
          </button>
          <button type="button" onClick={() => setPunishing(true)} className={buttonClass('primary', 'md')}>
            <Gavel aria-hidden className="size-4" />
            <Trans>Punish a player</Trans>
          </button>
        </div>
      </div>
      {secondFactor && <SecondFactorAlert step={secondFactor} basePath={basePath} />}
      <WaitingAppeals basePath={basePath} />
      <StaffPunishmentList />
      <SentActions />
      <PunishDialog open={punishing} onClose={() => setPunishing(false)} onSent={awaitGameReport} />
    </div>
  );
}

/** A note of the appeals waiting for an answer, with the way to the queue. */
function WaitingAppeals({ basePath }: { basePath: '' | '/admin' }) {
  const appeals = useOpenAppeals();
  const count = appeals.data?.length ?? 0;
  if (count === 0) return null;
  const shown = formatWhole(count);
  return (
    <Alert tone="info">
      <span className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <Plural
          value={count}
          one={`${shown} appeal is waiting for an answer.`}
          other={`${shown} appeals are waiting for an answer.`}
        />
        <Link
          to={`${basePath}/appeals`}
          className="inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:no-underline"
        >
          <Trans>Open the appeals</Trans>
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </span>
    </Alert>
  );
}
