import { Alert, Heading, SimpleGrid, Stack, Table } from '@chakra-ui/react';
import { StatCard } from '../../components/dashboard-layout';
import { ErrorState, InlineLoading } from '../../components/states';
import { useAdminSummaryQuery } from './api/admin.generated';
import { formatDigits, formatMoney, formatTotals } from '../../lib/format';
import { paymentDate } from '../../lib/payment-labels';
import { useLanguage, useT } from '../../lib/i18n';
import { UndeliveredMail } from './undelivered-mail';

export default function AdminSummaryPage() {
  const t = useT();
  const { language } = useLanguage();
  const count = (value: number) => formatDigits(value, language);
  const { data, loading, error, refetch } = useAdminSummaryQuery({ fetchPolicy: 'cache-and-network' });
  if (loading && !data) return <InlineLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const summary = data!.adminSummary;
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t('admin.summary.title')}
      </Heading>
      {summary.paymentsTestMode && (
        <Alert.Root status="warning" data-testid="payments-test-mode">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>{t('admin.summary.testModeTitle')}</Alert.Title>
            <Alert.Description>{t('admin.summary.testModeText')}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="4">
        <StatCard label={t('admin.summary.students')} value={count(summary.students)} />
        <StatCard label={t('admin.summary.instructors')} value={count(summary.instructors)} />
        <StatCard label={t('admin.summary.admins')} value={count(summary.admins)} />
        <StatCard
          label={t('admin.summary.courses')}
          value={t('admin.summary.coursesValue', { courses: summary.courses, published: summary.publishedCourses })}
        />
        <StatCard label={t('admin.summary.enrollments')} value={count(summary.enrollments)} />
        <StatCard label={t('admin.summary.revenue')} value={formatTotals(summary.revenueTotals, language)} />
      </SimpleGrid>
      <Stack gap="2" data-testid="sign-in-codes">
        <Heading as="h2" size="md">
          {t('admin.summary.codesTitle')}
        </Heading>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader />
              <Table.ColumnHeader>{t('admin.summary.codesSent')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.summary.codesUsed')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.summary.codesRefused')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('admin.summary.codesHeld')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(['today', 'last30Days'] as const).map((period) => (
              <Table.Row key={period}>
                <Table.Cell>{t(`admin.summary.codes.${period}`)}</Table.Cell>
                <Table.Cell>{count(summary.signInCodes[period].sent)}</Table.Cell>
                <Table.Cell>{count(summary.signInCodes[period].used)}</Table.Cell>
                <Table.Cell>{count(summary.signInCodes[period].refused)}</Table.Cell>
                <Table.Cell>{count(summary.signInCodes[period].held)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {summary.signInCodes.today.held > 0 && (
          <Alert.Root status="warning">
            <Alert.Indicator />
            <Alert.Title>{t('admin.summary.codesBudgetSpent')}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('admin.summary.recentSignUps')}
          </Heading>
          <Table.Root size="sm">
            <Table.Body>
              {summary.recentSignUps.map((user) => (
                <Table.Row key={user.id}>
                  <Table.Cell>{user.name}</Table.Cell>
                  <Table.Cell>{t(`admin.role.${user.role}`)}</Table.Cell>
                  <Table.Cell>{paymentDate(user.createdAt, language)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
        <Stack gap="2">
          <Heading as="h2" size="md">
            {t('admin.summary.recentPurchases')}
          </Heading>
          <Table.Root size="sm">
            <Table.Body>
              {summary.recentPurchases.map((purchase) => (
                <Table.Row key={purchase.id}>
                  <Table.Cell>{purchase.studentName}</Table.Cell>
                  <Table.Cell>{purchase.courseName}</Table.Cell>
                  <Table.Cell>{formatMoney(purchase.amountPaid, language)}</Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Stack>
      </SimpleGrid>
      <UndeliveredMail />
    </Stack>
  );
}
