import { Button, Field, Heading, HStack, Input, Link, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '../../lib/paths';
import { useConfirm } from '../../components/confirm-dialog';
import { PagedView } from '../../components/paged-view';
import type { PaymentProvider, PaymentStatus, RefundCase } from '../../gql/types';
import { formatMoney } from '../../lib/format';
import { PaymentRow } from '../../components/payment-row';
import { describeError } from '../../lib/graphql-errors';
import { PAYMENT_METHODS, PAYMENT_STATUSES, paymentStatusLabel } from '../../lib/payment-labels';
import { useLanguage, useT } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { PaymentChart } from './payment-chart';
import {
  useAdminPaymentsQuery,
  useAdminPaymentWaysQuery,
  useApproveHeldPaymentMutation,
  useRefundEnrollmentMutation,
  type AdminPaymentsQuery,
} from './api/payments.generated';

const PAGE_SIZE = 20;
type PaymentRow = AdminPaymentsQuery['payments']['items'][number];

const refundCases: RefundCase[] = ['COURSE_CANCELLED', 'LEARNER_CANCELLED', 'SCHEDULE_ISSUE'];

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

/** The ways to pay this site has, as the server names them: a new provider needs no edit here. */
function WaySelect({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const t = useT();
  const ways = useAdminPaymentWaysQuery().data?.paymentOptions ?? [];
  return (
    <Select
      label={t('admin.payments.provider')}
      value={value}
      onChange={onChange}
      options={[['', t('admin.payments.all')], ...ways.map((way): [string, string] => [way.provider, way.label])]}
    />
  );
}

/** Every payment for admins: filters, held payments to approve, and refunds under the refund policy (each asked for first). */
export default function PaymentsPage() {
  const t = useT();
  const { language } = useLanguage();
  const [filters, setFilters] = useState({ gateway: '', status: '', currency: '', method: '', from: '', to: '' });
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useAdminPaymentsQuery({
    variables: {
      gateway: (filters.gateway || null) as PaymentProvider | null,
      status: (filters.status || null) as PaymentStatus | null,
      currency: filters.currency || null,
      method: filters.method || null,
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
      toaster.create({ title: describeError(failure, t).message, type: 'error' });
    }
  };

  const askRefund = (payment: PaymentRow) => {
    const chosen = refundCase[payment.id] ?? 'COURSE_CANCELLED';
    const amount = formatMoney(payment.amountPaid, language);
    confirm.ask({
      title: t('admin.payments.refundTitle', { student: payment.studentName, course: payment.courseName }),
      consequence: t('admin.payments.refundConsequence', { reason: t(`admin.refund.${chosen}`), amount, provider: payment.paidWith }),
      confirmLabel: t('admin.payments.refund'),
      onConfirm: () => act(() => refund({ variables: { enrollmentId: payment.enrollmentId!, refundCase: chosen } }), t('admin.payments.refundSent')),
    });
  };

  const askApprove = (payment: PaymentRow) =>
    confirm.ask({
      title: t('admin.payments.approveTitle', { student: payment.studentName }),
      consequence: t('admin.payments.approveConsequence', { student: payment.studentName, course: payment.courseName }),
      confirmLabel: t('admin.payments.approve'),
      destructive: false,
      onConfirm: () => act(() => approve({ variables: { paymentId: payment.id } }), t('admin.payments.approved')),
    });

  return (
    <Stack gap="5">
      <Heading as="h1" size="xl">
        {t('admin.payments.title')}
      </Heading>
      <PaymentChart />
      <SimpleGrid columns={{ base: 2, md: 3, lg: 6 }} gap="3">
        <WaySelect value={filters.gateway} onChange={(gateway) => filter({ gateway })} />
        <Select
          label={t('admin.payments.status')}
          value={filters.status}
          onChange={(status) => filter({ status })}
          options={[['', t('admin.payments.all')], ...PAYMENT_STATUSES.map((value): [string, string] => [value, paymentStatusLabel(t, value).label])]}
        />
        <Select
          label={t('admin.payments.currency')}
          value={filters.currency}
          onChange={(currency) => filter({ currency })}
          options={[
            ['', t('admin.payments.all')],
            ['bdt', t('admin.payments.taka')],
            ['usd', t('admin.payments.dollars')],
          ]}
        />
        <Select
          label={t('admin.payments.method')}
          value={filters.method}
          onChange={(method) => filter({ method })}
          options={[['', t('admin.payments.all')], ...PAYMENT_METHODS.map((method): [string, string] => [method, method])]}
        />
        <Field.Root>
          <Field.Label>{t('admin.payments.from')}</Field.Label>
          <Input type="date" value={filters.from} onChange={(e) => filter({ from: e.target.value })} />
        </Field.Root>
        <Field.Root>
          <Field.Label>{t('admin.payments.to')}</Field.Label>
          <Input type="date" value={filters.to} onChange={(e) => filter({ to: e.target.value })} />
        </Field.Root>
      </SimpleGrid>
      <PagedView page={page} loading={loading} failed={Boolean(error)} onRetry={() => void refetch()} empty={t('admin.payments.empty')} onPage={setOffset}>
        {(items) => (
          <Stack gap="2">
            {items.map((payment) => {
              return (
                <PaymentRow
                  key={payment.id}
                  payment={payment}
                  testId="admin-payment"
                  payer={
                    <Text fontSize="sm" color="gray.700" wordBreak="break-word">
                      {payment.studentName} · {payment.studentEmail}
                    </Text>
                  }
                >
                  {(payment.transactionId || payment.receiptURL) && (
                    <HStack gap="3" mt="2" fontSize="sm" wrap="wrap">
                      {payment.transactionId && (
                        <Text color="gray.700" data-testid="payment-transaction" overflowWrap="anywhere">
                          {t('account.payments.transaction', { id: payment.transactionId })}
                        </Text>
                      )}
                      {payment.receiptURL && (
                        <Link asChild color="blue.700" fontWeight="semibold">
                          <RouterLink to={paths.receipt(payment.id)} aria-label={t('account.payments.receiptOf', { course: payment.courseName })}>
                            {t('account.payments.receipt')}
                          </RouterLink>
                        </Link>
                      )}
                    </HStack>
                  )}
                  {payment.status === 'HELD' && (
                    <Button mt="3" size="sm" minH="44px" colorPalette="green" onClick={() => askApprove(payment)}>
                      {t('admin.payments.approve')}
                    </Button>
                  )}
                  {payment.status === 'SUCCEEDED' && payment.enrollmentId && (
                    <HStack mt="3" gap="2" wrap="wrap">
                      <NativeSelect.Root size="sm" maxW="sm">
                        <NativeSelect.Field
                          aria-label={t('admin.payments.refundReason')}
                          value={refundCase[payment.id] ?? 'COURSE_CANCELLED'}
                          onChange={(e) => setRefundCase({ ...refundCase, [payment.id]: e.target.value as RefundCase })}
                        >
                          {refundCases.map((c) => (
                            <option key={c} value={c}>
                              {t(`admin.refund.${c}`)}
                            </option>
                          ))}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                      <Button size="sm" minH="44px" variant="outline" colorPalette="red" onClick={() => askRefund(payment)}>
                        {t('admin.payments.refund')}
                      </Button>
                    </HStack>
                  )}
                </PaymentRow>
              );
            })}
          </Stack>
        )}
      </PagedView>
      {confirm.dialog}
    </Stack>
  );
}
