import { Button, Card, Heading, Text } from '@chakra-ui/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../lib/graphql-errors';
import { useT } from '../../../lib/i18n';
import type { PaymentProvider } from '../../../gql/types';
import { paths } from '../../../lib/paths';
import { toaster } from '../../../lib/toaster';
import { PAYMENT_NOTICE_MS } from '../payment-notice';
import { usePurchase } from '../use-purchase';

/** A free course, or one a coupon makes free: one button enrolls. */
export function FreeEnrollment({
  courseId,
  couponCode = null,
  provider = null,
}: {
  courseId: string;
  couponCode?: string | null;
  provider?: PaymentProvider | null;
}) {
  const t = useT();
  const navigate = useNavigate();
  const [purchase] = usePurchase(courseId);
  const [enrolling, setEnrolling] = useState(false);
  const attemptKey = useRef(crypto.randomUUID());

  const enroll = async () => {
    setEnrolling(true);
    try {
      const { data: result } = await purchase({ variables: { input: { courseId, idempotencyKey: attemptKey.current, couponCode, provider } } });
      if (result?.purchaseCourse.status === 'SUCCEEDED') {
        toaster.create({ title: t('checkout.enrolled'), type: 'success', duration: PAYMENT_NOTICE_MS });
        void navigate(paths.myCourses);
      }
    } catch (failure) {
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    } finally {
      setEnrolling(false);
    }
  };

  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('checkout.free.title')}
        </Heading>
        <Text>{t('checkout.free.text')}</Text>
        <Button colorPalette="blue" alignSelf="start" disabled={enrolling} onClick={() => void enroll()}>
          {enrolling ? t('checkout.free.enrolling') : t('checkout.free.enroll')}
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
