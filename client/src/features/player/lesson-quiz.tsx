import { Alert, Badge, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { CheckCircle2, XCircle } from 'lucide-react';
import { forwardRef, useState } from 'react';
import { ErrorState, InlineLoading } from '../../components/states';
import { MathText } from '../../components/math-text';
import { describeError } from '../../lib/graphql-errors';
import { useT } from '../../lib/i18n';
import { toaster } from '../../lib/toaster';
import { useAnswerLessonQuizMutation, useLessonQuizQuery, useRetryLessonQuizMutation, type PlayerLessonQuizFragment } from './api/lesson-quiz.generated';
import { quizPercent, quizStep } from './quiz-logic';

interface LessonQuizProps {
  lessonId: string;
  /** Called when an answer makes the quiz passed (the player then marks the lesson completed). */
  onPassed: () => void;
}

/**
 * A lesson's quiz after its video: one question at a time, each answer checked by the server at
 * once with its explanation, and a new round whenever the student wants; the best round is kept.
 */
export const LessonQuiz = forwardRef<HTMLDivElement, LessonQuizProps>(function LessonQuiz({ lessonId, onPassed }, ref) {
  const t = useT();
  const query = useLessonQuizQuery({ variables: { lessonId }, fetchPolicy: 'network-only' });
  const [latest, setLatest] = useState<PlayerLessonQuizFragment | null>(null);
  // The question just answered, whose feedback stays on screen until the student moves on.
  const [feedbackFor, setFeedbackFor] = useState<string | null>(null);
  const [answer, answering] = useAnswerLessonQuizMutation();
  const [retry, retrying] = useRetryLessonQuizMutation();

  const quiz = latest ?? query.data?.lessonQuiz ?? null;
  if (query.loading && !quiz) return <InlineLoading />;
  if (query.error && !quiz) return <ErrorState onRetry={() => void query.refetch()} />;
  if (!quiz) return null;

  const step = quizStep(quiz, feedbackFor);
  const failed = (error: unknown) => toaster.create({ title: t('player.quiz.failed'), description: describeError(error, t).message, type: 'error' });

  const choose = async (questionId: string, optionId: string) => {
    try {
      const { data } = await answer({ variables: { lessonId, questionId, optionId } });
      if (!data) return;
      setLatest(data.answerLessonQuiz.quiz);
      setFeedbackFor(questionId);
      if (data.answerLessonQuiz.quiz.passed && !quiz.passed) onPassed();
    } catch (error) {
      failed(error);
    }
  };
  const startAgain = async () => {
    try {
      const { data } = await retry({ variables: { lessonId } });
      if (data) setLatest(data.retryLessonQuiz);
      setFeedbackFor(null);
    } catch (error) {
      failed(error);
    }
  };

  const best = quiz.bestCorrect !== null && quiz.bestTotal ? { correct: quiz.bestCorrect, total: quiz.bestTotal } : null;

  return (
    <Stack as="section" ref={ref} tabIndex={-1} aria-labelledby="lesson-quiz-title" gap="4" borderWidth="1px" borderRadius="md" p="4" data-testid="lesson-quiz">
      <Stack gap="1">
        <HStack justify="space-between" wrap="wrap">
          <Heading as="h2" size="md" id="lesson-quiz-title">
            {t('player.quiz.title')}
          </Heading>
          {quiz.passed && quiz.passPercent !== null && (
            <Badge colorPalette="green" data-testid="quiz-passed">
              {t('player.quiz.passed')}
            </Badge>
          )}
        </HStack>
        <Text fontSize="sm" color="gray.700">
          {quiz.passPercent !== null ? t('player.quiz.required', { percent: quiz.passPercent }) : t('player.quiz.practice')}
        </Text>
        {best && (
          <Text fontSize="sm" data-testid="quiz-best">
            {t('player.quiz.best', { correct: best.correct, total: best.total, percent: quizPercent(best.correct, best.total) })}
          </Text>
        )}
      </Stack>

      {step.kind === 'question' || step.kind === 'feedback' ? (
        <Stack gap="3">
          <Text fontSize="sm" color="gray.600">
            {t('player.quiz.questionOf', { n: step.index + 1, total: quiz.questions.length })}
          </Text>
          <MathText text={step.question.text} fontWeight="semibold" />
          <Stack as="ul" listStyleType="none" gap="2" aria-label={t('player.quiz.options')}>
            {step.question.options.map((option) => {
              const given = step.kind === 'feedback' ? step.answer : null;
              // During a round only the chosen option is judged; the key comes when the round ends.
              const isCorrect = given?.correctOptionId ? given.correctOptionId === option.id : given?.optionId === option.id && given.correct;
              const isChosenWrong = given !== null && given.optionId === option.id && !given.correct;
              return (
                <Box as="li" key={option.id}>
                  <Button
                    width="100%"
                    justifyContent="start"
                    whiteSpace="normal"
                    textAlign="start"
                    height="auto"
                    py="2"
                    variant={isCorrect || isChosenWrong ? 'subtle' : 'outline'}
                    colorPalette={isCorrect ? 'green' : isChosenWrong ? 'red' : 'gray'}
                    disabled={given !== null || answering.loading}
                    aria-pressed={given?.optionId === option.id}
                    onClick={() => void choose(step.question.id, option.id)}
                    data-testid="quiz-option"
                    data-option-id={option.id}
                  >
                    {isCorrect && <CheckCircle2 aria-hidden />}
                    {isChosenWrong && <XCircle aria-hidden />}
                    <MathText text={option.text} />
                  </Button>
                </Box>
              );
            })}
          </Stack>
          {step.kind === 'feedback' && (
            <Alert.Root status={step.answer.correct ? 'success' : 'error'} role="status" data-testid="quiz-feedback">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>{t(step.answer.correct ? 'player.quiz.right' : 'player.quiz.notRight')}</Alert.Title>
                {step.answer.explanation ? (
                  <Alert.Description>
                    <MathText text={step.answer.explanation} />
                  </Alert.Description>
                ) : (
                  !step.answer.correct && <Alert.Description>{t('player.quiz.keyAfterRound')}</Alert.Description>
                )}
              </Alert.Content>
            </Alert.Root>
          )}
          {step.kind === 'feedback' && (
            <Button alignSelf="start" colorPalette="blue" onClick={() => setFeedbackFor(null)}>
              {t(step.last ? 'player.quiz.seeResult' : 'player.quiz.nextQuestion')}
            </Button>
          )}
        </Stack>
      ) : (
        <Stack gap="3" data-testid="quiz-round">
          <Text fontWeight="semibold">
            {t('player.quiz.roundResult', { correct: step.correct, total: quiz.questions.length, percent: quizPercent(step.correct, quiz.questions.length) })}
          </Text>
          {quiz.passPercent !== null && !quiz.passed && <Text color="red.700">{t('player.quiz.notPassedYet', { percent: quiz.passPercent })}</Text>}
          <Button alignSelf="start" variant="outline" loading={retrying.loading} onClick={() => void startAgain()}>
            {t('player.quiz.retry')}
          </Button>
        </Stack>
      )}
    </Stack>
  );
});
