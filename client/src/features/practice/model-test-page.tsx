import { Alert, Badge, Button, Card, Container, Heading, HStack, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, FullScreenLoading } from '../../components/states';
import { describeError } from '../../lib/graphql-errors';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useSession } from '../../lib/session-context';
import { useModelTestDetailsQuery, useStartAttemptMutation } from './api/practice.generated';
import { ADMISSION_LEVEL, clock, subjectName } from './practice-labels';
import { Countdown, RemindMe, useNowUntil } from './live-exam-start';

/**
 * /model-tests/{id}: what a test is, the button that starts (or continues) it, and its leaderboard.
 * A live exam that has not opened shows a countdown (and "Remind me") instead, and the button once it opens.
 */
export default function ModelTestPage() {
  const t = useT();
  const { language } = useLanguage();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { state } = useSession();
  const { data, loading, error, refetch } = useModelTestDetailsQuery({ variables: { id, offset: 0, limit: 20 }, fetchPolicy: 'cache-and-network' });
  const [start, starting] = useStartAttemptMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const opensAt = data?.modelTest?.opensAt ? new Date(data.modelTest.opensAt) : null;
  const now = useNowUntil(opensAt);
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} />;
  const test = data?.modelTest;
  if (!test) {
    return (
      <EmptyState>
        <Text mb="4">{t('practice.notFound')}</Text>
        <Button asChild colorPalette="blue">
          <RouterLink to={paths.modelTests}>{t('practice.title')}</RouterLink>
        </Button>
      </EmptyState>
    );
  }
  const begin = async () => {
    setProblem(null);
    try {
      const result = await start({ variables: { testId: test.id } });
      if (result.data) void navigate(paths.attempt(result.data.startAttempt.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const level = test.classLevel === ADMISSION_LEVEL ? t('practice.admission') : t('practice.classN', { level: test.classLevel });
  const board = data.leaderboard.items;
  return (
    <Container maxW="3xl" py="8">
      <Stack gap="6">
        <Stack gap="2">
          <HStack gap="2" flexWrap="wrap">
            <Badge colorPalette="blue">{level}</Badge>
            <Badge>{subjectName(test.subject, language)}</Badge>
          </HStack>
          <Heading as="h1" size="2xl">
            {test.title}
          </Heading>
          {test.description && <Text color="gray.700">{test.description}</Text>}
        </Stack>
        <Card.Root>
          <Card.Body gap="2">
            <Text>{t('practice.shape', { questions: formatDigits(test.questionCount, language), minutes: formatDigits(test.durationMinutes, language) })}</Text>
            <Text>{test.negativeMark > 0 ? t('practice.negativeRule', { mark: formatDigits(test.negativeMark, language) }) : t('practice.noNegative')}</Text>
            <Text>{t('practice.passMark', { mark: formatDigits(test.passMark, language) })}</Text>
            <Text color="gray.600" fontSize="sm">
              {t('practice.rules')}
            </Text>
            {problem && (
              <Alert.Root status="error">
                <Alert.Indicator />
                <Alert.Title>{problem}</Alert.Title>
              </Alert.Root>
            )}
            {opensAt && opensAt > now ? (
              <Stack gap="3">
                <Countdown opensAt={opensAt} now={now} />
                {state.status === 'signedIn' && <RemindMe testId={test.id} reminder={test.myReminder ?? null} />}
              </Stack>
            ) : state.status === 'signedIn' ? (
              <Button colorPalette="blue" size="lg" onClick={() => void begin()} loading={starting.loading}>
                {t('practice.start')}
              </Button>
            ) : (
              <Button asChild colorPalette="blue" size="lg">
                <RouterLink to={paths.loginThen(paths.modelTest(test.id))} state={{ from: { pathname: paths.modelTest(test.id) } }}>
                  {t('practice.signInToStart')}
                </RouterLink>
              </Button>
            )}
          </Card.Body>
        </Card.Root>
        <Stack gap="2" as="section" aria-labelledby="leaderboard">
          <Heading as="h2" size="lg" id="leaderboard">
            {t('practice.leaderboard')}
          </Heading>
          {board.length === 0 ? (
            <Text color="gray.600">{t('practice.leaderboardEmpty')}</Text>
          ) : (
            <Table.Root size="sm" data-testid="leaderboard">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('practice.rank')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('practice.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('practice.score')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('practice.time')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {board.map((row, index) => (
                  <Table.Row key={index}>
                    <Table.Cell>{formatDigits(row.rank, language)}</Table.Cell>
                    <Table.Cell>{row.name}</Table.Cell>
                    <Table.Cell textAlign="end">{formatDigits(row.score, language)}</Table.Cell>
                    <Table.Cell textAlign="end">{clock(row.durationSeconds, language)}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
        </Stack>
      </Stack>
    </Container>
  );
}
