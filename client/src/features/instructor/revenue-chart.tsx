import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Chart, ChartStates } from '../../components/chart/chart';
import { PeriodSelect } from '../../components/chart/period-select';
import { formatBucket, periodVariables, type ChartPeriod } from '../../components/chart/periods';
import { formatDate, formatMoney, formatNumber, formatTaka } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useInstructorRevenueSeriesQuery } from './api/revenue-series.generated';
import { fromMinorUnits, toMinorUnits } from '../../lib/minor-units';

export const REVENUE_COLOR = '#2563eb';
export const ENROLLMENT_COLOR = '#16a34a';

/** Taka as the table writes them: whole taka, or with poisha when there are some. */
export const takaOf = (taka: number, language: 'en' | 'bn') => formatMoney({ amount: toMinorUnits(taka), currency: 'bdt' }, language);

/** The instructor's taka revenue and enrollments per day or week of a chosen period, from their own courses. */
export function RevenueChart() {
  const t = useT();
  const { language } = useLanguage();
  const [period, setPeriod] = useState<ChartPeriod>('days30');
  const variables = periodVariables(period);
  const { data, previousData, loading, error, refetch } = useInstructorRevenueSeriesQuery({ variables, fetchPolicy: 'cache-and-network' });
  const series = (data ?? previousData)?.instructorRevenueSeries;
  const points = series?.points ?? [];
  return (
    <Stack gap="3" as="section" aria-labelledby="sales-heading">
      <div className="chart-controls">
        <Heading as="h2" size="lg" id="sales-heading">
          {t('instructor.sales.title')}
        </Heading>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      <ChartStates
        loading={loading && !series}
        error={Boolean(error) && !series}
        onRetry={() => void refetch()}
        empty={Boolean(series) && series!.totalRevenue.amount === 0 && series!.totalEnrollments === 0}
        emptyText={t('instructor.sales.empty')}
      >
        {series && (
          <>
            <Text fontSize="sm" data-testid="sales-totals">
              {t('instructor.sales.totals', { revenue: formatMoney(series.totalRevenue, language), enrollments: series.totalEnrollments })}
            </Text>
            <Chart
              testId="revenue-chart"
              kind="bars"
              caption={t('instructor.sales.caption', { from: formatDate(series.from, language), to: formatDate(series.to, language) })}
              categoryHeader={t(series.interval === 'WEEK' ? 'chart.week' : 'chart.day')}
              categories={points.map((point) => formatBucket(point.start, language))}
              series={[
                {
                  label: t('instructor.sales.revenue'),
                  values: points.map((point) => fromMinorUnits(point.revenue.amount)),
                  color: REVENUE_COLOR,
                  format: (value) => takaOf(value, language),
                  formatAxis: (value) => formatTaka(value, language),
                },
                {
                  label: t('instructor.sales.enrollments'),
                  values: points.map((point) => point.enrollments),
                  color: ENROLLMENT_COLOR,
                  format: (value) => formatNumber(value, language),
                  formatAxis: (value) => (Number.isInteger(value) ? formatNumber(value, language) : ''),
                  right: true,
                },
              ]}
            />
          </>
        )}
      </ChartStates>
    </Stack>
  );
}
