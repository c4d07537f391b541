import { Alert, Button, Card, Field, Heading, Input, Text } from '@chakra-ui/react';
import { Users } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { describeError } from '../../../lib/graphql-errors';
import { latinDigits } from '../../../lib/digits';
import { useT } from '../../../lib/i18n';
import { useRequestGuardianPaymentMutation } from '../api/checkout.generated';

const BANGLADESH_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

/** "Ask a guardian to pay": the guardian gets an SMS with a link to pay for this course, with no account. */
export function GuardianRequest({ courseId }: { courseId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [request, { loading }] = useRequestGuardianPaymentMutation();

  const send = async (e: FormEvent) => {
    e.preventDefault();
    if (!BANGLADESH_MOBILE.test(latinDigits(phone).replace(/[\s-]/g, ''))) return setError(t('checkout.local.phoneWrong'));
    setError(null);
    try {
      await request({ variables: { courseId, guardianPhone: phone } });
      setSentTo(phone);
    } catch (failure) {
      const { message, fields } = describeError(failure, t);
      setError(fields.guardianPhone ?? message);
    }
  };

  if (!open) {
    return (
      <Button variant="outline" size="lg" minH="48px" onClick={() => setOpen(true)}>
        <Users aria-hidden /> {t('guardian.ask')}
      </Button>
    );
  }
  return (
    <Card.Root>
      <form onSubmit={(e) => void send(e)} noValidate aria-label={t('guardian.ask')}>
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('guardian.ask')}
          </Heading>
          <Text color="fg.muted">{t('guardian.askHelp')}</Text>
          {sentTo ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Alert.Title>{t('guardian.sent', { phone: sentTo })}</Alert.Title>
            </Alert.Root>
          ) : (
            <>
              <Field.Root required invalid={Boolean(error)}>
                <Field.Label>{t('guardian.phone')}</Field.Label>
                <Input
                  type="tel"
                  inputMode="tel"
                  autoComplete="off"
                  placeholder={t('checkout.local.phoneExample')}
                  value={phone}
                  onChange={(e) => setPhone(e.target.value)}
                />
                <Field.ErrorText>{error}</Field.ErrorText>
              </Field.Root>
              <Button type="submit" colorPalette="blue" size="lg" minH="48px" loading={loading}>
                {t('guardian.send')}
              </Button>
            </>
          )}
        </Card.Body>
      </form>
    </Card.Root>
  );
}
