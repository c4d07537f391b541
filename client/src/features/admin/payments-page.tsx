import { Badge, Box, Button, Field, Heading, HStack, Input, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { useConfirm } from '../../components/confirm-dialog';
import { PagedView } from '../../components/paged-view';
import type { PaymentStatus, RefundCase } from '../../gql/types';
import { formatPrice } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { paymentDate, paymentStatusLabel, providerLabel } from '../../lib/payment-labels';
import { toaster } from '../../lib/toaster';
import { useAdminPaymentsQuery, useApproveHeldPaymentMutation, useRefundEnrollmentMutation, type AdminPaymentsQuery } from './api/payments.generated';

const PAGE_SIZE = 20;
type PaymentRow = AdminPaymentsQuery['payments']['items'][number];

const refundCases: Array<{ value: RefundCase; label: string }> = [
  { value: 'COURSE_CANCELLED', label: 'The course was cancelled (100%)' },
  { value: 'LEARNER_CANCELLED', label: 'The learner cancelled a day before the start (100%)' },
  { value: 'SCHEDULE_ISSUE', label: 'A schedule issue reported within 2 days (80%)' },
];

function Select({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: Array<[string, string]> }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Every payment for admins: filters, held payments to approve, and refunds under the refund policy (each asked for first). */
export default function PaymentsPage() {
  const [filters, setFilters] = useState({ provider: '', status: '', currency: '', from: '', to: '' });
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useAdminPaymentsQuery({
    variables: {
      provider: filters.provider || null,
      status: (filters.status || null) as PaymentStatus | null,
      currency: filters.currency || null,
      from: filters.from ? new Date(filters.from).toISOString() : null,
      to: filters.to ? new Date(new Date(filters.to).getTime() + 86_400_000).toISOString() : null,
      offset,
      limit: PAGE_SIZE,
    },
    fetchPolicy: 'cache-and-network',
  });
  const [approve] = useApproveHeldPaymentMutation();
  const [refund] = useRefundEnrollmentMutation();
  const [refundCase, setRefundCase] = useState<Record<string, RefundCase>>({});
  const confirm = useConfirm();
  const page = (data ?? previousData)?.payments;
  const filter = (changes: Partial<typeof filters>) => {
    setFilters({ ...filters, ...changes });
    setOffset(0);
  };

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toaster.create({ title: done, type: 'success' });
      await refetch();
    } catch (failure) {
      toaster.create({ title: describeError(failure).message, type: 'error' });
    }
  };

  const askRefund = (payment: PaymentRow) => {
    const chosen = refundCase[payment.id] ?? 'COURSE_CANCELLED';
    const amount = formatPrice(payment.amount, payment.currency === 'bdt' ? 'bdt' : 'usd');
    confirm.ask({
      title: `Refund ${payment.studentName} for ${payment.courseName}?`,
      consequence: `${refundCases.find((c) => c.value === chosen)!.label}. The refund policy decides the share of ${amount}; the money goes back through ${providerLabel(payment.provider)} and the student loses access to the course.`,
      confirmLabel: 'Refund',
      onConfirm: () => act(() => refund({ variables: { enrollmentId: payment.enrollmentId!, refundCase: chosen } }), 'The refund is on its way'),
    });
  };

  const askApprove = (payment: PaymentRow) =>
    confirm.ask({
      title: `Approve the payment of ${payment.studentName}?`,
      consequence: `SSLCommerz flagged this payment as risky. Approving gives ${payment.studentName} the course ${payment.courseName}.`,
      confirmLabel: 'Approve',
      destructive: false,
      onConfirm: () => act(() => approve({ variables: { paymentId: payment.id } }), 'The payment is approved and the student has the course'),
    });

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        Payments
      </Heading>
      <SimpleGrid columns={{ base: 2, md: 5 }} gap="3">
        <Select label="Provider" value={filters.provider} onChange={(provider) => filter({ provider })} options={[['', 'All'], ['sslcommerz', 'bKash / Nagad / Rocket / card'], ['stripe', 'Card (Stripe)'], ['test', 'Card (test mode)']]} />
        <Select
          label="Status"
          value={filters.status}
          onChange={(status) => filter({ status })}
          options={[['', 'All'], ...Object.entries(paymentStatusLabel).map(([value, { label }]): [string, string] => [value, label])]}
        />
        <Select label="Currency" value={filters.currency} onChange={(currency) => filter({ currency })} options={[['', 'All'], ['bdt', 'Taka'], ['usd', 'Dollars']]} />
        <Field.Root>
          <Field.Label>From</Field.Label>
          <Input type="date" value={filters.from} onChange={(e) => filter({ from: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label>To</Field.Label>
          <Input type="date" value={filters.to} onChange={(e) => filter({ to: e.target.value })} />
        </Field.Root>
      </SimpleGrid>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty="No payment matches." onPage={setOffset}>
        {(items) => (
          <Stack gap="2">
            {items.map((payment) => {
              const status = paymentStatusLabel[payment.status] ?? { label: payment.status, palette: 'gray' };
              return (
                <Box key={payment.id} borderWidth="1px" borderRadius="md" p="3" data-testid="admin-payment">
                  <HStack justify="space-between" align="start" gap="3" wrap="wrap">
                    <Box minW="0">
                      <Text fontWeight="semibold">{payment.courseName}</Text>
                      <Text fontSize="sm" color="gray.700">
                        {payment.studentName} · {payment.studentEmail}
                      </Text>
                      <Text fontSize="sm" color="gray.600">
                        {providerLabel(payment.provider)} · {paymentDate(payment.createdAt)}
                      </Text>
                      {payment.failureMessage && (
                        <Text fontSize="sm" color="red.700">
                          {payment.failureMessage}
                        </Text>
                      )}
                    </Box>
                    <Stack gap="1" align="end">
                      <Text fontWeight="bold">{formatPrice(payment.amount, payment.currency === 'bdt' ? 'bdt' : 'usd')}</Text>
                      <Badge colorPalette={status.palette}>{status.label}</Badge>
                    </Stack>
                  </HStack>
                  {payment.status === 'HELD' && (
                    <Button mt="3" size="sm" minH="44px" colorPalette="green" onClick={() => askApprove(payment)}>
                      Approve
                    </Button>
                  )}
                  {payment.status === 'SUCCEEDED' && payment.enrollmentId && (
                    <HStack mt="3" gap="2" wrap="wrap">
                      <NativeSelect.Root size="sm" maxW="sm">
                        <NativeSelect.Field
                          aria-label="Refund reason"
                          value={refundCase[payment.id] ?? 'COURSE_CANCELLED'}
                          onChange={(e) => setRefundCase({ ...refundCase, [payment.id]: e.target.value as RefundCase })}
                        >
                          {refundCases.map((c) => (
                            <option key={c.value} value={c.value}>
                              {c.label}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => askRefund(payment)}>
                        Refund
                      </Button>
                    </HStack>
                  )}
                </Box>
              );
            })}
          </Stack>
        )}
      </PagedView>
      {confirm.dialog}
    </Stack>
  );
}
