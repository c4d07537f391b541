import { Alert, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { formatDigits } from '../../lib/format';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { useAnswerPracticeMutation, useSubmitAttemptMutation, type AttemptPageQuery, type PracticeFeedbackFragment } from './api/practice.generated';
import { MathText } from './math-text';
import { QuestionPicture } from '../../components/picture/question-picture';
import { SaveQuestionButton } from './save-question-button';
import { BoardTagBadge } from './board-tag';

type AttemptData = AttemptPageQuery['attempt'];

const LETTERS = 'কখগঘঙচ';

/**
 * A practice set being answered: one question a screen, no timer; each answer shows at once whether
 * it was right, the correct option and the explanation, and the question may be saved. Finishing
 * submits the set and shows its result.
 */
export function PracticeView({ attempt, onEnded }: { attempt: AttemptData; onEnded: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const questions = attempt.questions;
  const [feedback, setFeedback] = useState<Record<string, PracticeFeedbackFragment>>(() =>
    Object.fromEntries(attempt.practiceAnswers.map((answer) => [answer.questionId, answer])),
  );
  const [index, setIndex] = useState(() => {
    const firstOpen = questions.findIndex((q) => !attempt.practiceAnswers.some((a) => a.questionId === q.id));
    return firstOpen === -1 ? Math.max(0, questions.length - 1) : firstOpen;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [answer, answering] = useAnswerPracticeMutation();
  const [submit, submitting] = useSubmitAttemptMutation();
  const question = questions[index];
  const given = feedback[question.id];
  const answered = Object.keys(feedback).length;
  const unanswered = questions.length - answered;

  const choose = async (optionId: string) => {
    if (given || answering.loading) return;
    setProblem(null);
    try {
      const result = await answer({ variables: { attemptId: attempt.id, questionId: question.id, optionId } });
      if (result.data) setFeedback((current) => ({ ...current, [question.id]: result.data!.answerPractice }));
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };

  const finish = async () => {
    setProblem(null);
    try {
      await submit({ variables: { attemptId: attempt.id } });
      onEnded();
    } catch (failure) {
      setProblem(describeError(failure, t).message);
    }
  };

  return (
    <Stack gap="4">
      <Stack gap="1">
        <Heading as="h1" size="md">
          {attempt.title}
        </Heading>
        <Text color="gray.600" fontSize="sm">
          {t('practice.self.noTimer')}
        </Text>
      </Stack>
      {problem && (
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{problem}</Alert.Title>
        </Alert.Root>
      )}
      <Card.Root>
        <Card.Body gap="4">
          <Text color="gray.600" fontSize="sm">
            {t('practice.questionOf', { n: formatDigits(index + 1, language), total: formatDigits(questions.length, language) })}
          </Text>
          <Text fontSize="lg" fontWeight="medium" data-testid="question">
            <MathText text={question.text} />
          </Text>
          <QuestionPicture src={question.pictureURL} alt={t('practice.picture')} />
          <Stack gap="2" role="radiogroup" aria-label={t('practice.options')}>
            {question.options.map((option, i) => {
              const chosen = given?.chosenOptionId === option.id;
              const correct = given?.correctOptionId === option.id;
              return (
                <Button
                  key={option.id}
                  role="radio"
                  aria-checked={chosen}
                  variant={correct || chosen ? 'subtle' : 'outline'}
                  colorPalette={correct ? 'green' : chosen ? 'red' : 'gray'}
                  justifyContent="start"
                  whiteSpace="normal"
                  textAlign="start"
                  height="auto"
                  minH="12"
                  py="2"
                  aria-disabled={Boolean(given)}
                  onClick={() => void choose(option.id)}
                  data-correct={correct ? 'true' : undefined}
                >
                  <Text as="span" fontWeight="bold" me="2">
                    {LETTERS[i]}.
                  </Text>
                  <MathText text={option.text} />
                </Button>
              );
            })}
          </Stack>
          {given && (
            <Stack gap="3" data-testid="practice-feedback">
              <Alert.Root status={given.answeredCorrectly ? 'success' : 'error'} role="status">
                <Alert.Indicator />
                <Alert.Title>{t(given.answeredCorrectly ? 'practice.self.right' : 'practice.self.notRight')}</Alert.Title>
              </Alert.Root>
              <BoardTagBadge tag={given.boardTag} />
              {given.explanation && (
                <Box bg="gray.50" p="3" borderRadius="md" data-testid="explanation">
                  <Text fontSize="sm" fontWeight="bold">
                    {t('practice.explanation')}
                  </Text>
                  <MathText text={given.explanation} />
                </Box>
              )}
              <SaveQuestionButton key={question.id} questionId={question.id} saved={attempt.savedQuestionIds.includes(question.id)} />
            </Stack>
          )}
          <HStack justify="space-between">
            <Button variant="outline" onClick={() => setIndex(index - 1)} disabled={index === 0}>
              {t('practice.previous')}
            </Button>
            <Button colorPalette="blue" onClick={() => setIndex(index + 1)} disabled={index === questions.length - 1}>
              {t('practice.next')}
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
      <Stack gap="2" as="nav" aria-label={t('practice.map')}>
        <Text fontSize="sm" color="gray.600">
          {t('practice.answeredOf', { answered: formatDigits(answered, language), total: formatDigits(questions.length, language) })}
        </Text>
        <SimpleGrid columns={{ base: 6, sm: 10 }} gap="2">
          {questions.map((q, i) => {
            const done = feedback[q.id];
            return (
              <Button
                key={q.id}
                size="sm"
                variant={done ? 'solid' : 'outline'}
                colorPalette={done ? (done.answeredCorrectly ? 'green' : 'red') : 'gray'}
                aria-current={i === index ? 'step' : undefined}
                borderWidth={i === index ? '2px' : '1px'}
                borderColor={i === index ? 'blue.600' : undefined}
                onClick={() => setIndex(i)}
                aria-label={t('practice.goTo', { n: formatDigits(i + 1, language) })}
              >
                {formatDigits(i + 1, language)}
              </Button>
            );
          })}
        </SimpleGrid>
      </Stack>
      {confirming && unanswered > 0 ? (
        <Card.Root borderColor="orange.300">
          <Card.Body gap="3">
            <Text>{t('practice.self.confirmFinish', { unanswered: formatDigits(unanswered, language) })}</Text>
            <HStack>
              <Button colorPalette="blue" onClick={() => void finish()} loading={submitting.loading}>
                {t('practice.self.finishNow')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Button
          colorPalette="blue"
          variant={unanswered === 0 ? 'solid' : 'outline'}
          loading={submitting.loading}
          onClick={() => (unanswered === 0 ? void finish() : setConfirming(true))}
        >
          {t('practice.self.finish')}
        </Button>
      )}
    </Stack>
  );
}
