import { STAFF_SIGN_IN_WITH_CODE, STAFF_TWO_FACTOR_REQUIRED } from '@prison/shared/two-factor';
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
 * Security card, or sign out and sign in again with the code, coming back to this page.
 */
export function SecondFactorAlert({ step, basePath }: { step: SecondFactorStep; basePath: '' | '/admin' }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Alert tone="warning">
      {step === 'enrol' ? STAFF_TWO_FACTOR_REQUIRED : STAFF_SIGN_IN_WITH_CODE}{' '}
      {step === 'enrol' ? (
        <a href={`${mainSiteAddress(basePath, window.location)}profile#security`} className={actionClass}>
          <KeyRound aria-hidden className="size-3.5" />
          Enrol in two-factor sign-in
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
          Sign out and sign in again
        </button>
      )}
    </Alert>
  );
}
