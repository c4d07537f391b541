import { Badge, Box, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PagedView } from '../../../components/paged-view';
import { formatPrice } from '../../../lib/format';
import { paymentDate, paymentStatusLabel, providerLabel } from '../../../lib/payment-labels';
import { useMyPaymentsQuery } from '../api/payments.generated';
import { useLanguage, useT } from '../../../lib/i18n';

const PAGE_SIZE = 10;

/** The signed-in person's payments on their profile: what, how much, how, and where it stands. */
export function MyPayments() {
  const t = useT();
  const { language } = useLanguage();
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
            {items.map((payment) => {
              const status = paymentStatusLabel(t, payment.status);
              return (
                <Box key={payment.id} borderWidth="1px" borderRadius="md" p="3" data-testid="my-payment">
                  <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                    <Box>
                      <Text fontWeight="semibold">{payment.courseName}</Text>
                      <Text fontSize="sm" color="gray.600">
                        {providerLabel(t, payment.provider)} · {paymentDate(payment.createdAt, language)}
                      </Text>
                    </Box>
                    <Stack gap="1" align="end">
                      <Text fontWeight="bold">{formatPrice(payment.amount, payment.currency === 'bdt' ? 'bdt' : 'usd', language)}</Text>
                      <Badge colorPalette={status.palette}>{status.label}</Badge>
                    </Stack>
                  </HStack>
                </Box>
              );
            })}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
