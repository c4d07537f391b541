import { Alert, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isGraphQLErrors } from '../../lib/data';
import { formatDigits } from '../../lib/format';
import { sendWhenOnline } from '../../lib/kept-changes-sync';
import { describeError } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import {
  useAnswerPracticeMutation,
  usePracticeKeysQuery,
  useSubmitAttemptMutation,
  type AttemptPageQuery,
  type PracticeFeedbackFragment,
} from './api/practice.generated';
import {
  finishWaiting,
  forgetFinish,
  inTurn,
  keepFinish,
  keepPracticeAnswer,
  sendWaitingAnswers,
  waitingAnswers,
  type KeptPracticeAnswer,
} from './practice-outbox';
import { keepPracticeKeys, keptPracticeKeys, type PracticeKey } from './practice-keys';
import { MathText } from './math-text';
import { QuestionPicture } from '../../components/picture/question-picture';
import { SaveQuestionButton } from './save-question-button';
import { BoardTagBadge } from './board-tag';

type AttemptData = AttemptPageQuery['attempt'];

const LETTERS = 'কখগঘঙচ';
/** How often answers kept on the phone are tried again while the server cannot be reached. */
const RETRY_MS = 15_000;

type Feedback = Omit<PracticeFeedbackFragment, '__typename'>;

/** What an answer kept on the phone shows, from the key kept with the set. */
const keptFeedback = (answer: KeptPracticeAnswer, key: PracticeKey): Feedback => ({
  questionId: answer.questionId,
  chosenOptionId: answer.optionId,
  answeredCorrectly: answer.optionId === key.correctOptionId,
  correctOptionId: key.correctOptionId,
  explanation: key.explanation,
  boardTag: key.boardTag,
});

/**
 * A practice set being answered: one question a screen, no timer; each answer shows at once whether
 * it was right, the correct option and the explanation, and the question may be saved. Finishing
 * submits the set and shows its result. The keys and explanations are kept on the phone when the set
 * opens: with no network an answer shows its explanation from them and waits on the phone
 * (practice-outbox.ts), to be sent in order, and the set submitted, once the network is back.
 */
export function PracticeView({ attempt, onEnded }: { attempt: AttemptData; onEnded: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const questions = attempt.questions;
  const [feedback, setFeedback] = useState<Record<string, Feedback>>(() =>
    Object.fromEntries(attempt.practiceAnswers.map((answer) => [answer.questionId, answer])),
  );
  const [waiting, setWaiting] = useState(() => waitingAnswers(attempt.id));
  const [index, setIndex] = useState(() => {
    const done = new Set([...attempt.practiceAnswers, ...waitingAnswers(attempt.id)].map((a) => a.questionId));
    const firstOpen = questions.findIndex((q) => !done.has(q.id));
    return firstOpen === -1 ? Math.max(0, questions.length - 1) : firstOpen;
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [offline, setOffline] = useState(() => typeof navigator !== 'undefined' && navigator.onLine === false);
  const [finishing, setFinishing] = useState(() => finishWaiting(attempt.id));
  const [answer] = useAnswerPracticeMutation();
  const [submit, submitting] = useSubmitAttemptMutation();
  const fetchedKeys = usePracticeKeysQuery({ variables: { id: attempt.id } }).data?.attempt.practiceKeys;
  useEffect(() => {
    if (fetchedKeys) keepPracticeKeys(attempt.id, fetchedKeys);
  }, [attempt.id, fetchedKeys]);
  const keys = useMemo(() => new Map((fetchedKeys ?? keptPracticeKeys(attempt.id)).map((key) => [key.questionId, key])), [attempt.id, fetchedKeys]);
  const shown = (questionId: string): Feedback | undefined => {
    if (feedback[questionId]) return feedback[questionId];
    const kept = waiting.find((a) => a.questionId === questionId);
    const key = keys.get(questionId);
    return kept && key ? keptFeedback(kept, key) : undefined;
  };
  const question = questions[index];
  const given = shown(question.id);
  const keptHere = waiting.find((a) => a.questionId === question.id);
  const answered = new Set([...Object.keys(feedback), ...waiting.map((a) => a.questionId)]).size;
  const unanswered = questions.length - answered;

  /** Submits the set once no answer waits on the phone; with no network it stays noted for later. */
  const submitNow = useCallback(async () => {
    try {
      await submit({ variables: { attemptId: attempt.id } });
      forgetFinish(attempt.id);
      onEnded();
    } catch (failure) {
      if (!isGraphQLErrors(failure)) {
        setOffline(true);
        sendWhenOnline();
        return;
      }
      forgetFinish(attempt.id);
      setFinishing(false);
      setProblem(describeError(failure, t).message);
    }
  }, [attempt.id, onEnded, submit, t]);

  const sendRound = useCallback(async () => {
    // The app sent this set's answers and its finish from another page's round (app/kept-changes.tsx).
    if (finishing && !finishWaiting(attempt.id) && waitingAnswers(attempt.id).length === 0) {
      onEnded();
      return;
    }
    const round = await sendWaitingAnswers(attempt.id, async (kept) => {
      const result = await answer({ variables: { attemptId: kept.attemptId, questionId: kept.questionId, optionId: kept.optionId } });
      const recorded = result.data!.answerPractice;
      setFeedback((current) => ({ ...current, [recorded.questionId]: recorded }));
      return recorded;
    });
    setWaiting(waitingAnswers(attempt.id));
    setOffline(round.stopped);
    if (round.refused.length > 0) setProblem(describeError(round.refused[0], t).message);
    if (!round.stopped && finishWaiting(attempt.id)) await submitNow();
  }, [answer, attempt.id, finishing, onEnded, submitNow, t]);

  // One round at a time, this page's and the app's: a call while one runs waits for it and sends again.
  const flush = useCallback((): Promise<void> => inTurn(sendRound), [sendRound]);

  // What this phone kept goes when the page opens and whenever the network comes back.
  useEffect(() => {
    void flush();
    const online = () => void flush();
    const lost = () => setOffline(true);
    window.addEventListener('online', online);
    window.addEventListener('offline', lost);
    return () => {
      window.removeEventListener('online', online);
      window.removeEventListener('offline', lost);
    };
  }, [flush]);
  useEffect(() => {
    if (!offline) return;
    const again = setInterval(() => void flush(), RETRY_MS);
    return () => clearInterval(again);
  }, [offline, flush]);

  const choose = (optionId: string) => {
    if (given || keptHere) return;
    setProblem(null);
    keepPracticeAnswer({ attemptId: attempt.id, questionId: question.id, optionId });
    setWaiting(waitingAnswers(attempt.id));
    void flush();
  };

  const finish = () => {
    setProblem(null);
    keepFinish(attempt.id);
    setFinishing(true);
    void flush();
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
      {offline && (
        <Alert.Root status="warning" data-testid="practice-offline" role="status">
          <Alert.Indicator />
          <Alert.Title>{t(finishing ? 'practice.self.finishWhenOnline' : 'practice.self.offline')}</Alert.Title>
        </Alert.Root>
      )}
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
              const chosen = (given?.chosenOptionId ?? keptHere?.optionId) === option.id;
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
                  aria-disabled={Boolean(given ?? keptHere)}
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
          {keptHere && !given && (
            <Text color="gray.700" data-testid="kept-without-key">
              {t('practice.self.keptNoKey')}
            </Text>
          )}
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
            const done = shown(q.id);
            return (
              <Button
                key={q.id}
                size="sm"
                variant={done || waiting.some((a) => a.questionId === q.id) ? 'solid' : 'outline'}
                colorPalette={done ? (done.answeredCorrectly ? 'green' : 'red') : waiting.some((a) => a.questionId === q.id) ? 'orange' : 'gray'}
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
              <Button colorPalette="blue" onClick={finish} loading={submitting.loading || (finishing && !offline)}>
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
          loading={submitting.loading || (finishing && !offline)}
          disabled={finishing}
          onClick={() => (unanswered === 0 ? finish() : setConfirming(true))}
        >
          {t('practice.self.finish')}
        </Button>
      )}
    </Stack>
  );
}
