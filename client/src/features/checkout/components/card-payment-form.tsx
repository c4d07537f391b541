import { Alert, Box, Button, Card, Checkbox, Field, Heading, Input, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../lib/graphql-errors';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import { useConfirmPurchaseMutation } from '../api/checkout.generated';
import {
  answerTestAuthentication,
  CARD_UNREADABLE_CODE,
  EXPIRY_FORMAT_CODE,
  loadStripe,
  tokenizeTestCard,
  type CardField,
  type StripeCardElement,
} from '../card-payment';
import { PAYMENT_NOTICE_MS, paymentFailed, type Outcome } from '../payment-notice';
import { usePurchase } from '../use-purchase';
import { AddressFields, emptyAddress, missingAddressFields, type Address } from './address-fields';
import { CardFields, type TypedCard } from './card-fields';
import { TestAuthenticationDialog } from './test-authentication-dialog';

interface CardPaymentFormProps {
  courseId: string;
  /** The dollar price, formatted in the page's language. */
  price: string;
  settings: { testMode: boolean; publishableKey?: string | null } | undefined;
  /** A coupon the server accepted, sent with the purchase. */
  couponCode?: string | null;
}

/**
 * Paying by international card: the payer and their address, the card (Stripe's card element, or
 * the test mode's fields), then the bank's check when it asks for one (3-D Secure, or the test
 * mode's stand-in for it).
 */
export function CardPaymentForm({ courseId, price, settings, couponCode = null }: CardPaymentFormProps) {
  const t = useT();
  const navigate = useNavigate();
  const { state } = useSession();
  const viewer = state.status === 'signedIn' ? state.user : null;
  const [purchase] = usePurchase(courseId);
  const [confirm] = useConfirmPurchaseMutation();
  const [billingName, setBillingName] = useState(viewer?.name ?? '');
  const [billingEmail, setBillingEmail] = useState(viewer?.email ?? '');
  const [billing, setBilling] = useState<Address>(emptyAddress);
  const [shipping, setShipping] = useState<Address>(emptyAddress);
  const [sameShipping, setSameShipping] = useState(true);
  const [card, setCard] = useState<TypedCard>({ number: '', expiry: '', cvc: '' });
  const [showErrors, setShowErrors] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [paying, setPaying] = useState(false);
  const [pendingAction, setPendingAction] = useState<Outcome | null>(null);
  // One key per checkout attempt: a retried or doubled submit is one payment.
  const attemptKey = useRef(crypto.randomUUID());
  const stripeCard = useRef<StripeCardElement | null>(null);
  const stripeMount = useRef<HTMLDivElement | null>(null);
  const publishableKey = settings?.publishableKey;

  // The card checks' own texts in the page's language, by their code (the payment service's messages as they come).
  const cardMessage = (refused: { code: string; message: string }) =>
    refused.code === EXPIRY_FORMAT_CODE
      ? t('checkout.card.expiryFormat')
      : refused.code === CARD_UNREADABLE_CODE
        ? t('checkout.card.unreadable')
        : refused.message;

  useEffect(() => {
    if (!publishableKey || !stripeMount.current) return;
    let cancelled = false;
    void loadStripe(publishableKey).then((stripe) => {
      if (cancelled || !stripeMount.current) return;
      const element = stripe.elements().create('card', { hidePostalCode: true });
      element.mount(stripeMount.current);
      stripeCard.current = element;
    });
    return () => {
      cancelled = true;
      stripeCard.current?.destroy();
    };
  }, [publishableKey]);

  /** Shows the outcome; 'awaiting' while the test mode's bank page waits for the visitor. */
  const finish = async (outcome: Outcome): Promise<'done' | 'awaiting'> => {
    if (outcome.status === 'SUCCEEDED') {
      // A message on success says what else happened (a payment for a course already owned is refunded).
      toaster.create({ title: t('payment.done'), description: outcome.message ?? undefined, type: 'success', duration: PAYMENT_NOTICE_MS });
      void navigate(paths.myCourses);
      return 'done';
    }
    if (outcome.status === 'REQUIRES_ACTION' && outcome.clientSecret && outcome.paymentId) {
      if (publishableKey) {
        const stripe = await loadStripe(publishableKey);
        const action = await stripe.handleNextAction({ clientSecret: outcome.clientSecret });
        if (action.error) {
          paymentFailed(t('payment.failed'), action.error.message);
          return 'done';
        }
        const confirmed = await confirm({ variables: { paymentId: outcome.paymentId } });
        return finish(confirmed.data!.confirmPurchase);
      }
      setPendingAction(outcome);
      return 'awaiting';
    }
    attemptKey.current = crypto.randomUUID();
    paymentFailed(t('payment.failed'), outcome.message);
    return 'done';
  };

  const answerAuthentication = async (approve: boolean) => {
    const outcome = pendingAction!;
    setPendingAction(null);
    try {
      await answerTestAuthentication(outcome.clientSecret!, approve);
      const confirmed = await confirm({ variables: { paymentId: outcome.paymentId! } });
      await finish(confirmed.data!.confirmPurchase);
    } catch (failure) {
      paymentFailed(t('payment.failed'), describeError(failure, t).message);
    } finally {
      setPaying(false);
    }
  };

  const pay = async (e: FormEvent) => {
    e.preventDefault();
    setShowErrors(true);
    setCardError(null);
    setCardErrors({});
    const shippingAddress = sameShipping ? billing : shipping;
    if (!billingName.trim() || missingAddressFields(billing).length > 0 || missingAddressFields(shippingAddress).length > 0) return;
    setPaying(true);
    let awaiting = false;
    try {
      let paymentMethod: string;
      if (publishableKey && stripeCard.current) {
        const stripe = await loadStripe(publishableKey);
        const created = await stripe.createPaymentMethod({
          type: 'card',
          card: stripeCard.current,
          billing_details: { name: billingName, email: billingEmail },
        });
        if (!created.paymentMethod) {
          setCardError(created.error?.message ?? t('checkout.card.unreadable'));
          return paymentFailed(t('payment.failed'), created.error?.message);
        }
        paymentMethod = created.paymentMethod.id;
      } else {
        const tokenized = await tokenizeTestCard(card);
        if (!tokenized.ok) {
          setCardErrors({ [tokenized.field]: cardMessage(tokenized) });
          return paymentFailed(t('payment.failed'), cardMessage(tokenized));
        }
        paymentMethod = tokenized.paymentMethod;
      }
      const { data: result } = await purchase({
        variables: {
          input: {
            courseId,
            paymentMethod,
            couponCode,
            idempotencyKey: attemptKey.current,
            billingDetails: { name: billingName, email: billingEmail || null, address: { ...billing } },
          },
        },
      });
      awaiting = (await finish(result!.purchaseCourse)) === 'awaiting';
    } catch (failure) {
      attemptKey.current = crypto.randomUUID();
      paymentFailed(t('payment.failed'), describeError(failure, t).message);
    } finally {
      if (!awaiting) setPaying(false);
    }
  };

  return (
    <Card.Root>
      <form onSubmit={(e) => void pay(e)} noValidate aria-label={t('checkout.card.title')}>
        <Card.Body gap="5">
          <Heading as="h2" size="md" display="flex" alignItems="center" gap="2">
            <CreditCard aria-hidden /> {t('checkout.card.title')}
          </Heading>
          {settings?.testMode && (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Box>
                <Alert.Title>{t('checkout.card.testTitle')}</Alert.Title>
                <Alert.Description>{t('checkout.card.testText')}</Alert.Description>
              </Box>
            </Alert.Root>
          )}
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="3">
            <Field.Root required invalid={showErrors && !billingName.trim()}>
              <Field.Label>{t('checkout.card.name')}</Field.Label>
              <Input autoComplete="cc-name" value={billingName} onChange={(e) => setBillingName(e.target.value)} />
              <Field.ErrorText>{t('checkout.required')}</Field.ErrorText>
            </Field.Root>
            <Field.Root>
              <Field.Label>{t('checkout.receiptEmail')}</Field.Label>
              <Input type="email" autoComplete="email" value={billingEmail} onChange={(e) => setBillingEmail(e.target.value)} />
            </Field.Root>
          </SimpleGrid>
          <AddressFields kind="billing" value={billing} onChange={setBilling} showErrors={showErrors} />
          <Checkbox.Root checked={sameShipping} onCheckedChange={(e) => setSameShipping(e.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('checkout.sameShipping')}</Checkbox.Label>
          </Checkbox.Root>
          {!sameShipping && <AddressFields kind="shipping" value={shipping} onChange={setShipping} showErrors={showErrors} />}
          {publishableKey ? (
            <Field.Root invalid={Boolean(cardError)}>
              <Field.Label>{t('checkout.card.card')}</Field.Label>
              <Box ref={stripeMount} w="100%" p="3" borderWidth="1px" borderRadius="md" />
              <Field.ErrorText>{cardError}</Field.ErrorText>
            </Field.Root>
          ) : (
            <CardFields card={card} onChange={setCard} errors={cardErrors} />
          )}
          <Button type="submit" colorPalette="blue" size="lg" disabled={paying}>
            <ShieldCheck aria-hidden /> {paying ? t('checkout.card.paying') : t('checkout.card.payNow', { price })}
          </Button>
          <Stack gap="1" fontSize="sm" color="gray.600">
            <Text>{t('checkout.card.once', { price })}</Text>
          </Stack>
        </Card.Body>
      </form>
      <TestAuthenticationDialog open={pendingAction !== null} onAnswer={(approve) => void answerAuthentication(approve)} />
    </Card.Root>
  );
}
