import { Alert, Box, Button, Card, Field, Heading, Input, SimpleGrid, Text } from '@chakra-ui/react';
import { Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatMoney } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { toaster } from '../../../lib/toaster';
import { usePurchaseCourseMutation } from '../api/checkout.generated';
import { useBuyerPhoneQuery } from '../api/buyer.generated';
import { latinDigits } from '../../../lib/digits';
import { useLanguage, useT } from '../../../lib/i18n';
import type { PaymentProvider } from '../../../gql/types';

/** 01 then 3 to 9, then 8 digits (an optional +88 first), in Bangla or English digits; spaces and dashes allowed. */
const BANGLADESH_MOBILE = /^(?:\+?88)?01[3-9]\d{8}$/;

interface LocalPaymentFormProps {
  /** The way to pay on a gateway's page (a HOSTED_PAGE payment option). */
  provider: PaymentProvider;
  course: { id: string; priceTaka: { amount: number; currency: string } };
  buyer: { name: string; email: string };
  testMode: boolean;
  /** A coupon the server accepted: its code goes with the purchase, its price is the one shown. */
  coupon?: { code: string; price: { amount: number; currency: string } } | null;
}

/**
 * Paying in taka through SSLCommerz: only name, email and a Bangladeshi mobile number are asked;
 * the buyer then chooses bKash, Nagad, Rocket or a card on SSLCommerz's own page and comes back.
 */
export function LocalPaymentForm({ provider, course, buyer, testMode, coupon = null }: LocalPaymentFormProps) {
  const t = useT();
  const { language } = useLanguage();
  const [name, setName] = useState(buyer.name);
  const [email, setEmail] = useState(buyer.email);
  const [phone, setPhone] = useState('');
  // The mobile number of the profile, until the buyer types another.
  const profile = useBuyerPhoneQuery();
  const profilePhone = profile.data?.me?.phone ?? '';
  const typed = useRef(false);
  useEffect(() => {
    if (!typed.current && profilePhone) setPhone(profilePhone);
  }, [profilePhone]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [leaving, setLeaving] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());
  const [purchase] = usePurchaseCourseMutation();
  const price = formatMoney(coupon?.price ?? course.priceTaka, language);

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    const wrong: Record<string, string> = {};
    if (!name.trim()) wrong.name = t('checkout.required');
    if (!BANGLADESH_MOBILE.test(latinDigits(phone).replace(/[\s-]/g, ''))) wrong.phone = t('checkout.local.phoneWrong');
    setErrors(wrong);
    if (Object.keys(wrong).length > 0) return;
    setLeaving(true);
    try {
      const { data } = await purchase({
        variables: {
          input: {
            courseId: course.id,
            provider,
            idempotencyKey: attemptKey.current,
            billingDetails: { name, email: email || null, phone },
            couponCode: coupon?.code ?? null,
          },
        },
      });
      const outcome = data!.purchaseCourse;
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
      if (Object.keys(fields).length > 0) setErrors(fields);
      else toaster.create({ title: t('payment.failed'), description: message, type: 'error', duration: 4000 });
    }
  };

  return (
    <Card.Root>
      <form onSubmit={(e) => void pay(e)} noValidate aria-label={t('checkout.local.form')}>
        <Card.Body gap="5">
          <Heading as="h2" size="md" display="flex" alignItems="center" gap="2">
            <Smartphone aria-hidden /> {t('checkout.local.title')}
          </Heading>
          {testMode && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Box>
                <Alert.Title>{t('checkout.local.sandboxTitle')}</Alert.Title>
                <Alert.Description>{t('checkout.local.sandboxText')}</Alert.Description>
              </Box>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root required invalid={Boolean(errors.name)}>
              <Field.Label>{t('checkout.local.name')}</Field.Label>
              <Input autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />
              <Field.ErrorText>{errors.name}</Field.ErrorText>
            </Field.Root>
            <Field.Root invalid={Boolean(errors.email)}>
              <Field.Label>{t('checkout.receiptEmail')}</Field.Label>
              <Input type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
              <Field.ErrorText>{errors.email}</Field.ErrorText>
            </Field.Root>
          </SimpleGrid>
          <Field.Root required invalid={Boolean(errors.phone)}>
            <Field.Label>{t('checkout.local.phone')}</Field.Label>
            <Input
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder={t('checkout.local.phoneExample')}
              value={phone}
              onChange={(e) => {
                typed.current = true;
                setPhone(e.target.value);
              }}
            />
            <Field.HelperText>{t('checkout.local.phoneHelp')}</Field.HelperText>
            <Field.ErrorText>{errors.phone}</Field.ErrorText>
          </Field.Root>
          <Button type="submit" colorPalette="pink" size="lg" minH="48px" disabled={leaving}>
            {leaving ? t('checkout.local.opening') : t('checkout.local.pay', { price })}
          </Button>
          <Text fontSize="sm" color="gray.600">
            {t('checkout.local.once', { price })}
          </Text>
        </Card.Body>
      </form>
    </Card.Root>
  );
}
