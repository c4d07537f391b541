import { Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Chart, ChartStates } from '../../components/chart/chart';
import { PeriodSelect } from '../../components/chart/period-select';
import { formatBucket, periodVariables, type ChartPeriod } from '../../components/chart/periods';
import type { PaymentMethodKind } from '../../gql/types';
import { formatDate, formatMoney, formatNumber, numberFormat } from '../../lib/format';
import { localeOf, useLanguage, useT, type Language } from '../../lib/i18n';
import { usePaymentSeriesQuery } from './api/payment-series.generated';
import { toMinorUnits } from '../../lib/minor-units';

const METHOD_COLORS: Record<PaymentMethodKind, string> = {
  BKASH: '#e2136e',
  NAGAD: '#f7941d',
  ROCKET: '#8c3494',
  CARD: '#2563eb',
  OTHER: '#71717a',
};
/** Failed payments, of every way, beside the ones that went through. */
const FAILED_COLOR = '#dc2626';

/** A share from 0 to 1 as a percentage in the page's digits ("12.5%" / "১২.৫%"); a dash when there was nothing to share. */
export function formatShare(share: number | null, language: Language): string {
  if (share === null) return '–';
  return numberFormat(language === 'en' ? 'en' : localeOf(language), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

const takaOf = (taka: number, language: Language) => formatMoney({ amount: toMinorUnits(taka), currency: 'bdt' }, language);

/** Admins: payments that went through per day or week, one line per way to pay, one for the failed ones, and the share that failed in the table. */
export function PaymentChart() {
  const t = useT();
  const { language } = useLanguage();
  const [period, setPeriod] = useState<ChartPeriod>('days30');
  const { data, previousData, loading, error, refetch } = usePaymentSeriesQuery({ variables: periodVariables(period), fetchPolicy: 'cache-and-network' });
  const series = (data ?? previousData)?.paymentSeries;
  const points = series?.points ?? [];
  const methods = points[0]?.methods.map((figures) => figures.method) ?? [];
  const count = (value: number) => formatNumber(value, language);
  const countAxis = (value: number) => (Number.isInteger(value) ? formatNumber(value, language) : '');
  return (
    <Stack gap="3" as="section" aria-labelledby="payment-chart-heading">
      <div className="chart-controls">
        <Heading as="h2" size="lg" id="payment-chart-heading">
          {t('admin.paymentChart.title')}
        </Heading>
        <PeriodSelect value={period} onChange={setPeriod} />
      </div>
      <ChartStates
        loading={loading && !series}
        error={Boolean(error) && !series}
        onRetry={() => void refetch()}
        empty={Boolean(series) && series!.succeeded + series!.failed === 0}
        emptyText={t('admin.paymentChart.empty')}
      >
        {series && (
          <>
            <Text fontSize="sm" data-testid="payment-totals">
              {t('admin.paymentChart.totals', {
                succeeded: series.succeeded,
                failed: series.failed,
                share: formatShare(series.failedShare, language),
                received: takaOf(series.receivedTaka, language),
              })}
            </Text>
            <Chart
              testId="payment-chart"
              caption={t('admin.paymentChart.caption', { from: formatDate(series.from, language), to: formatDate(series.to, language) })}
              categoryHeader={t(series.interval === 'WEEK' ? 'chart.week' : 'chart.day')}
              categories={points.map((point) => formatBucket(point.start, language))}
              series={[
                ...methods.map((method, index) => ({
                  label: t(`admin.paymentChart.method.${method}`),
                  values: points.map((point) => point.methods[index].succeeded),
                  color: METHOD_COLORS[method],
                  format: count,
                  formatAxis: countAxis,
                })),
                {
                  label: t('admin.paymentChart.failed'),
                  values: points.map((point) => point.failed),
                  color: FAILED_COLOR,
                  format: count,
                  formatAxis: countAxis,
                },
              ]}
              extraColumns={[
                { label: t('admin.paymentChart.failedShare'), cells: points.map((point) => formatShare(point.failedShare, language)) },
                { label: t('admin.paymentChart.received'), cells: points.map((point) => takaOf(point.receivedTaka, language)) },
              ]}
            />
          </>
        )}
      </ChartStates>
    </Stack>
  );
}
