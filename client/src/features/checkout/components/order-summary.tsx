import { Box, Card, Flex, Heading, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { truncate } from '../../../lib/format';
import { CourseImage } from '../../../components/course-image';
import type { CourseCategory } from '../../../gql/types';
import { useT } from '../../../lib/i18n';

interface OrderSummaryProps {
  course: { name: string; photoURL?: string | null; category?: CourseCategory | null; instructor: string };
  /** The price in the currency the buyer pays in. */
  price: string;
  /** A coupon applied: its code, what it saves and the total, formatted. */
  coupon?: { code: string; saving: string; total: string } | null;
}

function Line({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Flex justify="space-between" fontWeight={strong ? 'bold' : 'normal'}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </Flex>
  );
}

/** The spec's order summary: a name over 25 characters shows its first 20 and an ellipsis. */
export function OrderSummary({ course, price, coupon = null }: OrderSummaryProps) {
  const t = useT();
  return (
    <Card.Root>
      <Card.Body gap="4">
        <Heading as="h2" size="md">
          {t('checkout.summary.title')}
        </Heading>
        <HStack gap="3" align="start">
          <CourseImage src={course.photoURL} category={course.category} alt="" htmlWidth="96" htmlHeight="54" width="96px" borderRadius="md" flexShrink={0} />
          <Box>
            <Text fontWeight="semibold" title={course.name}>
              {truncate(course.name, 25, 20)}
            </Text>
            <Text fontSize="sm" color="gray.600">
              {course.instructor}
            </Text>
          </Box>
        </HStack>
        <Stack gap="2">
          <Line label={t('checkout.summary.line', { price })} value={price} />
          <Separator />
          <Line label={t('checkout.summary.subtotal')} value={price} />
          <Separator />
          {coupon && (
            <>
              <Line label={t('checkout.summary.coupon', { code: coupon.code })} value={`−${coupon.saving}`} />
              <Separator />
            </>
          )}
          <Line label={t('checkout.summary.total')} value={coupon?.total ?? price} strong />
        </Stack>
      </Card.Body>
    </Card.Root>
  );
}
