import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DISCORD_LINK_FAILURES,
  DISCORD_RESULT_PARAM,
  type DiscordLinkFailure,
} from '@prison/shared/discord-link-outcome';
import { CircleCheck, Link2, Unlink } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { DiscordMark } from '../../components/ui/discord-mark.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatTimestamp } from '../../lib/time-format.ts';
import { useDiscordLink, useStartDiscordLink, useUnlinkDiscord } from './api.ts';
import { SettingsCardHeading } from './settings-card.tsx';

/** What the way back from Discord said went wrong (the callback's `reason`). */
const FAILURES: Record<DiscordLinkFailure, MessageDescriptor> = {
  denied: msg`Discord was not allowed to link your account, so nothing changed.`,
  expired: msg`That link request had expired or was started in another browser. Please try again.`,
  taken: msg`That Discord account is already linked to another player. Unlink it there first.`,
  provider: msg`Discord could not be reached or gave an answer the site could not use. Please try again later.`,
  off: msg`This site no longer offers linking a Discord account.`,
  unavailable: msg`The link could not be saved right now. Please try again in a moment.`,
};

type Outcome = { linked: true } | { linked: false; reason: DiscordLinkFailure | null };

/**
 * How the trip to Discord went, from the address it came back to (/profile?discord=linked, or
 * ?discord=error&reason=...): read once, then taken out of the address so that a reload or a
 * shared link does not say it again.
 */
function useOutcome(): Outcome | null {
  const [params, setParams] = useSearchParams();
  const [outcome] = useState<Outcome | null>(() => {
    const result = params.get(DISCORD_RESULT_PARAM);
    if (result === 'linked') return { linked: true };
    if (result !== 'error') return null;
    const reason = params.get('reason');
    return {
      linked: false,
      reason: DISCORD_LINK_FAILURES.find((known) => known === reason) ?? null,
    };
  });
  useEffect(() => {
    if (!params.has(DISCORD_RESULT_PARAM)) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(DISCORD_RESULT_PARAM);
        next.delete('reason');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [params, setParams]);
  return outcome;
}

/**
 * The player's Discord account: linked through Discord's own page (the site never sees the
 * password), shown by its name on the public page, unlinked in one click. Not shown at all while
 * the site offers no linking and nothing is linked.
 */
export function DiscordCard() {
  const link = useDiscordLink();
  const start = useStartDiscordLink();
  const unlink = useUnlinkDiscord();
  const outcome = useOutcome();
  const titleId = useId();
  const section = useRef<HTMLElement>(null);
  const { t } = useLingui();
  const shownLinked = useRef(false);

  // Back from Discord: the card, lower on the page, comes into view with what happened, once it
  // holds the link. In the next frame: the router's scroll restoration runs in the commit after the
  // address loses its outcome, and would undo it.
  const loaded = link.data !== undefined;
  const revealed = useRef(false);
  useEffect(() => {
    if (!outcome || !loaded || revealed.current) return;
    const frame = requestAnimationFrame(() => {
      revealed.current = true;
      section.current?.scrollIntoView({ block: 'center' });
    });
    return () => cancelAnimationFrame(frame);
  }, [outcome, loaded]);

  // Once it has shown a linked account, the card stays while the page is open (unlinked, it says
  // why there is no button to link again).
  if (link.data?.account) shownLinked.current = true;
  if (link.data && !link.data.offered && !link.data.account && !outcome && !shownLinked.current) return null;

  const leaving = start.isPending || start.isSuccess;
  let body: ReactNode;
  if (link.isPending) {
    body = <Skeleton className="h-11 w-full sm:w-64" />;
  } else if (link.isError) {
    body = (
      <p className="text-sm text-fg-muted">
        <Trans>Discord settings are unavailable right now.</Trans>
      </p>
    );
  } else if (link.data.account) {
    const { name, linked_at: linkedAt } = link.data.account;
    const since = formatTimestamp(linkedAt);
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="flex min-w-0 items-center gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-[#5865F2] text-white"
          >
            <DiscordMark className="size-5" />
          </span>
          <div className="min-w-0">
            <p className="truncate text-fg">
              <Trans comment="The Discord account linked to the player's site account">
                Linked as <span className="font-semibold">{name}</span>
              </Trans>
            </p>
            <p className="text-sm text-fg-muted">
              <Trans>
                Since <time dateTime={linkedAt}>{since}</time>. Your public page shows this name.
              </Trans>
            </p>
          </div>
        </div>
        <button
          type="button"
          className={buttonClass('secondary', 'md', 'shrink-0')}
          disabled={unlink.isPending}
          onClick={() => unlink.mutate()}
        >
          <Unlink aria-hidden className="size-4" />
          {unlink.isPending ? <Trans>Unlinking…</Trans> : <Trans>Unlink</Trans>}
        </button>
      </div>
    );
  } else if (link.data.offered) {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">
          <Trans>
            Not linked. Discord asks you to allow it; the site only reads your Discord name, never your
            messages or servers.
          </Trans>
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'shrink-0')}
          disabled={leaving}
          onClick={() => start.mutate()}
        >
          <Link2 aria-hidden className="size-4" />
          {leaving ? <Trans>Opening Discord…</Trans> : <Trans>Link Discord account</Trans>}
        </button>
      </div>
    );
  } else {
    body = (
      <p className="text-sm text-fg-muted">
        <Trans>This site does not offer linking a Discord account.</Trans>
      </p>
    );
  }

  return (
    <section ref={section} id="discord" aria-labelledby={titleId} className={cardClass('scroll-mt-24 p-5')}>
      <SettingsCardHeading
        icon={<DiscordMark className="size-5" />}
        titleId={titleId}
        title={<Trans>Discord</Trans>}
        description={
          <Trans>Link your Discord account so that other players can find you there from your page.</Trans>
        }
      />
      <div aria-live="polite" className="mt-4 space-y-3 border-t border-line pt-4">
        {outcome?.linked && link.data?.account && (
          <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700 dark:text-emerald-300">
            <CircleCheck aria-hidden className="size-4 shrink-0" />
            <Trans>Your Discord account is linked.</Trans>
          </p>
        )}
        {outcome && !outcome.linked && (
          <Alert tone="error">
            {outcome.reason ? t(FAILURES[outcome.reason]) : t`Your Discord account could not be linked.`}
          </Alert>
        )}
        {body}
        {start.isError && (
          <Alert tone="error">
            {errorText(start.error, t`Discord linking could not start. Please try again.`)}
          </Alert>
        )}
        {unlink.isError && (
          <Alert tone="error">
            {errorText(unlink.error, t`Your Discord account could not be unlinked. Please try again.`)}
          </Alert>
        )}
      </div>
    </section>
  );
}
