import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, parsePath, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import type { AlertContent } from '../../components/alert-dialog';
import { FormError, TextField } from '../../components/form-field';
import { useRequestPasswordResetMutation } from './api/password.generated';
import { useLoginMutation } from './api/sign-in.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useFormEcho } from '../../lib/form-echo';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { AuthCard } from './components/auth-card';
import { PhoneCodeForm, type CodeSignIn } from './components/phone-code-form';
import { useT } from '../../lib/i18n';

/** Where Forgot Password posts without scripts (server/src/http/page-forms.ts): the link is mailed and this page drawn again saying so. */
const FORGOT_PASSWORD_ACTION = `${paths.login}/forgot-password`;

// Forgot Password's alert is a dialog drawn with Chakra, which it brings with its code when it opens.
const AlertDialog = lazy(async () => ({ default: (await import('../../components/alert-dialog')).PlainPageAlertDialog }));

/** Where to go after signing in: the page the guard sent the visitor from, or home. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Location } | null)?.from;
  return from ? `${from.pathname}${from.search ?? ''}${from.hash ?? ''}` : paths.home;
}

/** `?next=` when it is an address of this site (never another site's, which would send a signed-in person away). */
export function nextAddress(next: string | null): string | null {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : null;
}

export default function LoginPage() {
  const t = useT();
  // Drawn again by the server after the form was sent without scripts and refused: its message and email.
  const echo = useFormEcho();
  const { state, session } = useSession();
  const location: Location<unknown> = useLocation();
  const navigate = useNavigate();
  // Read from the fields themselves (not kept in state): what a visitor types while a slow phone
  // is still loading the scripts survives the scripts taking the page over.
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  // Drawn again after Forgot Password was sent without scripts: the link is on its way, or the email is missing.
  const [resetSent, setResetSent] = useState(echo?.step === 'resetSent');
  const [askEmail, setAskEmail] = useState(echo?.step === 'resetEmpty');
  const [error, setError] = useState<string | null>(askEmail ? null : (echo?.error ?? null));
  const [alert, setAlert] = useState<AlertContent | null>(null);
  const [login, { loading }] = useLoginMutation();
  const [requestReset, { loading: sendingReset }] = useRequestPasswordResetMutation();
  // `?with=phone` opens the mobile number form (the sign-up page links here that way too).
  const [search, setSearch] = useSearchParams();
  const withPhone = search.get('with') === 'phone';
  const chooseMethod = (phone: boolean) => setSearch(phone ? { with: 'phone' } : {}, { replace: true, state: location.state });
  // The server sends a signed-out browser here from a page that needs sign-in with that page in
  // `?next=` (the page's scripts may not have run); the app then keeps it as its own guard does.
  const next = nextAddress(search.get('next'));
  const target = returnPath(location.state ?? (next ? { from: parsePath(next) } : null));
  useEffect(() => {
    if (!next) return;
    const rest = new URLSearchParams(location.search);
    rest.delete('next');
    void navigate({ pathname: location.pathname, search: rest.toString() }, { replace: true, state: { from: parsePath(next) } });
  }, [next, location.pathname, location.search, navigate]);

  if (state.status === 'signedIn' && !loading) return <Navigate to={target} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setResetSent(false);
    setAskEmail(false);
    try {
      const { data } = await login({ variables: { email: emailField.current?.value ?? '', password: passwordField.current?.value ?? '' } });
      if (data) {
        session.signedIn(data.login);
        void navigate(target, { replace: true });
      }
    } catch (failure) {
      setError(describeError(failure, t).message);
    }
  };

  const forgotPassword = async () => {
    setError(null);
    setResetSent(false);
    setAskEmail(false);
    const email = emailField.current?.value ?? '';
    if (!email.trim()) {
      setAlert({ status: 'error', title: t('login.forgotPasswordEmpty'), text: t('login.forgotPasswordHint') });
      return;
    }
    try {
      await requestReset({ variables: { email } });
      toaster.create({ title: t('login.forgotPasswordSent'), type: 'success' });
    } catch (failure) {
      setError(describeError(failure, t).message);
    }
  };

  const signedInWithCode = (payload: CodeSignIn) => {
    session.signedIn(payload);
    void navigate(target, { replace: true });
  };

  if (withPhone) {
    return (
      <AuthCard title={t('login.title')}>
        <PhoneCodeForm mode="signIn" next={target} onSignedIn={signedInWithCode} onUsePassword={() => chooseMethod(false)} />
        <button type="button" className="ui-button ui-outline" onClick={() => chooseMethod(false)}>
          {t('phone.useEmail')}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      {/* Without scripts, the browser posts it to the server (server/src/http/page-forms.ts), which signs in and comes back to `next`. */}
      <form method="post" action={paths.login} onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
        <div className="ui-stack">
          <input type="hidden" name="next" value={target} />
          <TextField
            ref={emailField}
            label={t('account.field.email')}
            required
            type="email"
            name="email"
            autoComplete="email"
            defaultValue={echo?.values?.email}
          />
          <TextField ref={passwordField} label={t('account.field.password')} required type="password" name="password" autoComplete="current-password" />
          {resetSent && (
            <p role="status" className="ui-alert ui-green">
              {t('login.forgotPasswordSent')}
            </p>
          )}
          {askEmail && (
            <FormError message={t('login.forgotPasswordEmpty')}>
              <span>{t('login.forgotPasswordHint')}</span>
            </FormError>
          )}
          {error && (
            <FormError message={error}>
              {/* A closed account's message names the Support page: one tap away. */}
              {error.includes('Support page') && (
                <RouterLink className="ui-link auth-support" to={paths.support}>
                  {t('login.supportLink')}
                </RouterLink>
              )}
            </FormError>
          )}
          <button type="submit" className="ui-button ui-blue" disabled={loading}>
            {loading ? t('login.loggingIn') : t('login.button')}
          </button>
          {/* Without scripts, it sends the form (the email) to the server, which mails the link as the mutation does. */}
          <button
            type="submit"
            formAction={FORGOT_PASSWORD_ACTION}
            className="ui-button ui-plain ui-blue"
            onClick={(e) => {
              e.preventDefault();
              void forgotPassword();
            }}
            disabled={sendingReset}
          >
            {t('login.forgotPassword')}
          </button>
          <p className="auth-more">
            {t('login.newHere')}{' '}
            <RouterLink className="ui-link auth-link" to={paths.signUp} state={location.state}>
              {t('login.createAccount')}
            </RouterLink>
          </p>
        </div>
      </form>
      <button type="button" className="ui-button ui-outline" onClick={() => chooseMethod(true)}>
        {t('phone.useMobile')}
      </button>
      {alert && (
        <Suspense fallback={null}>
          <AlertDialog alert={alert} onClose={() => setAlert(null)} />
        </Suspense>
      )}
    </AuthCard>
  );
}
