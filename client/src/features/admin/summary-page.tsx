import { Heading, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { StatCard } from '../../components/dashboard-layout';
import { ErrorState, InlineLoading } from '../../components/states';
import { useAdminSummaryQuery } from './api/admin.generated';
import { formatPrice, formatTotals } from '../../lib/format';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export default function AdminSummaryPage() {
  const { data, loading, error, refetch } = useAdminSummaryQuery({ fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const summary = data!.adminSummary;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        Summary
      </Heading>
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard label="Students" value={String(summary.students)} />
        <StatCard label="Instructors" value={String(summary.instructors)} />
        <StatCard label="Admins" value={String(summary.admins)} />
        <StatCard label="Courses" value={`${summary.courses} (${summary.publishedCourses} published)`} />
        <StatCard label="Enrollments" value={String(summary.enrollments)} />
        <StatCard label="Revenue" value={formatTotals(summary.revenueByCurrency)} />
      </SimpleGrid>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Stack gap="2">
          <Heading as="h2" size="md">
            Recent sign-ups
          </Heading>
          <Table.Root size="sm">
            <Table.Body>
              {summary.recentSignUps.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell>{user.name}</Table.Cell>
                  <Table.Cell>{user.role.toLowerCase()}</Table.Cell>
                  <Table.Cell>{day(user.createdAt)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
        <Stack gap="2">
          <Heading as="h2" size="md">
            Recent purchases
          </Heading>
          <Table.Root size="sm">
            <Table.Body>
              {summary.recentPurchases.map((purchase) => (
                <Table.Row key={purchase.id}>
                  <Table.Cell>{purchase.studentName}</Table.Cell>
                  <Table.Cell>{purchase.courseName}</Table.Cell>
                  <Table.Cell>{formatPrice(purchase.amount, purchase.currency === 'bdt' ? 'bdt' : 'usd')}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
