import { Alert, Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { ChapterStrengths } from '../../components/chapter-strengths';
import { formatDateTime, formatDigits } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { paths } from '../../lib/paths';
import { useRetryWrongAnswersMutation, type AttemptPageQuery } from './api/practice.generated';
import { MathText } from './math-text';
import { clock } from './practice-labels';
import { QuestionPicture } from '../../components/picture/question-picture';
import { readLate } from './pending-answers';
import { SaveQuestionButton } from './save-question-button';
import { BoardTagBadge } from './board-tag';

type AttemptData = AttemptPageQuery['attempt'];
type Result = NonNullable<AttemptData['result']>;

/**
 * A finished attempt's result: the score (and, for a model test, the rank and pass mark), the
 * chapters, "retry my wrong answers", and the review with each question's save button.
 */
export function ResultView({ attempt, result }: { attempt: AttemptData; result: Result }) {
  const t = useT();
  const { language } = useLanguage();
  const late = useMemo(() => {
    const lateIds = readLate(attempt.id);
    return attempt.questions.flatMap((q, i) => (lateIds.includes(q.id) ? [i + 1] : []));
  }, [attempt.id, attempt.questions]);
  const navigate = useNavigate();
  const [retry, retrying] = useRetryWrongAnswersMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const test = attempt.test;
  const keyShown = result.review.some((item) => item.correctOptionId !== null);
  const again = async () => {
    setProblem(null);
    try {
      const started = await retry({ variables: { attemptId: attempt.id } });
      if (started.data) void navigate(paths.attempt(started.data.retryWrongAnswers.id));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };
  const figures: Array<[string, string]> = [
    [t('practice.correct'), formatDigits(result.correct, language)],
    [t('practice.wrong'), formatDigits(result.wrong, language)],
    [t('practice.skipped'), formatDigits(result.skipped, language)],
    [t('practice.timeTaken'), clock(result.timeTakenSeconds, language)],
  ];
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Text color="gray.600">{t('practice.resultOf')}</Text>
        <Heading as="h1" size="xl">
          {attempt.title}
        </Heading>
      </Stack>
      <Card.Root>
        <Card.Body gap="3">
          <HStack justify="space-between" flexWrap="wrap" gap="3">
            <Stack gap="0">
              <Text color="gray.600">{t('practice.score')}</Text>
              <Text fontSize="3xl" fontWeight="bold" data-testid="score">
                {t('practice.scoreOf', { score: formatDigits(result.score, language), max: formatDigits(result.maxScore, language) })}
              </Text>
            </Stack>
            <Stack gap="0" textAlign="end">
              <Text color="gray.600">{t('practice.rank')}</Text>
              <Text fontSize="2xl" fontWeight="bold" data-testid="rank">
                {!test
                  ? t('practice.self.notRanked')
                  : result.rank === null
                    ? t('practice.notRanked')
                    : t('practice.rankOf', { rank: formatDigits(result.rank, language), total: formatDigits(result.participants, language) })}
              </Text>
            </Stack>
          </HStack>
          {test && (
            <Badge colorPalette={result.passed ? 'green' : 'red'} alignSelf="start" size="lg">
              {t(result.passed ? 'practice.passed' : 'practice.failed')}
            </Badge>
          )}
          <SimpleGrid columns={{ base: 2, sm: 4 }} gap="3">
            {figures.map(([label, value]) => (
              <Stack key={label} gap="0" borderWidth="1px" borderRadius="md" p="2">
                <Text fontSize="sm" color="gray.600">
                  {label}
                </Text>
                <Text fontWeight="bold">{value}</Text>
              </Stack>
            ))}
          </SimpleGrid>
          {test && test.negativeMark > 0 && (
            <Text fontSize="sm" color="gray.600">
              {t('practice.negativeRule', { mark: formatDigits(test.negativeMark, language) })}
            </Text>
          )}
          {problem && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{problem}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="2" flexWrap="wrap">
            {result.wrong > 0 && (
              <Button colorPalette="blue" onClick={() => void again()} loading={retrying.loading}>
                {t('practice.self.retryWrong')}
              </Button>
            )}
            {test ? (
              <Button asChild variant="outline">
                <RouterLink to={paths.modelTest(test.id)}>{t('practice.seeLeaderboard')}</RouterLink>
              </Button>
            ) : (
              <Button asChild variant="outline">
                <RouterLink to={paths.practice}>{t('practice.self.again')}</RouterLink>
              </Button>
            )}
          </HStack>
        </Card.Body>
      </Card.Root>
      {late.length > 0 && (
        <Alert.Root status="warning" data-testid="late-answers">
          <Alert.Indicator />
          <Alert.Title>{t('practice.lateAnswers', { count: late.length, questions: late.map((n) => formatDigits(n, language)).join(', ') })}</Alert.Title>
        </Alert.Root>
      )}
      {result.chapters.length > 0 && (
        <Stack gap="2" as="section" aria-labelledby="by-chapter">
          <Heading as="h2" size="md" id="by-chapter">
            {t('practice.byChapter')}
          </Heading>
          {result.chapters.map((chapter) => (
            <HStack key={chapter.chapterId} justify="space-between" borderWidth="1px" borderRadius="md" p="2">
              <Text>{language === 'bn' ? chapter.nameBn : chapter.nameEn}</Text>
              <Text fontWeight="medium" color={chapter.correct * 2 >= chapter.total ? 'green.700' : 'red.700'}>
                {t('practice.chapterScore', { correct: formatDigits(chapter.correct, language), total: formatDigits(chapter.total, language) })}
              </Text>
            </HStack>
          ))}
        </Stack>
      )}
      <ChapterStrengths only={result.chapters.map((chapter) => chapter.chapterId)} />
      <Stack gap="3" as="section" aria-labelledby="review">
        <Heading as="h2" size="md" id="review">
          {t('practice.review')}
        </Heading>
        {!keyShown && (
          <Text color="gray.700" data-testid="review-later">
            {result.reviewOpensAt ? t('practice.reviewOpensAt', { when: formatDateTime(result.reviewOpensAt, language) }) : t('practice.reviewNever')}
          </Text>
        )}
        {result.review.map((item, n) => (
          <Card.Root key={item.questionId} data-testid="review-item">
            <Card.Body gap="2">
              <Text fontWeight="medium">
                {formatDigits(n + 1, language)}. <MathText text={item.text} />
              </Text>
              <BoardTagBadge tag={item.boardTag} />
              <QuestionPicture src={item.pictureURL} alt={t('practice.picture')} />
              {item.options.map((option) => {
                const mine = option.id === item.chosenOptionId;
                const correct = option.id === item.correctOptionId || (mine && item.answeredCorrectly === true);
                return (
                  <HStack
                    key={option.id}
                    borderWidth="1px"
                    borderRadius="md"
                    p="2"
                    bg={correct ? 'green.50' : mine ? 'red.50' : undefined}
                    borderColor={correct ? 'green.400' : mine ? 'red.400' : undefined}
                  >
                    <MathText text={option.text} flex="1" />
                    {correct && item.correctOptionId && <Badge colorPalette="green">{t('practice.correctAnswer')}</Badge>}
                    {mine && <Badge colorPalette={correct ? 'green' : 'red'}>{t('practice.yourAnswer')}</Badge>}
                  </HStack>
                );
              })}
              {!item.chosenOptionId && <Text color="gray.600">{t('practice.notAnswered')}</Text>}
              {item.explanation && (
                <Box bg="gray.50" p="2" borderRadius="md" data-testid="explanation">
                  <Text fontSize="sm" fontWeight="bold">
                    {t('practice.explanation')}
                  </Text>
                  <MathText text={item.explanation} />
                </Box>
              )}
              <Box>
                <SaveQuestionButton questionId={item.questionId} saved={attempt.savedQuestionIds.includes(item.questionId)} />
              </Box>
            </Card.Body>
          </Card.Root>
        ))}
      </Stack>
    </Stack>
  );
}
