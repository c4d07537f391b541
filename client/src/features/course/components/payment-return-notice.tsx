import { Alert, Button, Stack } from '@chakra-ui/react';
import { WithChakra } from '../../../app/chakra';
import { Link as RouterLink } from 'react-router-dom';
import { useT } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { useHydrated } from '../../../lib/use-hydrated';
import { paymentReturnMessage, type PaymentReturn } from '../payment-return';

interface PaymentReturnNoticeProps {
  outcome: PaymentReturn;
  courseId: string;
  /** Why the payment failed, as the server wrote it in the page's language. */
  failure?: string | null;
}

const statusOf: Record<PaymentReturn, 'success' | 'warning' | 'error' | 'info'> = {
  success: 'success',
  canceled: 'warning',
  failed: 'error',
  held: 'info',
  pending: 'info',
};

/** The buyer's way on after the payment page: start learning, or try again; a held or pending payment only waits. */
function Notice({ outcome, courseId, failure }: PaymentReturnNoticeProps) {
  const t = useT();
  const { state } = useSession();
  // An account made with a mobile number has no email: its receipt comes by SMS. The server draws the
  // page without knowing the account, so until the page is taken over and the sign-in is back, neither is promised.
  const hydrated = useHydrated();
  const account = !hydrated || state.status === 'loading' ? null : { hasEmail: state.status !== 'signedIn' || Boolean(state.user.email) };
  const message = paymentReturnMessage(new URLSearchParams({ [outcome]: 'true' }), account)!;
  return (
    <Alert.Root status={statusOf[outcome]} mb="6" data-testid="payment-return">
      <Alert.Indicator />
      <Stack gap="3" flex="1">
        <Alert.Title role="status">{t(message)}</Alert.Title>
        {outcome === 'failed' && failure && <Alert.Description>{t('course.return.why', { reason: failure })}</Alert.Description>}
        {outcome === 'success' && (
          <Button asChild colorPalette="green" alignSelf="start">
            <RouterLink to={paths.player(courseId)}>{t('course.return.startLearning')}</RouterLink>
          </Button>
        )}
        {(outcome === 'canceled' || outcome === 'failed') && (
          <Button asChild colorPalette="blue" alignSelf="start">
            <RouterLink to={paths.enroll(courseId)}>{t('course.return.tryAgain')}</RouterLink>
          </Button>
        )}
      </Stack>
    </Alert.Root>
  );
}

// The course page is drawn with plain elements; its notices bring Chakra's run-time with their code.

export function PaymentReturnNotice(props: PaymentReturnNoticeProps) {
  return (
    <WithChakra>
      <Notice {...props} />
    </WithChakra>
  );
}

/** A line for the visitor above the course (sent with the address, e.g. after enrolling elsewhere). */
export function CourseNotice({ text }: { text: string }) {
  return (
    <WithChakra>
      <Alert.Root status="info" mb="6">
        <Alert.Indicator />
        <Alert.Title>{text}</Alert.Title>
      </Alert.Root>
    </WithChakra>
  );
}
