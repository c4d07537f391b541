import { Alert, Box, Button, Container, Field, Heading, HStack, Input, Stack } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ErrorState, InlineLoading } from '../../components/states';
import { ChangePasswordForm } from './components/change-password-form';
import { LeaderboardNameForm } from './components/leaderboard-name-form';
import { LiveExamResultsForm } from './components/live-exam-results-form';
import { SignInPhone } from './components/sign-in-phone';
import { useMyProfileQuery, useUpdateProfileMutation } from './api/profile.generated';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import { useT } from '../../lib/i18n';

const fields = [
  { name: 'name', type: 'text' },
  { name: 'phone', type: 'tel' },
  { name: 'date', type: 'date' },
  { name: 'image', type: 'url' },
  { name: 'eduQualification', type: 'text' },
  { name: 'contactEmail', type: 'email' },
] as const;
type FieldName = (typeof fields)[number]['name'];

export default function EditProfilePage() {
  const t = useT();
  const { state, session } = useSession();
  const navigate = useNavigate();
  const signedIn = state.status === 'signedIn';
  const { data, loading, error: loadError, refetch } = useMyProfileQuery({ skip: !signedIn });
  const [values, setValues] = useState<Record<FieldName, string> | null>(null);
  const [error, setError] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const [update, { loading: saving }] = useUpdateProfileMutation();

  useEffect(() => {
    const me = data?.me;
    if (me && !values) {
      setValues({
        name: me.name,
        phone: me.phone ?? '',
        date: me.date ?? '',
        image: me.image ?? '',
        eduQualification: me.eduQualification ?? '',
        contactEmail: me.contactEmail ?? '',
      });
    }
  }, [data, values]);

  if (state.status === 'loading' || (signedIn && loading && !data)) return <InlineLoading />;
  if (!signedIn) return <ErrorState message={t('account.noUserLoggedIn')} />;
  if (loadError && !data) return <ErrorState onRetry={() => void refetch()} />;
  if (!values) return <InlineLoading />;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { data: saved } = await update({ variables: { input: values } });
      if (saved) {
        session.updateUser({ name: saved.updateProfile.name, image: saved.updateProfile.image });
        toaster.create({ title: t('account.profileSaved'), type: 'success' });
        void navigate(paths.myProfile);
      }
    } catch (failure) {
      const described = describeError(failure, t);
      setError(described.category === 'UNAUTHENTICATED' ? { message: t('account.noUserLoggedIn'), fields: {} } : described);
    }
  };

  return (
    <Container maxW="xl" py="10">
      <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.editProfile')}>
        <Stack gap="4">
          <Heading as="h1" size="xl">
            {t('account.editProfile')}
          </Heading>
          {fields.map((field) => (
            <Field.Root key={field.name} invalid={Boolean(error?.fields[field.name])} required={field.name === 'name'}>
              <Field.Label>{t(`account.field.${field.name}`)}</Field.Label>
              <Input name={field.name} type={field.type} value={values[field.name]} onChange={(e) => setValues({ ...values, [field.name]: e.target.value })} />
              <Field.ErrorText>{error?.fields[field.name]}</Field.ErrorText>
            </Field.Root>
          ))}
          {error && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{error.message}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="3">
            <Button type="submit" colorPalette="blue" disabled={saving}>
              {saving ? t('account.saving') : t('account.save')}
            </Button>
            <Button asChild variant="outline">
              <RouterLink to={paths.myProfile}>{t('account.cancel')}</RouterLink>
            </Button>
          </HStack>
        </Stack>
      </form>
      <Box mt="10">
        <SignInPhone
          phone={data?.me?.phone ?? null}
          confirmed={data?.me?.phoneConfirmed ?? false}
          onConfirmed={(phone) => setValues((current) => (current ? { ...current, phone } : current))}
        />
      </Box>
      {data?.me?.role === 'STUDENT' && (
        <>
          <Box mt="10">
            <LeaderboardNameForm />
          </Box>
          <Box mt="10">
            <LiveExamResultsForm />
          </Box>
        </>
      )}
      {/* An account made with a mobile number signs in with codes: it has no password to change. */}
      {data?.me?.email && (
        <Box mt="10">
          <ChangePasswordForm />
        </Box>
      )}
    </Container>
  );
}
