import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useResetPasswordMutation } from './api/password.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { AuthCard } from './components/auth-card';
import { useT } from '../../lib/i18n';

/** The page the reset email links to: choose a new password with the token from the link. */
export default function ResetPasswordPage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [reset, { loading }] = useResetPasswordMutation();

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (password !== confirm) {
      setError(t('account.password.mismatch'));
      return;
    }
    try {
      await reset({ variables: { token, password } });
      setDone(true);
    } catch (failure) {
      setError(describeError(failure, t).message);
    }
  };

  if (!token) {
    return (
      <AuthCard title={t('account.reset.title')}>
        <Text>{t('account.reset.noToken')}</Text>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title={t('account.reset.doneTitle')}>
        <Text role="status">{t('account.reset.done')}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.login}>{t('login.button')}</RouterLink>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t('account.reset.title')}>
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.reset.form')}>
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>{t('account.password.new')}</Field.Label>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Field.HelperText>{t('account.reset.help')}</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>{t('account.password.repeat')}</Field.Label>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field.Root>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" disabled={loading}>
            {loading ? t('account.saving') : t('account.reset.save')}
          </Button>
          <Link asChild color="blue.700" fontSize="sm">
            <RouterLink to={paths.login}>{t('account.reset.backToLogin')}</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
