import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useRef, useState, type FormEvent } from 'react';
import { latinDigits } from '../../lib/digits';
import { describeError } from '../../lib/graphql-errors';
import { useT } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { usePurchaseBundleMutation } from './api/bundle.generated';

/** 01 then 3 to 9, then 8 digits (an optional +88 first), in Bangla or English digits; spaces and dashes allowed. */
const BANGLADESH_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

/**
 * Paying for a bundle in taka through SSLCommerz (bKash, Nagad, Rocket or a local card on its
 * page): the buyer's mobile number, then off to the gateway, which sends them back to the bundle's page.
 */
export function BundleBuyForm({ bundleId, buyerName, price }: { bundleId: string; buyerName: string; price: string }) {
  const t = useT();
  const [phone, setPhone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());
  const [purchase] = usePurchaseBundleMutation();

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    if (!BANGLADESH_MOBILE.test(latinDigits(phone).replace(/[\s-]/g, ''))) {
      setError(t('bundle.buy.phoneWrong'));
      return;
    }
    setError(null);
    setLeaving(true);
    try {
      const { data } = await purchase({
        variables: { input: { bundleId, provider: 'SSLCOMMERZ', idempotencyKey: attemptKey.current, billingDetails: { name: buyerName, phone } } },
      });
      const outcome = data!.purchaseBundle;
      if (outcome.status === 'REQUIRES_ACTION' && outcome.redirectURL) {
        window.location.assign(outcome.redirectURL);
        return;
      }
      setLeaving(false);
      toaster.create({ title: t('payment.failed'), description: outcome.message ?? undefined, type: 'error', duration: 4000 });
    } catch (failure) {
      setLeaving(false);
      attemptKey.current = crypto.randomUUID();
      const { message, fields } = describeError(failure, t);
      if (fields.phone) setError(fields.phone);
      else toaster.create({ title: t('payment.failed'), description: message, type: 'error', duration: 4000 });
    }
  };

  return (
    <form onSubmit={(e) => void pay(e)} noValidate aria-label={t('bundle.buy.form')}>
      <Stack gap="3">
        <Field.Root required invalid={Boolean(error)}>
          <Field.Label>{t('bundle.buy.phone')}</Field.Label>
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={t('bundle.buy.phoneExample')}
            value={phone}
            onChange={(e) => setPhone(e.target.value)}
          />
          <Field.HelperText>{t('bundle.buy.phoneHelp')}</Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        <Button type="submit" colorPalette="pink" size="lg" minH="48px" disabled={leaving}>
          {leaving ? t('bundle.buy.opening') : t('bundle.buy.pay', { price })}
        </Button>
        <Text fontSize="sm" color="gray.600">
          {t('bundle.buy.once', { price })}
        </Text>
      </Stack>
    </form>
  );
}
