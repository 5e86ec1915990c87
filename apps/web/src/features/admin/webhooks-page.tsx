import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { isOwner } from '@prison/shared/roles';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { useSession } from '../../lib/session.ts';
import { AdminGate } from './admin-gate.tsx';
import { secondFactorStep, useWebhooks } from './api.ts';
import { RefreshStamp } from './refresh-stamp.tsx';
import { SecondFactorAlert } from './second-factor-alert.tsx';
import { WebhookAddresses } from './webhooks.tsx';
import { NewWebhook } from './webhooks-form.tsx';

/**
 * The owner's Discord webhooks: the addresses the site posts to, the kinds of event each receives,
 * and the messages that could not be sent. An address is a secret, so the page is the owner's alone.
 */
export function WebhooksPage() {
  const { pathname } = useLocation();
  const basePath = pathname.startsWith('/admin') ? '/admin' : '';
  return (
    <AdminGate basePath={basePath}>
      <OwnerOnly>
        <Webhooks basePath={basePath} />
      </OwnerOnly>
    </AdminGate>
  );
}

/** Other staff are told why the page is empty for them, rather than shown the API's refusal. */
function OwnerOnly({ children }: { children: ReactNode }) {
  const { t } = useLingui();
  const session = useSession();
  if (session && isOwner(session.user.roles)) return children;
  return (
    <div className="space-y-8">
      <title>{pageTitle(t`Discord webhooks · Admin`)}</title>
      <Heading />
      <Alert tone="info">
        <Trans>
          Only an owner sees and changes the Discord webhooks: whoever has a webhook&rsquo;s address can post
          to its channel.
        </Trans>
      </Alert>
    </div>
  );
}

function Heading({ children }: { children?: ReactNode }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <p className="text-sm font-semibold tracking-wide text-accent uppercase">
          <Trans comment="Kicker above the Discord webhooks title: what the site tells other places">
            Outgoing
          </Trans>
        </p>
        <h1 className="mt-1 font-display text-3xl font-bold tracking-tight text-fg sm:text-4xl">
          <Trans>Discord webhooks</Trans>
        </h1>
      </div>
      {children}
    </div>
  );
}

function Webhooks({ basePath }: { basePath: '' | '/admin' }) {
  const { t } = useLingui();
  const webhooks = useWebhooks();
  const secondFactor = secondFactorStep(webhooks.error);
  return (
    <div className="space-y-8">
      <title>{pageTitle(t`Discord webhooks · Admin`)}</title>
      <Heading>
        <RefreshStamp
          updatedAt={webhooks.dataUpdatedAt}
          failed={webhooks.isError}
          busy={webhooks.isFetching}
          onRefresh={() => void webhooks.refetch()}
        />
      </Heading>
      {secondFactor && <SecondFactorAlert step={secondFactor} basePath={basePath} />}
      <p className="-mt-4 max-w-3xl text-sm text-pretty text-fg-muted">
        <Trans>
          The site posts what happens to the channels of your Discord server. A message that cannot be sent is
          tried again, more slowly each time, and parked after repeated failures until you retry it.
        </Trans>
      </p>
      <div className="grid items-start gap-5 xl:grid-cols-5">
        <WebhookAddresses webhooks={webhooks} className="xl:col-span-3" />
        <NewWebhook
          count={webhooks.data?.webhooks.length}
          allowedHosts={webhooks.data?.allowed_hosts ?? []}
          className="xl:sticky xl:top-24 xl:col-span-2"
        />
      </div>
    </div>
  );
}
