import { Badge, Box, Button, Card, Container, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../components/states';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useModelTestListQuery, useMyPracticeAttemptsQuery, usePracticeSubjectsQuery } from './api/practice.generated';
import { ADMISSION_LEVEL, LEVELS, subjectName } from './practice-labels';

const PAGE = 12;

/** /model-tests: free model tests, browsed by class and then subject; a signed-in student's attempts above them. */
export default function ModelTestsPage() {
  const t = useT();
  const { language } = useLanguage();
  const [params, setParams] = useSearchParams();
  const classLevel = Number(params.get('class')) || null;
  const subject = params.get('subject') || null;
  const subjects = usePracticeSubjectsQuery();
  const { data, loading, error, refetch, fetchMore } = useModelTestListQuery({ variables: { classLevel, subject, offset: 0, limit: PAGE } });
  const choose = (key: 'class' | 'subject', value: string) => {
    // From the address as it is now: a second choice made before the page drew the first keeps it.
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const levelName = (level: number) => (level === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level }));
  const tests = data?.modelTests.items ?? [];
  return (
    <Container maxW="5xl" py="8">
      <Stack gap="6">
        <HStack justify="space-between" gap="3" flexWrap="wrap">
          <Heading as="h1" size="2xl">
            {t('practice.title')}
          </Heading>
          <Button asChild colorPalette="blue" variant="outline" size="sm">
            <RouterLink to={paths.practice}>{t('practice.self.link')}</RouterLink>
          </Button>
        </HStack>
        <MyAttempts />
        <HStack gap="3" flexWrap="wrap" align="end">
          <Box flex="1" minW="150px">
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor="practice-class">{t('practice.class')}</label>
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field id="practice-class" value={classLevel ?? ''} onChange={(e) => choose('class', e.currentTarget.value)}>
                <option value="">{t('practice.allClasses')}</option>
                {LEVELS.map((level) => (
                  <option key={level} value={level}>
                    {levelName(level)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
          <Box flex="1" minW="150px">
            <Text asChild fontSize="sm" fontWeight="medium">
              <label htmlFor="practice-subject">{t('practice.subject')}</label>
            </Text>
            <NativeSelect.Root>
              <NativeSelect.Field id="practice-subject" value={subject ?? ''} onChange={(e) => choose('subject', e.currentTarget.value)}>
                <option value="">{t('practice.allSubjects')}</option>
                {(subjects.data?.subjects ?? []).map((s) => (
                  <option key={s.id} value={s.id}>
                    {subjectName(s, language)}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Box>
        </HStack>
        {loading && !data ? (
          <InlineLoading />
        ) : error && !data ? (
          <ErrorState onRetry={() => void refetch()} />
        ) : tests.length === 0 ? (
          <EmptyState>
            <Text>{t('practice.none')}</Text>
          </EmptyState>
        ) : (
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
            {tests.map((test) => (
              <Card.Root key={test.id} data-testid="model-test">
                <Card.Body gap="2">
                  <HStack gap="2" flexWrap="wrap">
                    <Badge colorPalette="blue">{levelName(test.classLevel)}</Badge>
                    <Badge>{subjectName(test.subject, language)}</Badge>
                    {test.free && <Badge colorPalette="green">{t('practice.free')}</Badge>}
                    {test.negativeMark > 0 && (
                      <Badge colorPalette="orange">{t('practice.negative', { mark: formatDigits(test.negativeMark, language) })}</Badge>
                    )}
                  </HStack>
                  <Card.Title>
                    <RouterLink to={paths.modelTest(test.id)}>{test.title}</RouterLink>
                  </Card.Title>
                  <Text color="gray.600" fontSize="sm">
                    {t('practice.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}
                  </Text>
                  <Button asChild colorPalette="blue" size="sm" alignSelf="start">
                    <RouterLink to={paths.modelTest(test.id)}>{t('practice.open')}</RouterLink>
                  </Button>
                </Card.Body>
              </Card.Root>
            ))}
          </SimpleGrid>
        )}
        {data?.modelTests.hasMore && (
          <Button variant="outline" alignSelf="center" onClick={() => void fetchMore({ variables: { offset: tests.length } })}>
            {t('practice.more')}
          </Button>
        )}
      </Stack>
    </Container>
  );
}

/** The signed-in student's attempts, newest first: the history of their practice. */
export function MyAttempts() {
  const t = useT();
  const { language } = useLanguage();
  const { state } = useSession();
  const signedIn = state.status === 'signedIn';
  const { data, error } = useMyPracticeAttemptsQuery({ skip: !signedIn, fetchPolicy: 'cache-and-network' });
  if (!signedIn || error || !data || data.myAttempts.items.length === 0) return null;
  return (
    <Stack gap="2" as="section" aria-labelledby="my-attempts">
      <Heading as="h2" size="md" id="my-attempts">
        {t('practice.history')}
      </Heading>
      {data.myAttempts.items.map((attempt) => (
        <HStack key={attempt.id} justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3" data-testid="my-attempt">
          <RouterLink to={paths.attempt(attempt.id)}>{attempt.title}</RouterLink>
          <Text flexShrink={0} fontWeight="medium">
            {!attempt.result
              ? t('practice.inProgress')
              : attempt.result.rank === null
                ? t('practice.historyScorePractice', {
                    score: formatDigits(attempt.result.score, language),
                    max: formatDigits(attempt.result.maxScore, language),
                  })
                : t('practice.historyScore', {
                    score: formatDigits(attempt.result.score, language),
                    max: formatDigits(attempt.result.maxScore, language),
                    rank: formatDigits(attempt.result.rank, language),
                  })}
          </Text>
        </HStack>
      ))}
    </Stack>
  );
}
