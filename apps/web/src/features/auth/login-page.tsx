import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { pageTitle } from '@prison/shared/brand';
import { clsx } from 'clsx';
import {
  ArrowRight,
  Eye,
  EyeOff,
  Gavel,
  KeyRound,
  LoaderCircle,
  LockKeyhole,
  ShieldCheck,
  Terminal,
  UserRound,
  Users,
} from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonClass } from '../../components/ui/button.tsx';
import {
  acknowledgeExpiry,
  saveSession,
  sessionExpiredMessage,
  useSession,
  useSessionExpired,
} from '../../lib/session.ts';
import { useSiteConfig } from '../../lib/site-config.tsx';
import { LOGIN_FAILED, requestLogin, TwoFactorRequiredError } from './api.ts';
import { safeRedirect } from './login.ts';

export { SESSION_EXPIRED_MESSAGE } from '../../lib/session.ts';

export interface LoginPageProps {
  /** Where a successful sign-in goes without a usable redirect parameter (spec 2.6). */
  defaultDestination: string;
  /**
   * Whether a path belongs to this page's route set. Other paths (the admin console from the public
   * site, say) are a full page load, since this router does not know them.
   */
  isInApp?: (path: string) => boolean;
  /** The admin console's sign-in drops the player pitch and the links into the public site. */
  variant?: 'public' | 'admin';
}

const PERKS = [
  {
    id: 'profile',
    icon: UserRound,
    title: msg`Your prisoner file`,
    text: msg`Rank, level, prestige, statistics and G-Kits.`,
  },
  {
    id: 'social',
    icon: Users,
    title: msg`Gang and friends`,
    text: msg`See who is online and how your gang is doing.`,
  },
  {
    id: 'auction',
    icon: Gavel,
    title: msg`The auction house`,
    text: msg`Buy with your in-game balance; items arrive at once.`,
  },
];

// The in-game command that sets a web password, and the demo server's account: typed as they are.
const PASSWORD_COMMAND = '/site password <new-password>';
const DEMO_USERNAME = 'DemoPlayer';
const DEMO_PASSWORD = 'prison-demo';

/** Spec 2.6: username and password; the server's answer decides, and its errors are shown as they are. */
export function LoginPage({ defaultDestination, isInApp = () => true, variant = 'public' }: LoginPageProps) {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useSession();
  const { demo } = useSiteConfig();
  const isAdmin = variant === 'admin';

  // Spec 4: an expired session shows its alert here once, then is acknowledged. It is an in-page
  // role="alert" message rather than window.alert: it announces itself to screen readers the same
  // way, without blocking the page or hiding the form it asks the player to use.
  const expired = useSessionExpired();
  const [expiredAlert, setExpiredAlert] = useState(expired ? sessionExpiredMessage() : null);
  useEffect(() => {
    if (!expired) return;
    setExpiredAlert(sessionExpiredMessage());
    acknowledgeExpiry();
  }, [expired]);

  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [revealed, setRevealed] = useState(false);
  // The name and password the server accepted, while it asks for the account's two-factor code.
  const [challenge, setChallenge] = useState<{ username: string; password: string } | null>(null);
  // Decided: a signed-in visit shows the form anyway, with a note, rather than redirecting: this is
  // also how a player switches accounts (and the admin console's "Switch account" leads here).
  const signedInNote = session && !busy ? session : null;

  async function signIn(username: string, password: string, code?: string) {
    setBusy(true);
    setError(null);
    setExpiredAlert(null);
    try {
      const answer = await requestLogin(username, password, code);
      saveSession({ token: answer.access_token, refreshToken: answer.refresh_token, user: answer.user });
      const target = safeRedirect(params.get('redirect')) ?? defaultDestination;
      if (isInApp(target)) navigate(target, { replace: true });
      else window.location.assign(target);
    } catch (err) {
      const askedForCode = err instanceof TwoFactorRequiredError;
      if (askedForCode) setChallenge({ username, password });
      // Being asked for the code is the next step, not an error; a refused code is.
      if (!askedForCode || code !== undefined) {
        setError(err instanceof Error && err.message ? err.message : t(LOGIN_FAILED));
      }
      setBusy(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = new FormData(event.currentTarget);
    if (challenge) void signIn(challenge.username, challenge.password, String(form.get('code') ?? ''));
    else void signIn(String(form.get('username') ?? ''), String(form.get('password') ?? ''));
  }

  const signInLabel = t`Sign in`;
  const command = PASSWORD_COMMAND;
  const demoName = DEMO_USERNAME;
  const demoPassword = DEMO_PASSWORD;
  const passwordType = revealed ? 'text' : 'password';
  return (
    <div className="relative isolate overflow-hidden">
      <title>{pageTitle(isAdmin ? t`Admin sign in` : signInLabel)}</title>
      {!isAdmin && <Backdrop />}
      <div
        className={clsx(
          'grid gap-8 py-10 sm:py-16',
          isAdmin
            ? 'mx-auto max-w-md'
            : 'container-page items-center lg:grid-cols-12 lg:gap-16 lg:py-24 xl:gap-24',
        )}
      >
        <div className={clsx(!isAdmin && 'lg:col-span-6 xl:col-span-7')}>
          <p className="inline-flex items-center gap-2 rounded-full border border-amber-500/30 bg-amber-400/10 px-3 py-1 text-xs font-semibold tracking-wide text-amber-800 uppercase dark:text-amber-200">
            {isAdmin ? (
              <ShieldCheck aria-hidden className="size-3.5" />
            ) : (
              <KeyRound aria-hidden className="size-3.5" />
            )}
            {isAdmin ? <Trans>Admin console</Trans> : <Trans>Player account</Trans>}
          </p>
          <h1 className="mt-5 font-display text-4xl font-bold tracking-tight text-balance text-fg sm:text-5xl">
            {signInLabel}
          </h1>
          <p className="mt-4 max-w-xl text-lg leading-relaxed text-pretty text-fg-muted">
            {isAdmin ? (
              <Trans>Staff only. Use your in-game username and the web password you set on the server.</Trans>
            ) : (
              <Trans>
                Use your Minecraft username and the web password you set in game. Your profile, gang and
                auction house are on the other side.
              </Trans>
            )}
          </p>
          {!isAdmin && (
            <ul className="mt-10 hidden gap-4 lg:grid">
              {PERKS.map(({ id, icon: Icon, title, text }) => (
                <li key={id} className="flex items-start gap-4">
                  <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-amber-400/10 text-accent ring-1 ring-amber-400/25">
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <span>
                    <span className="block font-semibold text-fg">{t(title)}</span>
                    <span className="mt-0.5 block text-fg-muted">{t(text)}</span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>

        <div className={clsx(!isAdmin && 'lg:col-span-6 xl:col-span-5')}>
          <div className="relative rounded-3xl border border-line bg-surface-raised p-6 shadow-card sm:p-8">
            <div
              aria-hidden
              className="absolute inset-x-10 -top-px h-px bg-gradient-to-r from-transparent via-amber-400/80 to-transparent"
            />
            {(expiredAlert || signedInNote) && (
              <div className="mb-6 space-y-3">
                {expiredAlert && <Alert tone="warning">{t(expiredAlert)}</Alert>}
                {signedInNote && (
                  <Alert tone="info">
                    <SignedInNote username={signedInNote.user.username} />{' '}
                    <Link
                      to={defaultDestination}
                      className="font-semibold underline underline-offset-2 hover:no-underline"
                    >
                      {isAdmin ? <Trans>Open the console</Trans> : <Trans>Go to my profile</Trans>}
                    </Link>
                  </Alert>
                )}
              </div>
            )}

            <form
              noValidate
              aria-label={signInLabel}
              aria-busy={busy}
              onSubmit={submit}
              className="space-y-5"
            >
              {challenge ? (
                <CodeField username={challenge.username} />
              ) : (
                <>
                  <Field label={t`Username`} icon={UserRound}>
                    {(id) => (
                      <input
                        id={id}
                        name="username"
                        type="text"
                        autoComplete="username"
                        autoCapitalize="none"
                        autoCorrect="off"
                        spellCheck={false}
                        placeholder={t`Your Minecraft name`}
                        className={inputClass}
                      />
                    )}
                  </Field>
                  <Field
                    label={t`Password`}
                    icon={LockKeyhole}
                    trailing={
                      <button
                        type="button"
                        onClick={() => setRevealed((shown) => !shown)}
                        aria-label={revealed ? t`Hide password` : t`Show password`}
                        aria-pressed={revealed}
                        className="absolute inset-y-0 right-1.5 my-auto flex size-9 items-center justify-center rounded-lg text-fg-muted transition hover:bg-fg/[0.06] hover:text-fg"
                      >
                        {revealed ? (
                          <EyeOff aria-hidden className="size-4.5" />
                        ) : (
                          <Eye aria-hidden className="size-4.5" />
                        )}
                      </button>
                    }
                  >
                    {(id) => (
                      <input
                        id={id}
                        name="password"
                        type={passwordType}
                        autoComplete="current-password"
                        placeholder={t`Your web password`}
                        className={clsx(inputClass, 'pr-12')}
                      />
                    )}
                  </Field>
                </>
              )}

              {error && <Alert tone="error">{error}</Alert>}

              <button type="submit" disabled={busy} className={buttonClass('primary', 'lg', 'w-full')}>
                {busy ? (
                  <>
                    <LoaderCircle aria-hidden className="size-4 motion-safe:animate-spin" />
                    <Trans>Signing in…</Trans>
                  </>
                ) : (
                  <>
                    {signInLabel}
                    <ArrowRight aria-hidden className="size-4" />
                  </>
                )}
              </button>
              {challenge && (
                <button
                  type="button"
                  onClick={() => {
                    setChallenge(null);
                    setError(null);
                  }}
                  className={buttonClass('ghost', 'md', 'w-full')}
                >
                  <Trans>Use another account</Trans>
                </button>
              )}
            </form>

            <div className="mt-6 flex items-start gap-3 rounded-2xl border border-dashed border-line-strong bg-surface-sunken/60 p-4 text-sm text-fg-muted">
              <Terminal aria-hidden className="mt-0.5 size-4 shrink-0 text-accent" />
              <p className="leading-relaxed">
                <Trans comment="{command} is the in-game command, typed as it is">
                  No web password yet? Join the server and type{' '}
                  <code className="rounded-md bg-fg/[0.07] px-1.5 py-0.5 font-mono text-[13px] whitespace-nowrap text-fg">
                    {command}
                  </code>{' '}
                  in chat, then sign in here with your Minecraft username.
                </Trans>
                {!isAdmin && (
                  <>
                    {' '}
                    <Link
                      to="/docs?doc=joining-the-server"
                      className="font-semibold text-fg underline underline-offset-2 hover:no-underline"
                    >
                      <Trans>Read the joining guide</Trans>
                    </Link>
                  </>
                )}
              </p>
            </div>

            {demo && !isAdmin && (
              <p className="mt-4 text-center text-xs text-fg-muted">
                <Trans comment="{demoName} and {demoPassword} are the demo account's username and password">
                  Demo server: sign in as <strong className="font-semibold text-fg">{demoName}</strong> with
                  the password{' '}
                  <strong className="font-semibold whitespace-nowrap text-fg">{demoPassword}</strong>.
                </Trans>
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}

const inputClass =
  'h-12 w-full rounded-xl border border-line-strong bg-surface pl-11 pr-4 text-base text-fg shadow-[inset_0_1px_2px_rgb(0_0_0/0.06)] ' +
  'transition-colors placeholder:text-fg-muted/70 hover:border-fg/30 focus-visible:border-amber-500 focus-visible:outline-offset-0';

function Field({
  label,
  icon: Icon,
  trailing,
  children,
}: {
  label: string;
  icon: typeof UserRound;
  trailing?: ReactNode;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold text-fg">
        {label}
      </label>
      <div className="relative">
        <Icon
          aria-hidden
          className="pointer-events-none absolute inset-y-0 left-4 my-auto size-4.5 text-fg-muted"
        />
        {children(id)}
        {trailing}
      </div>
    </div>
  );
}

/** The second step when the account has two-factor sign-in on: its code, or a recovery code. */
function CodeField({ username }: { username: string }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  return (
    <>
      <Alert tone="info">
        <Trans>
          Two-factor sign-in is on for <strong className="font-semibold">{username}</strong>. Enter the
          6-digit code from your authenticator app, or one of your recovery codes.
        </Trans>
      </Alert>
      <Field label={t`Two-factor code`} icon={ShieldCheck}>
        {(id) => (
          <input
            ref={input}
            id={id}
            name="code"
            type="text"
            autoComplete="one-time-code"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            placeholder="123456"
            className={inputClass}
          />
        )}
      </Field>
    </>
  );
}

/** The note over the form when a player is already signed in. */
function SignedInNote({ username }: { username: string }) {
  return (
    <Trans>
      You are signed in as <strong className="font-semibold">{username}</strong>. Signing in again switches to
      another account.
    </Trans>
  );
}

function Backdrop() {
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
      <div className="absolute inset-0 bg-grid opacity-60" />
      <div className="absolute inset-0 bg-[radial-gradient(36rem_28rem_at_0%_0%,rgb(251_191_36/0.2),transparent_70%),radial-gradient(34rem_30rem_at_100%_30%,rgb(139_92_246/0.14),transparent_70%)] dark:bg-[radial-gradient(36rem_28rem_at_0%_0%,rgb(245_158_11/0.14),transparent_70%),radial-gradient(34rem_30rem_at_100%_30%,rgb(124_58_237/0.2),transparent_70%)]" />
    </div>
  );
}
