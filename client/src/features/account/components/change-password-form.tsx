import { Button, Field, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../../lib/graphql-errors';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import { useChangePasswordMutation } from '../api/password.generated';

/** Changes the password; every other signed-in device is signed out, this one stays. */
export function ChangePasswordForm() {
  const { session } = useSession();
  const [change, { loading }] = useChangePasswordMutation();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (next !== repeat) {
      setErrors({ repeat: 'The two passwords are not the same' });
      return;
    }
    setErrors({});
    try {
      const { data } = await change({ variables: { currentPassword: current, newPassword: next } });
      if (data) session.signedIn(data.changePassword);
      setCurrent('');
      setNext('');
      setRepeat('');
      toaster.create({ title: 'Your password is changed. Other devices are signed out.', type: 'success' });
    } catch (failure) {
      const { message, fields } = describeError(failure);
      setErrors(Object.keys(fields).length > 0 ? fields : { form: message });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Change password">
      <Stack gap="4">
        <Heading as="h2" size="lg">
          Change password
        </Heading>
        <Field.Root invalid={Boolean(errors.currentPassword)} required>
          <Field.Label>Current password</Field.Label>
          <Input type="password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.target.value)} />
          <Field.ErrorText>{errors.currentPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.newPassword)} required>
          <Field.Label>New password</Field.Label>
          <Input type="password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.target.value)} />
          <Field.HelperText>At least 8 characters, in any language; not one of the most common passwords.</Field.HelperText>
          <Field.ErrorText>{errors.newPassword}</Field.ErrorText>
        </Field.Root>
        <Field.Root invalid={Boolean(errors.repeat)} required>
          <Field.Label>Repeat the new password</Field.Label>
          <Input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} />
          <Field.ErrorText>{errors.repeat}</Field.ErrorText>
        </Field.Root>
        {errors.form && (
          <Text color="red.700" role="alert">
            {errors.form}
          </Text>
        )}
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" loading={loading}>
          Change password
        </Button>
      </Stack>
    </form>
  );
}
