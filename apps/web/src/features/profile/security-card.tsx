import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { RECOVERY_CODE_COUNT } from '@prison/shared/two-factor';
import { clsx } from 'clsx';
import { KeyRound, ShieldCheck, ShieldOff } from 'lucide-react';
import { type FormEvent, lazy, type ReactNode, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import { cardClass } from '../../components/ui/card.tsx';
import { CopyButton } from '../../components/ui/copy-button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { TwoFactorBadge } from '../../components/ui/two-factor-badge.tsx';
import { errorText } from '../../lib/error-text.ts';
import { formatWhole } from '../../lib/money.ts';
import { useDisableTwoFactor, useEnableTwoFactor, useSetUpTwoFactor, useTwoFactor } from './api.ts';

// The QR encoder loads only when a player starts enrolling.
const QrCode = lazy(() => import('./qr-code.tsx'));

const inputClass =
  'h-11 w-full rounded-xl border border-line-strong bg-surface px-4 text-base text-fg ' +
  'shadow-[inset_0_1px_2px_rgb(0_0_0/0.05)] transition-colors placeholder:text-fg-muted/70 ' +
  'hover:border-fg/30 focus-visible:border-amber-500 focus-visible:outline-offset-0';
/** Codes: digits and recovery codes read best in the monospace face. */
const codeFieldClass = clsx(
  inputClass,
  'font-mono tracking-wider placeholder:font-sans placeholder:tracking-normal',
);

/** A field's name above it, where a legend says what the fields are for. */
const labelClass = 'mb-1.5 block text-sm text-fg-muted';

// The shared schema's words for an empty field (twoFactorCodeRequestSchema), said before sending.
const ENTER_PASSWORD = msg`Enter your current password`;
const ENTER_CODE = msg`Enter a code`;

/**
 * Two-factor sign-in (TOTP): off, the current password, enrolling (scan the QR code or type the key,
 * confirm with a code), the recovery codes once, and on (turned off with the password and a code).
 */
export function SecurityCard() {
  const status = useTwoFactor();
  const setUp = useSetUpTwoFactor();
  // Held here rather than in the enrolment form, which is gone once the status says "on": the
  // recovery codes it answers stay on screen until the player has saved them.
  const enable = useEnableTwoFactor();
  const [askingPassword, setAskingPassword] = useState(false);
  const titleId = useId();
  const enabled = status.data?.enabled ?? false;
  const { t } = useLingui();

  // Back to "off": the password the setup was given (its variables, in memory only) goes with it.
  const startOver = () => {
    enable.reset();
    setUp.reset();
    setAskingPassword(false);
  };

  let body: ReactNode;
  if (enable.data) {
    body = <RecoveryCodes codes={enable.data.recovery_codes} onDone={startOver} />;
  } else if (status.isPending) {
    body = <Skeleton className="h-11 w-full sm:w-56" />;
  } else if (status.isError) {
    body = (
      <p className="text-sm text-fg-muted">
        <Trans>Security settings are unavailable right now.</Trans>
      </p>
    );
  } else if (enabled) {
    body = <TurnOff codesLeft={status.data.recovery_codes_left} />;
  } else if (setUp.data && setUp.variables !== undefined) {
    const password = setUp.variables;
    body = (
      <Enrol
        secret={setUp.data.secret}
        otpauthUrl={setUp.data.otpauth_url}
        checking={enable.isPending}
        error={
          enable.isError
            ? errorText(enable.error, t`Two-factor sign-in could not be turned on. Please try again.`)
            : null
        }
        // The server asks for the password again with the code: the one given for the setup.
        onConfirm={(code) => enable.mutate({ password, code })}
        onCancel={startOver}
      />
    );
  } else if (askingPassword) {
    body = (
      <ConfirmPassword
        checking={setUp.isPending}
        error={
          setUp.isError
            ? errorText(setUp.error, t`Two-factor setup could not start. Please try again.`)
            : null
        }
        onConfirm={(password) => setUp.mutate(password)}
        onCancel={startOver}
      />
    );
  } else {
    body = (
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-fg-muted">
          <Trans>Off: your password alone signs you in.</Trans>
        </p>
        <button
          type="button"
          className={buttonClass('primary', 'md', 'shrink-0')}
          onClick={() => setAskingPassword(true)}
        >
          <ShieldCheck aria-hidden className="size-4" />
          <Trans>Enable two-factor</Trans>
        </button>
      </div>
    );
  }

  return (
    <section id="security" aria-labelledby={titleId} className={cardClass('scroll-mt-24 p-5')}>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 gap-3">
          <span
            aria-hidden
            className="flex size-10 shrink-0 items-center justify-center rounded-xl bg-amber-400/12 text-accent ring-1 ring-amber-400/25"
          >
            <KeyRound className="size-5" />
          </span>
          <div className="min-w-0">
            <h3 id={titleId} className="font-display text-lg font-bold text-fg">
              <Trans>Security</Trans>
            </h3>
            <p className="mt-0.5 text-sm text-pretty text-fg-muted">
              <Trans>
                Two-factor sign-in asks for a code from an authenticator app after your password, so a stolen
                password alone cannot open your account.
              </Trans>
            </p>
          </div>
        </div>
        {status.data && <TwoFactorBadge on={enabled} className="self-start" />}
      </div>
      <div aria-live="polite" className="mt-4 border-t border-line pt-4">
        {body}
      </div>
    </section>
  );
}

/** A form's fields as text ('' when missing). */
const fieldsOf = (form: HTMLFormElement, ...names: string[]) => {
  const data = new FormData(form);
  return names.map((name) => String(data.get(name) ?? ''));
};

/** The first step of turning it on: the account's current password, checked by the setup. */
function ConfirmPassword({
  checking,
  error,
  onConfirm,
  onCancel,
}: {
  checking: boolean;
  error: string | null;
  onConfirm: (password: string) => void;
  onCancel: () => void;
}) {
  const passwordId = useId();
  const hintId = useId();
  const [missing, setMissing] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { t } = useLingui();
  // The button that opened this step is gone: the field takes the focus.
  useEffect(() => {
    input.current?.focus();
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [password = ''] = fieldsOf(event.currentTarget, 'password');
    setMissing(password === '');
    if (password === '') input.current?.focus();
    else onConfirm(password);
  }

  return (
    <form onSubmit={submit} noValidate aria-busy={checking}>
      <label htmlFor={passwordId} className="text-sm font-semibold text-fg">
        <Trans>Current password</Trans>
      </label>
      <p id={hintId} className="mt-0.5 text-sm text-fg-muted">
        <Trans>
          To turn on two-factor sign-in, first confirm it is you with the password you sign in with.
        </Trans>
      </p>
      <div className="mt-3 flex flex-col gap-2 sm:flex-row">
        <input
          ref={input}
          id={passwordId}
          name="password"
          type="password"
          autoComplete="current-password"
          aria-describedby={hintId}
          aria-invalid={missing || error !== null || undefined}
          className={clsx(inputClass, 'sm:max-w-72')}
        />
        <button type="submit" disabled={checking} className={buttonClass('primary', 'md')}>
          {checking ? <Trans>Checking…</Trans> : <Trans>Continue</Trans>}
        </button>
        <button type="button" onClick={onCancel} className={buttonClass('ghost', 'md')}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {(missing || error) && (
        <Alert tone="error" className="mt-3">
          {missing ? t(ENTER_PASSWORD) : error}
        </Alert>
      )}
    </form>
  );
}

/** The secret as authenticator apps show it: groups of four. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

function Enrol({
  secret,
  otpauthUrl,
  checking,
  error,
  onConfirm,
  onCancel,
}: {
  secret: string;
  otpauthUrl: string;
  checking: boolean;
  error: string | null;
  onConfirm: (code: string) => void;
  onCancel: () => void;
}) {
  const codeId = useId();
  const [missing, setMissing] = useState(false);
  const { t } = useLingui();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const [code = ''] = fieldsOf(event.currentTarget, 'code');
    setMissing(code.trim() === '');
    if (code.trim() !== '') onConfirm(code);
  }

  return (
    <div className="grid gap-6 sm:grid-cols-[auto_minmax(0,1fr)]">
      <div className="flex justify-center sm:block">
        <Suspense fallback={<Skeleton className="size-44" />}>
          <QrCode value={otpauthUrl} label={t`QR code of your two-factor key`} />
        </Suspense>
      </div>
      <div className="min-w-0 space-y-4 text-sm text-fg-muted">
        <div>
          <p className="font-semibold text-fg">
            <Trans>1. Scan the QR code with an authenticator app</Trans>
          </p>
          <p className="mt-1">
            <Trans>Or enter this key in the app by hand:</Trans>
          </p>
          <div className="mt-2 flex items-center gap-2">
            <code className="min-w-0 rounded-lg bg-fg/[0.06] px-3 py-2 font-mono text-[13px] break-all text-fg">
              {grouped(secret)}
            </code>
            <CopyButton text={secret} label={t`Copy key`} />
          </div>
        </div>
        <form onSubmit={submit} noValidate aria-busy={checking}>
          <label htmlFor={codeId} className="font-semibold text-fg">
            <Trans>2. Enter the 6-digit code the app shows</Trans>
          </label>
          <div className="mt-2 flex flex-col gap-2 sm:flex-row">
            <input
              id={codeId}
              name="code"
              type="text"
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              aria-invalid={missing || error !== null || undefined}
              className={clsx(codeFieldClass, 'sm:max-w-44')}
            />
            <button type="submit" disabled={checking} className={buttonClass('primary', 'md')}>
              {checking ? <Trans>Checking…</Trans> : <Trans>Turn on</Trans>}
            </button>
            <button type="button" onClick={onCancel} className={buttonClass('ghost', 'md')}>
              <Trans>Cancel</Trans>
            </button>
          </div>
          {(missing || error) && (
            <Alert tone="error" className="mt-3">
              {missing ? t(ENTER_CODE) : error}
            </Alert>
          )}
        </form>
      </div>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useLingui();
  const count = formatWhole(RECOVERY_CODE_COUNT);
  return (
    <div className="space-y-4">
      <Alert tone="warning">
        <Trans comment="count is the number of recovery codes (10)">
          Two-factor sign-in is on. Save these {count} recovery codes somewhere safe: each one signs you in
          once if you lose your authenticator. They are shown only this once.
        </Trans>
      </Alert>
      <ol
        aria-label={t`Recovery codes`}
        className="grid grid-cols-2 gap-2 rounded-xl bg-fg/[0.04] p-3 font-mono text-sm text-fg ring-1 ring-line sm:grid-cols-5"
      >
        {codes.map((code) => (
          <li key={code} className="rounded-lg bg-surface px-2 py-1.5 text-center ring-1 ring-line">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <CopyButton text={codes.join('\n')} label={t`Copy codes`} />
        <button type="button" onClick={onDone} className={buttonClass('primary', 'sm')}>
          <Trans>I have saved them</Trans>
        </button>
      </div>
    </div>
  );
}

/** On: turned off with the current password and a code from the app or a recovery code. */
function TurnOff({ codesLeft }: { codesLeft: number }) {
  const disable = useDisableTwoFactor();
  const passwordId = useId();
  const codeId = useId();
  const [missing, setMissing] = useState<'password' | 'code' | null>(null);
  const { t } = useLingui();
  const left = formatWhole(codesLeft);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const [password = '', code = ''] = fieldsOf(form, 'password', 'code');
    const empty = password === '' ? 'password' : code.trim() === '' ? 'code' : null;
    setMissing(empty);
    if (empty) form.querySelector<HTMLInputElement>(`[name="${empty}"]`)?.focus();
    else disable.mutate({ password, code });
  }

  const error = missing
    ? t(missing === 'password' ? ENTER_PASSWORD : ENTER_CODE)
    : disable.isError
      ? errorText(disable.error, t`Two-factor sign-in could not be turned off. Please try again.`)
      : null;
  return (
    <form onSubmit={submit} noValidate aria-busy={disable.isPending} className="space-y-3">
      <p className="text-sm text-fg-muted">
        <Trans>
          Sign-in asks for a code from your authenticator app.{' '}
          <Plural
            value={codesLeft}
            one={`${left} recovery code left.`}
            other={`${left} recovery codes left.`}
          />
        </Trans>
      </p>
      <fieldset>
        <legend className="text-sm font-semibold text-fg">
          <Trans>To turn it off, enter your password and a code from your app or a recovery code</Trans>
        </legend>
        <div className="mt-3 grid max-w-3xl gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <div>
            <label htmlFor={passwordId} className={labelClass}>
              <Trans>Current password</Trans>
            </label>
            <input
              id={passwordId}
              name="password"
              type="password"
              autoComplete="current-password"
              aria-invalid={error !== null || undefined}
              className={inputClass}
            />
          </div>
          <div>
            <label htmlFor={codeId} className={labelClass}>
              <Trans comment="A field: the code from the authenticator app or a recovery code">Code</Trans>
            </label>
            <input
              id={codeId}
              name="code"
              type="text"
              autoComplete="one-time-code"
              autoCapitalize="none"
              spellCheck={false}
              placeholder={t`123456 or a recovery code`}
              aria-invalid={error !== null || undefined}
              className={codeFieldClass}
            />
          </div>
          <button type="submit" disabled={disable.isPending} className={buttonClass('secondary', 'md')}>
            <ShieldOff aria-hidden className="size-4" />
            {disable.isPending ? <Trans>Turning off…</Trans> : <Trans>Disable two-factor</Trans>}
          </button>
        </div>
      </fieldset>
      {error && <Alert tone="error">{error}</Alert>}
    </form>
  );
}
