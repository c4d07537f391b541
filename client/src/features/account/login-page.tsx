import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, parsePath, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import { AlertDialog, type AlertContent } from '../../components/alert-dialog';
import { useRequestPasswordResetMutation } from './api/password.generated';
import { useLoginMutation } from './api/sign-in.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { AuthCard } from './components/auth-card';
import { PhoneCodeForm, type CodeSignIn } from './components/phone-code-form';
import { useT } from '../../lib/i18n';

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
  const hydrated = useHydrated();
  const { state, session } = useSession();
  const location: Location<unknown> = useLocation();
  const navigate = useNavigate();
  // Read from the fields themselves (not kept in state): what a visitor types while a slow phone
  // is still loading the scripts survives the scripts taking the page over.
  const emailField = useRef<HTMLInputElement>(null);
  const passwordField = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
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
        <PhoneCodeForm mode="signIn" onSignedIn={signedInWithCode} />
        <Button type="button" variant="outline" onClick={() => chooseMethod(false)}>
          {t('phone.useEmail')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      <form method="post" onSubmit={(e) => void submit(e)} noValidate aria-label={t('login.title')}>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t('account.field.email')}</Field.Label>
            <Input ref={emailField} type="email" name="email" autoComplete="email" />
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('account.field.password')}</Field.Label>
            <Input ref={passwordField} type="password" name="password" autoComplete="current-password" />
          </Field.Root>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{error}</Alert.Title>
                {/* A closed account's message names the Support page: one tap away. */}
                {error.includes('Support page') && (
                  <Alert.Description>
                    <Link asChild color="blue.700" fontWeight="semibold">
                      <RouterLink to={paths.support}>{t('login.supportLink')}</RouterLink>
                    </Link>
                  </Alert.Description>
                )}
              </Alert.Content>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" disabled={!hydrated || loading}>
            {loading ? t('login.loggingIn') : t('login.button')}
          </Button>
          <Button type="button" variant="plain" color="blue.700" onClick={() => void forgotPassword()} disabled={sendingReset} alignSelf="start" px="0">
            {t('login.forgotPassword')}
          </Button>
          <Text fontSize="sm">
            {t('login.newHere')}{' '}
            <Link asChild color="blue.700">
              <RouterLink to={paths.signUp} state={location.state}>
                {t('login.createAccount')}
              </RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
      <Button type="button" variant="outline" onClick={() => chooseMethod(true)}>
        {t('phone.useMobile')}
      </Button>
      <AlertDialog alert={alert} onClose={() => setAlert(null)} />
    </AuthCard>
  );
}
