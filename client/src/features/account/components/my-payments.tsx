import { Heading, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../../components/paged-view';
import { PaymentRow } from '../../../components/payment-row';
import { useMyPaymentsQuery } from '../api/payments.generated';
import { useT } from '../../../lib/i18n';

const PAGE_SIZE = 10;

/** The signed-in person's payments on their profile: what, how much, how, and where it stands. */
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
              <PaymentRow key={payment.id} payment={payment} testId="my-payment" />
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
