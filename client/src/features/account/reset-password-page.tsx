import { Alert, Button, Field, Input, Link, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useResetPasswordMutation } from './api/password.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { AuthCard } from './components/auth-card';

/** The page the reset email links to: choose a new password with the token from the link. */
export default function ResetPasswordPage() {
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
      setError('The two passwords are not the same');
      return;
    }
    try {
      await reset({ variables: { token, password } });
      setDone(true);
    } catch (failure) {
      setError(describeError(failure).message);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Text>This link has no reset code. Open the link from the email again, or ask for a new one on the login page.</Text>
      </AuthCard>
    );
  }
  if (done) {
    return (
      <AuthCard title="Password changed">
        <Text role="status">Your password is changed. Sign in with the new one.</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.login}>Login</RouterLink>
        </Button>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset your password">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label="Reset password">
        <Stack gap="4">
          <Field.Root required>
            <Field.Label>New password</Field.Label>
            <Input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
            <Field.HelperText>At least 8 characters.</Field.HelperText>
          </Field.Root>
          <Field.Root required>
            <Field.Label>Repeat the new password</Field.Label>
            <Input type="password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field.Root>
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error}</Alert.Title>
            </Alert.Root>
          )}
          <Button type="submit" colorPalette="blue" disabled={loading}>
            {loading ? 'Saving...' : 'Save new password'}
          </Button>
          <Link asChild color="blue.700" fontSize="sm">
            <RouterLink to={paths.login}>Back to login</RouterLink>
          </Link>
        </Stack>
      </form>
    </AuthCard>
  );
}
