import { Alert, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAddPhoneMutation, useConfirmPhoneMutation } from '../api/phone.generated';
import { toaster } from '../../../lib/toaster';
import { useLanguage, useT } from '../../../lib/i18n';
import { localDigits } from '../../../lib/digits';
import { CodeInput, codeError, TriesLeft, useResendCountdown, useWebOtp, type CodeProblem } from './phone-code-form';

/** The server's waits between confirm codes (phone-sign-in.service.ts): it refuses earlier asks with RESEND_TOO_SOON and the seconds left. */
const FIRST_RESEND_SECONDS = 30;
const LATER_RESEND_SECONDS = 60;

/**
 * Edit Profile's mobile number for sign-in: add a number, confirm it with the code sent to it, then
 * sign in either way. A number typed in the profile form alone never signs in.
 */
export function SignInPhone({ phone, confirmed, onConfirmed }: { phone: string | null; confirmed: boolean; onConfirmed: (phone: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const countdown = useResendCountdown();
  const [sends, setSends] = useState(0);
  const [typed, setTyped] = useState(confirmed ? '' : (phone ?? ''));
  const [sent, setSent] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<CodeProblem | null>(null);
  const [addPhone, { loading: sending }] = useAddPhoneMutation();
  const [confirmPhone, { loading: confirming }] = useConfirmPhoneMutation();
  useWebOtp(sent, setCode);

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    try {
      const { data } = await addPhone({ variables: { phone: typed } });
      if (data?.addPhone === false) {
        toaster.create({ title: t('phone.alreadyYours'), type: 'info' });
        return;
      }
      countdown.start(sends === 0 ? FIRST_RESEND_SECONDS : LATER_RESEND_SECONDS);
      setSends((count) => count + 1);
      setSent(true);
      setCode('');
    } catch (failure) {
      const refusal = codeError(failure, t);
      if (refusal.code === 'RESEND_TOO_SOON' && refusal.retryAfterSeconds) countdown.start(refusal.retryAfterSeconds);
      setError(refusal);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { data } = await confirmPhone({ variables: { code } });
      if (data) {
        toaster.create({ title: t('phone.confirmedToast'), type: 'success' });
        setSent(false);
        setTyped('');
        onConfirmed(data.confirmPhone.phone ?? '');
      }
    } catch (failure) {
      setError(codeError(failure, t));
    }
  };

  const problem = error && (
    <Alert.Root status="error">
      <Alert.Indicator />
      <Alert.Title>{error.message}</Alert.Title>
    </Alert.Root>
  );

  return (
    <Stack gap="4" data-testid="sign-in-phone">
      <Heading as="h2" size="md">
        {t('phone.profileTitle')}
      </Heading>
      <Text>{confirmed && phone ? t('phone.confirmed', { phone }) : t('phone.addHint')}</Text>
      {!sent ? (
        <form onSubmit={(e) => void send(e)} noValidate aria-label={t('phone.profileTitle')}>
          <Stack gap="3">
            <Field.Root required invalid={error?.field === 'phone'}>
              <Field.Label>{t('phone.number')}</Field.Label>
              <Input name="signInPhone" type="tel" inputMode="tel" autoComplete="tel" value={typed} onChange={(e) => setTyped(e.target.value)} />
              <Field.HelperText>{t('phone.numberHint')}</Field.HelperText>
            </Field.Root>
            {problem}
            <Button type="submit" colorPalette="blue" alignSelf="start" disabled={sending || !typed.trim()}>
              {sending ? t('phone.sending') : t('phone.sendCode')}
            </Button>
          </Stack>
        </form>
      ) : (
        <form onSubmit={(e) => void confirm(e)} noValidate aria-label={t('phone.confirm')}>
          <Stack gap="3">
            <Text role="status">{t('phone.codeSent', { phone: localDigits(typed, language) })}</Text>
            <CodeInput value={code} onChange={setCode} invalid={error?.field === 'code'} />
            {problem}
            {error?.field === 'code' && <TriesLeft problem={error} />}
            <HStack gap="4" wrap="wrap">
              <Button type="submit" colorPalette="blue" disabled={confirming || code.length !== 6}>
                {t('phone.confirm')}
              </Button>
              <Button type="button" variant="plain" color="blue.700" px="0" disabled={sending || countdown.secondsLeft > 0} onClick={() => void send()}>
                {countdown.secondsLeft > 0 ? t('phone.resendIn', { seconds: countdown.secondsLeft }) : t('phone.resend')}
              </Button>
              <Button type="button" variant="plain" color="blue.700" px="0" onClick={() => setSent(false)}>
                {t('phone.changeNumber')}
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
