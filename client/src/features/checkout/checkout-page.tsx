import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Container,
  Dialog,
  Field,
  Grid,
  Heading,
  Input,
  Portal,
  RadioGroup,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { CreditCard, ShieldCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import type { PaymentProvider } from '../../gql/types';
import type { PurchaseCourseMutation } from './api/checkout.generated';
import { useCheckoutPageQuery, useConfirmPurchaseMutation, usePurchaseCourseMutation } from './api/checkout.generated';
import { localDigits } from '../../lib/digits';
import { formatMoney } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import {
  answerTestAuthentication,
  CARD_UNREADABLE_CODE,
  EXPIRY_FORMAT_CODE,
  formatExpiry,
  loadStripe,
  tokenizeTestCard,
  type CardField,
  type StripeCardElement,
} from './card-payment';
import { AddressFields, emptyAddress, missingAddressFields, type Address } from './components/address-fields';
import { LocalPaymentForm } from './components/local-payment-form';
import { OrderSummary } from './components/order-summary';
import { useLanguage, useT } from '../../lib/i18n';

type Outcome = PurchaseCourseMutation['purchaseCourse'];
const PAYMENT_NOTICE_MS = 4000;

function paymentFailed(title: string, reason?: string | null) {
  toaster.create({ title, description: reason ?? undefined, type: 'error', duration: PAYMENT_NOTICE_MS });
}

/** The test mode's stand-in for the bank's 3-D Secure page. */
function TestAuthenticationDialog({ open, onAnswer }: { open: boolean; onAnswer: (approve: boolean) => void }) {
  const t = useT();
  return (
    <Dialog.Root open={open} role="alertdialog" placement="center" closeOnInteractOutside={false}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content mx="4">
            <Dialog.Header>
              <Dialog.Title>{t('checkout.auth.title')}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Text>{t('checkout.auth.text')}</Text>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={() => onAnswer(false)}>
                {t('checkout.auth.fail')}
              </Button>
              <Button colorPalette="blue" onClick={() => onAnswer(true)}>
                {t('checkout.auth.complete')}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

export default function CheckoutPage() {
  const t = useT();
  const { language } = useLanguage();
  // The card checks' own texts in the page's language, by their code (the payment service's messages as they come).
  const cardMessage = (refused: { code: string; message: string }) =>
    refused.code === EXPIRY_FORMAT_CODE
      ? t('checkout.card.expiryFormat')
      : refused.code === CARD_UNREADABLE_CODE
        ? t('checkout.card.unreadable')
        : refused.message;
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useSession();
  const { data, loading, error, refetch } = useCheckoutPageQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const [purchase] = usePurchaseCourseMutation({
    update(cache, result) {
      // An owned course shows Enrolled everywhere at once.
      if (result.data?.purchaseCourse.status === 'SUCCEEDED') {
        cache.modify({ id: cache.identify({ __typename: 'Course', id }), fields: { isEnrolled: () => true } });
      }
    },
  });
  const [confirm] = useConfirmPurchaseMutation();
  const viewer = state.status === 'signedIn' ? state.user : null;
  const [billingName, setBillingName] = useState(viewer?.name ?? '');
  const [billingEmail, setBillingEmail] = useState(viewer?.email ?? '');
  const [billing, setBilling] = useState<Address>(emptyAddress);
  const [shipping, setShipping] = useState<Address>(emptyAddress);
  const [sameShipping, setSameShipping] = useState(true);
  const [card, setCard] = useState({ number: '', expiry: '', cvc: '' });
  const [showErrors, setShowErrors] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [cardErrors, setCardErrors] = useState<Partial<Record<CardField, string>>>({});
  const [paying, setPaying] = useState(false);
  const [pendingAction, setPendingAction] = useState<Outcome | null>(null);
  // One key per checkout attempt: a retried or doubled submit is one payment.
  const attemptKey = useRef(crypto.randomUUID());
  const stripeCard = useRef<StripeCardElement | null>(null);
  const stripeMount = useRef<HTMLDivElement | null>(null);
  const settings = data?.paymentSettings;
  // A card in dollars is offered only for a course with a dollar price; bKash, Nagad, Rocket and local cards always.
  const providers = (settings?.providers ?? []).filter((provider) => provider !== 'STRIPE' || (data?.course?.priceUsd.amount ?? 0) > 0);
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  // Local payments first: most students pay with bKash or Nagad.
  const method: PaymentProvider = chosen ?? providers[0] ?? 'STRIPE';

  useEffect(() => {
    if (!settings?.publishableKey || !stripeMount.current) return;
    let cancelled = false;
    void loadStripe(settings.publishableKey).then((stripe) => {
      if (cancelled || !stripeMount.current) return;
      const card = stripe.elements().create('card', { hidePostalCode: true });
      card.mount(stripeMount.current);
      stripeCard.current = card;
    });
    return () => {
      cancelled = true;
      stripeCard.current?.destroy();
    };
  }, [settings?.publishableKey]);

  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const course = data?.course;
  if (!course) {
    return (
      <EmptyState>
        <Text mb="4">{t('checkout.notFound')}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.allCourses}>{t('checkout.seeAllCourses')}</RouterLink>
        </Button>
      </EmptyState>
    );
  }

  /** Shows the outcome; 'awaiting' while the test mode's bank page waits for the visitor. */
  const finish = async (outcome: Outcome): Promise<'done' | 'awaiting'> => {
    if (outcome.status === 'SUCCEEDED') {
      // A message on success says what else happened (a payment for a course already owned is refunded).
      toaster.create({ title: t('payment.done'), description: outcome.message ?? undefined, type: 'success', duration: PAYMENT_NOTICE_MS });
      void navigate(paths.myCourses);
      return 'done';
    }
    if (outcome.status === 'REQUIRES_ACTION' && outcome.clientSecret && outcome.paymentId) {
      if (settings?.publishableKey) {
        const stripe = await loadStripe(settings.publishableKey);
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
      if (settings?.publishableKey && stripeCard.current) {
        const stripe = await loadStripe(settings.publishableKey);
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
            courseId: course.id,
            paymentMethod,
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

  const enrollFree = async () => {
    setPaying(true);
    try {
      const { data: result } = await purchase({ variables: { input: { courseId: course.id, idempotencyKey: attemptKey.current } } });
      if (result?.purchaseCourse.status === 'SUCCEEDED') {
        toaster.create({ title: t('checkout.enrolled'), type: 'success', duration: PAYMENT_NOTICE_MS });
        void navigate(paths.myCourses);
      }
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    } finally {
      setPaying(false);
    }
  };

  const price = formatMoney(course.priceUsd, language);
  const taka = formatMoney(course.priceTaka, language);
  const local = method === 'SSLCOMMERZ';
  const held = course.latestPayment?.status === 'HELD';
  return (
    <Container maxW="6xl" py="8">
      <Heading as="h1" size="2xl" mb="6">
        {t('checkout.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="8" alignItems="start">
        <OrderSummary course={course} price={course.isFree ? t('courseCard.free') : local ? taka : price} />
        {course.isEnrolled ? null : course.isFree ? (
          <Card.Root>
            <Card.Body gap="4">
              <Heading as="h2" size="md">
                {t('checkout.free.title')}
              </Heading>
              <Text>{t('checkout.free.text')}</Text>
              <Button colorPalette="blue" alignSelf="start" disabled={paying} onClick={() => void enrollFree()}>
                {paying ? t('checkout.free.enrolling') : t('checkout.free.enroll')}
              </Button>
            </Card.Body>
          </Card.Root>
        ) : null}
        {course.isEnrolled ? (
          <Card.Root>
            <Card.Body gap="4">
              <Text fontWeight="semibold">{t('checkout.alreadyEnrolled')}</Text>
              <Button asChild colorPalette="blue" alignSelf="start">
                <RouterLink to={paths.player(course.id)}>{t('checkout.goToCourse')}</RouterLink>
              </Button>
            </Card.Body>
          </Card.Root>
        ) : course.isFree ? null : held ? (
          <Card.Root>
            <Card.Body>
              <Text fontWeight="semibold" role="status" data-testid="payment-held">
                {t('payment.held')}
              </Text>
            </Card.Body>
          </Card.Root>
        ) : (
          <Stack gap="4">
            {providers.length > 1 && (
              <RadioGroup.Root value={method} onValueChange={(e) => setChosen(e.value as PaymentProvider)} aria-label={t('checkout.howToPay')}>
                <Text fontWeight="semibold" mb="2">
                  {t('checkout.howToPay')}
                </Text>
                <Stack gap="2">
                  {providers.map((provider) => (
                    <RadioGroup.Item key={provider} value={provider} minH="44px" borderWidth="1px" borderRadius="md" px="3">
                      <RadioGroup.ItemHiddenInput />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>
                        {provider === 'SSLCOMMERZ' ? t('checkout.method.local', { price: taka }) : t('checkout.method.stripe', { price })}
                      </RadioGroup.ItemText>
                    </RadioGroup.Item>
                  ))}
                </Stack>
              </RadioGroup.Root>
            )}
            {local ? (
              <LocalPaymentForm course={course} buyer={{ name: viewer?.name ?? '', email: viewer?.email ?? '' }} testMode={settings?.testMode ?? false} />
            ) : (
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
                    {settings?.publishableKey ? (
                      <Field.Root invalid={Boolean(cardError)}>
                        <Field.Label>{t('checkout.card.card')}</Field.Label>
                        <Box ref={stripeMount} w="100%" p="3" borderWidth="1px" borderRadius="md" />
                        <Field.ErrorText>{cardError}</Field.ErrorText>
                      </Field.Root>
                    ) : (
                      <SimpleGrid columns={{ base: 1, sm: 4 }} gap="3">
                        <Field.Root gridColumn={{ sm: 'span 2' }} invalid={Boolean(cardErrors.number)}>
                          <Field.Label>{t('checkout.card.number')}</Field.Label>
                          <Input
                            inputMode="numeric"
                            autoComplete="cc-number"
                            placeholder={localDigits('4242 4242 4242 4242', language)}
                            value={card.number}
                            onChange={(e) => setCard({ ...card, number: e.target.value })}
                          />
                          <Field.ErrorText>{cardErrors.number}</Field.ErrorText>
                        </Field.Root>
                        <Field.Root invalid={Boolean(cardErrors.expiry)}>
                          <Field.Label>{t('checkout.card.expiry')}</Field.Label>
                          <Input
                            inputMode="numeric"
                            autoComplete="cc-exp"
                            placeholder={t('checkout.card.expiryPlaceholder')}
                            value={card.expiry}
                            onChange={(e) => setCard({ ...card, expiry: formatExpiry(e.target.value, card.expiry) })}
                          />
                          <Field.ErrorText>{cardErrors.expiry}</Field.ErrorText>
                        </Field.Root>
                        <Field.Root invalid={Boolean(cardErrors.cvc)}>
                          <Field.Label>{t('checkout.card.cvc')}</Field.Label>
                          <Input
                            inputMode="numeric"
                            autoComplete="cc-csc"
                            placeholder={localDigits('123', language)}
                            value={card.cvc}
                            onChange={(e) => setCard({ ...card, cvc: e.target.value })}
                          />
                          <Field.ErrorText>{cardErrors.cvc}</Field.ErrorText>
                        </Field.Root>
                      </SimpleGrid>
                    )}
                    <Button type="submit" colorPalette="blue" size="lg" disabled={paying}>
                      <ShieldCheck aria-hidden /> {paying ? t('checkout.card.paying') : t('checkout.card.payNow', { price })}
                    </Button>
                    <Stack gap="1" fontSize="sm" color="gray.600">
                      <Text>{t('checkout.card.once', { price })}</Text>
                    </Stack>
                  </Card.Body>
                </form>
              </Card.Root>
            )}
          </Stack>
        )}
      </Grid>
      <TestAuthenticationDialog open={pendingAction !== null} onAnswer={(approve) => void answerAuthentication(approve)} />
    </Container>
  );
}
