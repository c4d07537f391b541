import { Badge, Heading, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDigits } from '../lib/format';
import { useLanguage, useT } from '../lib/i18n';
import { paths } from '../lib/paths';
import { useMyAttemptHistoryQuery } from './attempt-history.generated';
import { PagedView } from './paged-view';

export const ATTEMPT_HISTORY_PAGE = 10;

/**
 * The signed-in student's model-test attempts, newest first (their profile and My Courses): the
 * test, the score and rank, the day, and a link to the result (or back into an unfinished attempt).
 */
export function AttemptHistory() {
  const t = useT();
  const { language } = useLanguage();
  const [offset, setOffset] = useState(0);
  const { data, previousData, loading, error, refetch } = useMyAttemptHistoryQuery({
    variables: { offset, limit: ATTEMPT_HISTORY_PAGE },
    fetchPolicy: 'cache-and-network',
  });
  const page = (data ?? previousData)?.myAttempts;
  return (
    <Stack gap="3" as="section" aria-labelledby="attempt-history">
      <Heading as="h2" size="lg" id="attempt-history">
        {t('attempts.title')}
      </Heading>
      <PagedView
        page={page}
        loading={loading}
        failed={Boolean(error)}
        onRetry={() => void refetch()}
        empty={
          <Stack gap="3" align="center">
            <Text>{t('attempts.empty')}</Text>
            <Link asChild color="blue.700">
              <RouterLink to={paths.modelTests}>{t('attempts.find')}</RouterLink>
            </Link>
          </Stack>
        }
        onPage={setOffset}
      >
        {(items) => (
          <Stack as="ul" gap="2" listStyleType="none">
            {items.map((attempt) => (
              <HStack as="li" key={attempt.id} gap="3" wrap="wrap" borderWidth="1px" borderRadius="md" p="3" data-testid="attempt-history-row">
                <Stack gap="0" flex="1" minW="180px">
                  <Text fontWeight="semibold" overflowWrap="anywhere">
                    {attempt.title}
                  </Text>
                  <Text fontSize="sm" color="gray.600">
                    {formatDate(attempt.submittedAt ?? attempt.startedAt, language)}
                  </Text>
                </Stack>
                {attempt.result ? (
                  <Text fontWeight="medium" flexShrink={0}>
                    {attempt.result.rank === null
                      ? t('attempts.scorePractice', {
                          score: formatDigits(attempt.result.score, language),
                          max: formatDigits(attempt.result.maxScore, language),
                        })
                      : t('attempts.score', {
                          score: formatDigits(attempt.result.score, language),
                          max: formatDigits(attempt.result.maxScore, language),
                          rank: formatDigits(attempt.result.rank, language),
                        })}
                  </Text>
                ) : (
                  <Badge colorPalette="orange">{t('attempts.inProgress')}</Badge>
                )}
                <Link asChild color="blue.700" fontSize="sm" flexShrink={0}>
                  <RouterLink to={paths.attempt(attempt.id)}>{t(attempt.finished ? 'attempts.result' : 'attempts.continue')}</RouterLink>
                </Link>
              </HStack>
            ))}
          </Stack>
        )}
      </PagedView>
    </Stack>
  );
}
