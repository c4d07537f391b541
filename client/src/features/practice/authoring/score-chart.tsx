import { Heading, Stack, Text } from '@chakra-ui/react';
import { Chart, ChartStates } from '../../../components/chart/chart';
import { formatDigits, formatNumber } from '../../../lib/format';
import { useLanguage } from '../../../lib/i18n';
import { useModelTestScoreDistributionQuery } from '../api/score-distribution.generated';
import { useAuthoringT } from './texts';

const SCORE_COLOR = '#7c3aed';

/** How the test's students scored (each one's first finished attempt), in bars from 0 to full marks: for its author and admins. */
export function ScoreChart({ testId }: { testId: string }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const { data, loading, error, refetch } = useModelTestScoreDistributionQuery({ variables: { testId }, fetchPolicy: 'cache-and-network' });
  const distribution = data?.modelTestScoreDistribution;
  return (
    <Stack gap="3" as="section" aria-labelledby="scores-heading">
      <Heading as="h2" size="md" id="scores-heading">
        {t('authoring.scores.title')}
      </Heading>
      <ChartStates
        loading={loading && !distribution}
        error={Boolean(error) && !distribution}
        onRetry={() => void refetch()}
        empty={Boolean(distribution) && (distribution!.participants === 0 || distribution!.buckets.length === 0)}
        emptyText={t('authoring.scores.empty')}
      >
        {distribution && (
          <>
            <Text fontSize="sm" data-testid="score-summary">
              {t('authoring.scores.summary', {
                participants: distribution.participants,
                passed: distribution.passed,
                average: formatDigits(distribution.averageScore ?? 0, language),
                max: formatDigits(distribution.maxScore, language),
              })}
            </Text>
            <Chart
              testId="score-chart"
              kind="bars"
              caption={t('authoring.scores.caption')}
              categoryHeader={t('authoring.scores.range')}
              categories={distribution.buckets.map((bucket) => `${formatDigits(bucket.from, language)}–${formatDigits(bucket.to, language)}`)}
              series={[
                {
                  label: t('authoring.scores.students'),
                  values: distribution.buckets.map((bucket) => bucket.students),
                  color: SCORE_COLOR,
                  format: (value) => formatNumber(value, language),
                  formatAxis: (value) => (Number.isInteger(value) ? formatNumber(value, language) : ''),
                },
              ]}
            />
          </>
        )}
      </ChartStates>
    </Stack>
  );
}
