import { Alert, Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { isGraphQLErrors } from '../../../lib/data';
import { useEffect, useState, type FormEvent } from 'react';
import { useRequestSignInCodeMutation, useSignInWithCodeMutation, type SignInWithCodeMutation } from '../api/phone.generated';
import { describeError } from '../../../lib/graphql-errors';
import { latinDigits } from '../../../lib/digits';
import { useT, type Translate } from '../../../lib/i18n';

export type CodeSignIn = SignInWithCodeMutation['signInWithCode'];

/** A failed mutation's message and the field it names (`extensions.field` or `extensions.fields`). */
export function codeError(failure: unknown, t: Translate): { message: string; field: string | null } {
  const described = describeError(failure, t);
  const first = isGraphQLErrors(failure) ? failure.errors[0] : undefined;
  const field = (first?.extensions?.field as string | undefined) ?? Object.keys(described.fields)[0] ?? null;
  return { message: described.message, field };
}

/**
 * Android Chrome reads the code from the SMS's last line (`@host #123456`, the WebOTP format) and
 * offers it; elsewhere `autocomplete="one-time-code"` lets the keyboard suggest it.
 */
export function useWebOtp(active: boolean, onCode: (code: string) => void): void {
  useEffect(() => {
    if (!active || typeof window === 'undefined' || !('OTPCredential' in window)) return;
    const abort = new AbortController();
    navigator.credentials
      .get({ otp: { transport: ['sms'] }, signal: abort.signal } as CredentialRequestOptions)
      .then((credential) => {
        const code = (credential as { code?: string } | null)?.code;
        if (code) onCode(code);
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [active, onCode]);
}

/** The code field every code form shares: numeric keyboard, one-time-code autofill, Bangla digits welcome. */
export function CodeInput({ value, onChange, invalid, error }: { value: string; onChange: (code: string) => void; invalid: boolean; error?: string }) {
  const t = useT();
  return (
    <Field.Root required invalid={invalid}>
      <Field.Label>{t('phone.code')}</Field.Label>
      <Input
        name="code"
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        value={value}
        onChange={(e) => onChange(latinDigits(e.target.value).replace(/\D/g, '').slice(0, 6))}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}

/**
 * Sign-in or sign-up with a mobile number: the number, then the code from the SMS (and a name, for a
 * number without an account). The server answers the code request the same way for every number.
 */
export function PhoneCodeForm({ mode, onSignedIn }: { mode: 'signIn' | 'signUp'; onSignedIn: (payload: CodeSignIn) => void }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [askName, setAskName] = useState(mode === 'signUp');
  const [error, setError] = useState<{ message: string; field: string | null } | null>(null);
  const [requestCode, { loading: sending }] = useRequestSignInCodeMutation();
  const [signIn, { loading: checking }] = useSignInWithCodeMutation();
  useWebOtp(sentTo !== null, setCode);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    try {
      await requestCode({ variables: { phone } });
      setSentTo(phone);
      setCode('');
    } catch (failure) {
      setError(codeError(failure, t));
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await signIn({ variables: { phone: sentTo ?? phone, code, name: name.trim() || null } });
      if (data) onSignedIn(data.signInWithCode);
    } catch (failure) {
      const problem = codeError(failure, t);
      if (problem.field === 'name' && !askName) {
        // A new number: the code stays valid; the name makes the account.
        setAskName(true);
        setError({ message: t('phone.nameForNew'), field: 'name' });
        return;
      }
      setError(problem);
    }
  };

  const problem = error && (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{error.message}</Alert.Title>
    </Alert.Root>
  );

  if (sentTo === null) {
    return (
      <form method="post" onSubmit={(e) => void send(e)} noValidate aria-label={t('phone.formNumber')}>
        <Stack gap="4">
          <Field.Root required invalid={error?.field === 'phone'}>
            <Field.Label>{t('phone.number')}</Field.Label>
            <Input name="phone" type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />
            <Field.HelperText>{t('phone.numberHint')}</Field.HelperText>
          </Field.Root>
          {mode === 'signUp' && (
            <Text fontSize="sm" color="gray.600">
              {t('phone.studentsOnly')}
            </Text>
          )}
          {problem}
          <Button type="submit" colorPalette="blue" disabled={sending || !phone.trim()}>
            {sending ? t('phone.sending') : t('phone.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <form method="post" onSubmit={(e) => void submit(e)} noValidate aria-label={t('phone.formCode')}>
      <Stack gap="4">
        <Text role="status">{t('phone.codeSent', { phone: sentTo })}</Text>
        <CodeInput value={code} onChange={setCode} invalid={error?.field === 'code'} />
        {askName && (
          <Field.Root required invalid={error?.field === 'name'}>
            <Field.Label>{t('phone.name')}</Field.Label>
            <Input name="name" type="text" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
          </Field.Root>
        )}
        {problem}
        <Button type="submit" colorPalette="blue" disabled={checking || code.length !== 6}>
          {checking ? t('phone.checking') : askName ? t('phone.signUp') : t('phone.signIn')}
        </Button>
        <HStack gap="4" wrap="wrap">
          <Button type="button" variant="plain" color="blue.700" px="0" disabled={sending} onClick={() => void send()}>
            {t('phone.resend')}
          </Button>
          <Button type="button" variant="plain" color="blue.700" px="0" onClick={() => setSentTo(null)}>
            {t('phone.changeNumber')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
