import { Alert, Button, Checkbox, Field, HStack, Input, Link, RadioGroup, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useSearchParams, type Location } from 'react-router-dom';
import type { Role } from '../../gql/types';
import { useSignUpMutation } from './api/sign-in.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useHydrated } from '../../lib/use-hydrated';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
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

export default function SignUpPage() {
  const t = useT();
  const { language } = useLanguage();
  const hydrated = useHydrated();
  const { state, session } = useSession();
  const location: Location<unknown> = useLocation();
  const navigate = useNavigate();
  const [role, setRole] = useState<Role | ''>('STUDENT');
  const [values, setValues] = useState<Record<FieldName, string>>({ name: '', email: '', password: '', phone: '', date: '' });
  const [agreed, setAgreed] = useState(false);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [signUp, { loading }] = useSignUpMutation();
  const [search, setSearch] = useSearchParams();
  const withPhone = search.get('with') === 'phone';
  const chooseMethod = (phone: boolean) => setSearch(phone ? { with: 'phone' } : {}, { replace: true, state: location.state });

  if (state.status === 'signedIn' && !loading) return <Navigate to={returnPath(location.state)} replace />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
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
        <PhoneCodeForm mode="signUp" onSignedIn={signedInWithCode} />
        <Button type="button" variant="outline" onClick={() => chooseMethod(false)}>
          {t('phone.useEmail')}
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('signUp.title')}>
      <Button type="button" variant="outline" onClick={() => chooseMethod(true)}>
        {t('phone.useMobile')}
      </Button>
      <form method="post" onSubmit={(e) => void submit(e)} noValidate aria-label={t('signUp.form')}>
        <Stack gap="4">
          <Field.Root>
            <Field.Label id="role-label">{t('signUp.iAmA')}</Field.Label>
            <RadioGroup.Root value={role} onValueChange={(e) => setRole((e.value ?? '') as Role | '')} aria-labelledby="role-label" colorPalette="blue">
              <HStack gap="6">
                {(['STUDENT', 'INSTRUCTOR'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(`account.role.${value}`)}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
          </Field.Root>
          {fields.map((field) => (
            <Field.Root key={field.name} required invalid={Boolean(error?.fields[field.name])}>
              <Field.Label>{t(`account.field.${field.name}`)}</Field.Label>
              <Input
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                value={values[field.name]}
                onChange={(e) => setValues({ ...values, [field.name]: e.target.value })}
              />
              <Field.ErrorText>{error?.fields[field.name]}</Field.ErrorText>
            </Field.Root>
          ))}
          <Checkbox.Root checked={agreed} onCheckedChange={(e) => setAgreed(e.checked === true)} colorPalette="blue">
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              {t('signUp.acceptBefore')}{' '}
              <Link asChild color="blue.700">
                <RouterLink to={paths.terms}>{t('signUp.terms')}</RouterLink>
              </Link>
              {language === 'bn' && ` ${t('signUp.acceptAfter')}`}
            </Checkbox.Label>
          </Checkbox.Root>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error.message}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" disabled={!hydrated || !agreed || loading}>
            {loading ? t('signUp.creating') : t('signUp.button')}
          </Button>
          <Text fontSize="sm">
            {t('signUp.haveAccount')}{' '}
            <Link asChild color="blue.700">
              <RouterLink to={paths.login} state={location.state}>
                {t('login.button')}
              </RouterLink>
            </Link>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
