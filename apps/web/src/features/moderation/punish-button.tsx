// "Punish" on a player's page, for staff only (ADMIN, OWNER, WEB_ADMIN; nothing for anyone else, whom
// the server refuses all the same). The dialog, its checks and the contract's limits (and so zod)
// load when a staff member reaches for the button: a visitor's player page loads none of it.
import { Trans } from '@lingui/react/macro';
import type { StaffAction } from '@prison/shared/moderation';
import { canUseAdminConsole } from '@prison/shared/roles';
import { Gavel } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { buttonClass } from '../../components/ui/button.tsx';
import { useSession } from '../../lib/session.ts';
import type { PunishTarget } from './punish-dialog.tsx';

const load = () => import('./punish-dialog.tsx');
const preload = (): void => {
  load().catch(() => {
    // Loaded again, and its failure shown, when the dialog is opened.
  });
};
const PunishDialog = lazy(async () => ({ default: (await load()).PunishDialog }));

export function PunishButton({
  player,
  onSent,
  className,
}: {
  player: PunishTarget;
  /** Heard once the game server has the command (the page may read its lists again). */
  onSent?: (action: StaffAction) => void;
  className?: string;
}) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  // Once opened, the dialog stays mounted (closed), so that it gives the focus back as it closes.
  const [wanted, setWanted] = useState(false);
  if (!session || !canUseAdminConsole(session.user.roles)) return null;
  return (
    <>
      <button
        type="button"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
        className={buttonClass('secondary', 'sm', className)}
      >
        <Gavel aria-hidden className="size-4" />
        <Trans comment="Button on a player's page, for staff: opens the punish dialog">Punish</Trans>
      </button>
      {wanted && (
        <Suspense fallback={null}>
          <PunishDialog open={open} onClose={() => setOpen(false)} player={player} onSent={onSent} />
        </Suspense>
      )}
    </>
  );
}
