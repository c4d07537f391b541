import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../../lib/graphql-errors';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import { useChangePasswordMutation } from '../api/password.generated';
import { useT } from '../../../lib/i18n';

/** Changes the password; every other signed-in device is signed out, this one stays. */
export function ChangePasswordForm() {
  const t = useT();
  const { session } = useSession();
  const [change, { loading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) {
      setErrors({ repeat: t('account.password.mismatch') });
      return;
    }
    setErrors({});
    try {
      const { data } = await change({ variables: { currentPassword: current, newPassword: next } });
      if (data) session.signedIn(data.changePassword);
      setCurrent('');
      setNext('');
      setRepeat('');
      toaster.create({ title: t('account.password.changed'), type: 'success' });
    } catch (failure) {
      const { message, fields } = describeError(failure, t);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: message });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={t('account.password.change')}>
      <Stack gap="4">
        <Heading as="h2" size="lg">
          {t('account.password.change')}
        </Heading>
        <Field.Root invalid={Boolean(errors.currentPassword)} required>
          <Field.Label>{t('account.password.current')}</Field.Label>
          <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <Field.ErrorText>{errors.currentPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>{t('account.password.new')}</Field.Label>
          <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <Field.HelperText>{t('account.password.newHelp')}</Field.HelperText>
          <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.repeat)} required>
          <Field.Label>{t('account.password.repeat')}</Field.Label>
          <Input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          <Field.ErrorText>{errors.repeat}</Field.ErrorText>
        </Field.Root>
        {errors.form && (
          <Text color="red.700" role="alert">
            {errors.form}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={loading}>
          {t('account.password.change')}
        </Button>
      </Stack>
    </form>
  );
}
