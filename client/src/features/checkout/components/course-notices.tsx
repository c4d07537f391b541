import { Button, Card, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

/** The course is the student's already: a way to it instead of a payment form. */
export function AlreadyEnrolled({ courseId }: { courseId: string }) {
  const t = useT();
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Text fontWeight="semibold">{t('checkout.alreadyEnrolled')}</Text>
        <Button asChild colorPalette="blue" alignSelf="start">
          <RouterLink to={paths.player(courseId)}>{t('checkout.goToCourse')}</RouterLink>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}

/** A payment is being checked: no second payment form meanwhile. */
export function PaymentHeld() {
  const t = useT();
  return (
    <Card.Root>
      <Card.Body>
        <Text fontWeight="semibold" role="status" data-testid="payment-held">
          {t('payment.held')}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
