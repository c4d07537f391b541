import { Button, Container, Grid, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import type { PaymentProvider } from '../../gql/types';
import { formatMoney } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useCheckoutPageQuery } from './api/checkout.generated';
import { CardPaymentForm } from './components/card-payment-form';
import { AlreadyEnrolled, PaymentHeld } from './components/course-notices';
import { FreeEnrollment } from './components/free-enrollment';
import { GuardianRequest } from './components/guardian-request';
import { CouponField, type AppliedCoupon } from './components/coupon-field';
import { LocalPaymentForm } from './components/local-payment-form';
import { OrderSummary } from './components/order-summary';
import { PaymentChoice } from './components/payment-choice';

/** Enrolling in a course: free at once, or paid with bKash, Nagad, Rocket, a local card (on the gateway's page) or an international card. */
export default function CheckoutPage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const { state } = useSession();
  const viewer = state.status === 'signedIn' ? state.user : null;
  const { data, loading, error, refetch } = useCheckoutPageQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  const settings = data?.paymentSettings;
  // A way to pay is offered for a course with a price in its currency (every paid course has a taka price).
  const options = (data?.paymentOptions ?? []).filter(
    (option) => (option.currency === 'USD' ? (data?.course?.priceUsd.amount ?? 0) : (data?.course?.priceTaka.amount ?? 0)) > 0,
  );
  const [chosen, setChosen] = useState<PaymentProvider | null>(null);
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  // The server lists local payments first: most students pay with bKash or Nagad.
  const option = options.find((candidate) => candidate.provider === chosen) ?? options[0];
  const method: PaymentProvider | null = option?.provider ?? null;

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

  const priceIn = (currency: string) => (currency === 'USD' ? course.priceUsd : course.priceTaka);
  const listedPrice = priceIn(option?.currency ?? 'BDT');
  const listed = formatMoney(listedPrice, language);
  // A hosted page (bKash, Nagad, Rocket on the gateway) asks for a name and a number; a card form for the card.
  const hosted = option?.kind === 'HOSTED_PAGE' ? option : null;
  const toPay = coupon ? formatMoney(coupon.price, language) : listed;
  const discount = coupon
    ? { code: coupon.code, saving: formatMoney({ ...coupon.price, amount: listedPrice.amount - coupon.price.amount }, language), total: toPay }
    : null;
  const guardianCanPay = options.some((candidate) => candidate.kind === 'HOSTED_PAGE' && candidate.currency === 'BDT');
  const held = course.latestPayment?.status === 'HELD';
  return (
    <Container maxW="6xl" py="8">
      <Heading as="h1" size="2xl" mb="6">
        {t('checkout.title')}
      </Heading>
      <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="8" alignItems="start">
        <OrderSummary course={course} price={course.isFree ? t('courseCard.free') : listed} coupon={course.isFree ? null : discount} />
        {course.isEnrolled ? (
          <AlreadyEnrolled courseId={course.id} />
        ) : course.isFree ? (
          <FreeEnrollment courseId={course.id} />
        ) : held ? (
          <PaymentHeld />
        ) : (
          <Stack gap="4">
            {options.length > 1 && method && (
              <PaymentChoice options={options} value={method} onChange={setChosen} priceOf={(currency) => formatMoney(priceIn(currency), language)} />
            )}
            <CouponField courseId={course.id} provider={method} onChange={setCoupon} />
            {coupon?.price.amount === 0 ? (
              <FreeEnrollment courseId={course.id} couponCode={coupon.code} provider={method} />
            ) : hosted ? (
              <LocalPaymentForm
                provider={hosted.provider}
                course={course}
                buyer={{ name: viewer?.name ?? '', email: viewer?.email ?? '' }}
                testMode={settings?.testMode ?? false}
                coupon={coupon}
              />
            ) : (
              <CardPaymentForm courseId={course.id} price={toPay} settings={settings} couponCode={coupon?.code ?? null} />
            )}
            {guardianCanPay && <GuardianRequest courseId={course.id} />}
          </Stack>
        )}
      </Grid>
    </Container>
  );
}
