import { Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PagedView } from '../../../components/paged-view';
import { PaymentRow } from '../../../components/payment-row';
import { useMyPaymentsQuery } from '../api/payments.generated';
import type { PaymentFailureReason } from '../../../gql/types';
import { useT, type MessageKey } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';

const PAGE_SIZE = 10;

/** Why a payment failed, in the page's language. */
const reasonKey = (reason: PaymentFailureReason): MessageKey => `account.payments.reason.${reason}` as MessageKey;

/** The signed-in person's payments on their profile: what, how much, how, where it stands, its transaction and receipt, or why it failed. */
export function MyPayments() {
  const t = useT();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useMyPaymentsQuery({ variables: { offset, limit: PAGE_SIZE }, fetchPolicy: 'cache-and-network' });
  const page = (data ?? previousData)?.myPayments;
  return (
    <Stack gap="3" as="section" aria-labelledby="my-payments">
      <Heading as="h2" size="lg" id="my-payments">
        {t('account.payments.title')}
      </Heading>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('account.payments.empty')} onPage={setOffset}>
        {(items) => (
          <Stack gap="2">
            {items.map((payment) => (
              <PaymentRow key={payment.id} payment={payment} testId="my-payment">
                {(payment.transactionId || payment.receiptURL || payment.failureReason) && (
                  <Stack gap="1" mt="2" fontSize="sm">
                    {payment.transactionId && (
                      <Text color="gray.700" data-testid="payment-transaction" overflowWrap="anywhere">
                        {t('account.payments.transaction', { id: payment.transactionId })}
                      </Text>
                    )}
                    {payment.failureReason && (
                      <Text color="red.700" data-testid="payment-failure">
                        {t(reasonKey(payment.failureReason))}
                      </Text>
                    )}
                    {payment.receiptURL && (
                      <Link asChild color="blue.700" fontWeight="semibold" alignSelf="start">
                        <RouterLink to={paths.receipt(payment.id)} aria-label={t('account.payments.receiptOf', { course: payment.courseName })}>
                          {t('account.payments.receipt')}
                        </RouterLink>
                      </Link>
                    )}
                  </Stack>
                )}
              </PaymentRow>
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
