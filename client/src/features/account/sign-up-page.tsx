import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import type { Role } from '../../gql/types';
import { useSignUpMutation } from './api/sign-in.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useFormEcho } from '../../lib/form-echo';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { FormError, TextField } from '../../components/form-field';
import { AuthCard } from './components/auth-card';
import { PhoneCodeForm, type CodeSignIn } from './components/phone-code-form';
import { returnPath } from './login-page';
import { useLanguage, useT } from '../../lib/i18n';

const fields = [
  { name: 'name', type: 'text', autoComplete: 'name' },
  { name: 'email', type: 'email', autoComplete: 'email' },
  { name: 'password', type: 'password', autoComplete: 'new-password' },
  { name: 'phone', type: 'tel', autoComplete: 'tel' },
  { name: 'date', type: 'date', autoComplete: 'bday' },
] as const;

type FieldName = (typeof fields)[number]['name'];
type Typed = Record<FieldName, string> & { role: Role | '' };

/** What the form holds, read from its fields: what a visitor typed before the scripts arrived counts too. */
function readForm(form: HTMLFormElement): Typed {
  const data = new FormData(form);
  const text = (name: string) => {
    const value = data.get(name);
    return typeof value === 'string' ? value : '';
  };
  return { name: text('name'), email: text('email'), password: text('password'), phone: text('phone'), date: text('date'), role: text('role') as Role | '' };
}

export default function SignUpPage() {
  const t = useT();
  const { language } = useLanguage();
  const hydrated = useHydrated();
  // Drawn again by the server after the form was sent without scripts and refused: its message and what was typed.
  const echo = useFormEcho();
  const echoed = echo?.values ?? {};
  const { state, session } = useSession();
  const location: Location<unknown> = useLocation();
  const navigate = useNavigate();
  const form = useRef<HTMLFormElement>(null);
  const termsBox = useRef<HTMLInputElement>(null);
  // What was typed, kept while the mobile number form is shown instead.
  const typed = useRef<Typed>({
    name: echoed.name ?? '',
    email: echoed.email ?? '',
    password: '',
    phone: echoed.phone ?? '',
    date: echoed.date ?? '',
    role: echoed.role === 'INSTRUCTOR' ? 'INSTRUCTOR' : 'STUDENT',
  });
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(
    echo?.error ? { message: echo.error, fields: echo.field ? { [echo.field]: echo.error } : {} } : null,
  );
  const [signUp, { loading }] = useSignUpMutation();
  const [search, setSearch] = useSearchParams();
  const withPhone = search.get('with') === 'phone';
  const chooseMethod = (phone: boolean) => {
    if (form.current) typed.current = readForm(form.current);
    setSearch(phone ? { with: 'phone' } : {}, { replace: true, state: location.state });
  };
  // A box ticked while the scripts were still arriving stays ticked, and the button follows it.
  useEffect(() => setAgreed(termsBox.current?.checked ?? false), [withPhone]);

  if (state.status === 'signedIn' && !loading) return <Navigate to={returnPath(location.state)} replace />;

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const { role, ...values } = readForm(e.currentTarget);
    if (!role) {
      toaster.create({ title: t('signUp.selectRole'), type: 'error' });
      return;
    }
    setError(null);
    try {
      const { data } = await signUp({ variables: { input: { ...values, role } } });
      if (data) {
        session.signedIn(data.signUp);
        void navigate(returnPath(location.state), { replace: true });
      }
    } catch (failure) {
      setError(describeError(failure, t));
    }
  };

  const signedInWithCode = (payload: CodeSignIn) => {
    session.signedIn(payload);
    void navigate(returnPath(location.state), { replace: true });
  };

  if (withPhone) {
    return (
      <AuthCard title={t('signUp.title')}>
        <PhoneCodeForm mode="signUp" next={returnPath(location.state)} onSignedIn={signedInWithCode} />
        <button type="button" className="ui-button ui-outline" onClick={() => chooseMethod(false)}>
          {t('phone.useEmail')}
        </button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signUp.title')}>
      <button type="button" className="ui-button ui-outline" onClick={() => chooseMethod(true)}>
        {t('phone.useMobile')}
      </button>
      {/* Without scripts, the browser posts it to the server (server/src/http/page-forms.ts), which makes the account and signs in. */}
      <form ref={form} method="post" action={paths.signUp} onSubmit={(e) => void submit(e)} noValidate aria-label={t('signUp.form')}>
        <div className="ui-stack">
          <input type="hidden" name="next" value={echoed.next ?? returnPath(location.state)} />
          <fieldset className="ui-choices">
            <legend>{t('signUp.iAmA')}</legend>
            {(['STUDENT', 'INSTRUCTOR'] as const).map((value) => (
              <label key={value} className="ui-choice">
                <input type="radio" name="role" value={value} defaultChecked={typed.current.role === value} />
                {t(`account.role.${value}`)}
              </label>
            ))}
          </fieldset>
          {fields.map((field) => (
            <TextField
              key={field.name}
              label={t(`account.field.${field.name}`)}
              required
              error={error?.fields[field.name]}
              name={field.name}
              type={field.type}
              autoComplete={field.autoComplete}
              defaultValue={typed.current[field.name]}
            />
          ))}
          <label className="ui-choice">
            <input ref={termsBox} type="checkbox" name="terms" defaultChecked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
            <span>
              {t('signUp.acceptBefore')}{' '}
              <RouterLink className="ui-link auth-link" to={paths.terms}>
                {t('signUp.terms')}
              </RouterLink>
              {language === 'bn' && ` ${t('signUp.acceptAfter')}`}
            </span>
          </label>
          {error && <FormError message={error.message} />}
          <button type="submit" className="ui-button ui-blue" disabled={hydrated && (!agreed || loading)}>
            {loading ? t('signUp.creating') : t('signUp.button')}
          </button>
          <p className="auth-more">
            {t('signUp.haveAccount')}{' '}
            <RouterLink className="ui-link auth-link" to={paths.login} state={location.state}>
              {t('login.button')}
            </RouterLink>
          </p>
        </div>
      </form>
    </AuthCard>
  );
}
