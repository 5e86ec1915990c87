import { Trans } from '@lingui/react/macro';
import { KeyRound, LogIn } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { signOut } from '../../lib/api.ts';
import { mainSiteAddress } from './admin-gate.tsx';
import type { SecondFactorStep } from './api.ts';

const actionClass =
  'inline-flex items-center gap-1 font-semibold underline underline-offset-2 hover:no-underline';

/**
 * The admin API's refusal under STAFF_2FA=required, with the way past it: enrol on the main site's
 * Security card, or sign out and sign in again with the code, coming back to this page. In English
 * its sentences are the server's own (STAFF_TWO_FACTOR_REQUIRED and STAFF_SIGN_IN_WITH_CODE in
 * @prison/shared/two-factor).
 */
export function SecondFactorAlert({ step, basePath }: { step: SecondFactorStep; basePath: '' | '/admin' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const security = `${mainSiteAddress(basePath, window.location)}profile#security`;
  return (
    <Alert tone="warning">
      {step === 'enrol' ? (
        <Trans>
          Staff accounts must turn on two-factor sign-in: enrol from the Security card of your profile.
        </Trans>
      ) : (
        <Trans>
          Staff tools need a session signed in with your two-factor code: sign out and sign in again.
        </Trans>
      )}{' '}
      {step === 'enrol' ? (
        <a href={security} className={actionClass}>
          <KeyRound aria-hidden className="size-3.5" />
          <Trans>Enrol in two-factor sign-in</Trans>
        </a>
      ) : (
        <button
          type="button"
          onClick={() => {
            signOut();
            navigate(`/login?redirect=${encodeURIComponent(pathname)}`);
          }}
          className={actionClass}
        >
          <LogIn aria-hidden className="size-3.5" />
          <Trans>Sign out and sign in again</Trans>
        </button>
      )}
    </Alert>
  );
}
