import { Badge, Box, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { formatMoney } from '../lib/format';
import { useLanguage, useT } from '../lib/i18n';
import { paymentDate, paymentStatusLabel } from '../lib/payment-labels';

export interface PaymentRowFields {
  courseName: string;
  amountPaid: { amount: number; currency: string };
  /** How it was paid, in the reader's words, as the server says it (the method, else the way to pay). */
  paidWith: string;
  status: string;
  createdAt: string;
  failureMessage?: string | null;
}

interface PaymentRowProps {
  payment: PaymentRowFields;
  /** Who paid, for lists of everyone's payments. */
  payer?: ReactNode;
  /** What can be done with it (approve, refund). */
  children?: ReactNode;
  testId: string;
}

/** One payment in a list, the student's own or an admin's: the course, how it was paid and when, the amount and where it stands. */
export function PaymentRow({ payment, payer, children, testId }: PaymentRowProps) {
  const t = useT();
  const { language } = useLanguage();
  const status = paymentStatusLabel(t, payment.status);
  return (
    <Box borderWidth="1px" borderRadius="md" p="3" data-testid={testId}>
      <HStack justify="space-between" align="start" gap="3" wrap="wrap">
        <Box minW="0">
          <Text fontWeight="semibold">{payment.courseName}</Text>
          {payer}
          <Text fontSize="sm" color="gray.600" data-testid="payment-method">
            {payment.paidWith} · {paymentDate(payment.createdAt, language)}
          </Text>
          {payment.failureMessage && (
            <Text fontSize="sm" color="red.700">
              {payment.failureMessage}
            </Text>
          )}
        </Box>
        <Stack gap="1" align="end">
          <Text fontWeight="bold">{formatMoney(payment.amountPaid, language)}</Text>
          <Badge colorPalette={status.palette}>{status.label}</Badge>
        </Stack>
      </HStack>
      {children}
    </Box>
  );
}
