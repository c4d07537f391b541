import { isGraphQLErrors } from '../../lib/data';
import { Alert, Box, Button, Card, Container, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ErrorState, FullScreenLoading } from '../../components/states';
import { describeError } from '../../lib/graphql-errors';
import { formatDigits } from '../../lib/format';
import { useLanguage, useT } from '../../lib/i18n';
import { useAttemptPageQuery, useSaveAnswerMutation, useSubmitAttemptMutation, type AttemptPageQuery } from './api/practice.generated';
import { MathText } from './math-text';
import { QuestionPicture } from '../../components/picture/question-picture';
import { clock } from './practice-labels';
import { forgetKeptAttempt, keepAttempt, keepSavedAnswer, keptAttempt } from './offline-practice';
import { forgetPracticeKeys } from './practice-keys';
import { forgetAttempt, keepPending, markLate, outcomeOf, readPending, retryDelay, settlePending } from './pending-answers';
import { PracticeView } from './practice-view';
import { ResultView } from './result-view';

type AttemptData = AttemptPageQuery['attempt'];
type Test = NonNullable<AttemptData['test']>;

/** /attempts/{id}: taking a model test or a practice set (one question per screen), or its result once it has ended. */
export default function AttemptPage() {
  const { id = '' } = useParams();
  const { data: fetched, loading, error, refetch } = useAttemptPageQuery({ variables: { id }, fetchPolicy: 'cache-and-network' });
  // With no network, an unfinished attempt opens as it was last kept on this phone (offline-practice.ts),
  // and stays on screen while the network comes back and the server is asked again.
  const [kept, setKept] = useState<AttemptPageQuery | null>(null);
  useEffect(() => {
    if (error && !isGraphQLErrors(error)) setKept(keptAttempt(id));
  }, [error, id]);
  const data = fetched ?? kept;
  useEffect(() => {
    if (!fetched) return;
    if (fetched.attempt.result) {
      forgetKeptAttempt(id);
      forgetPracticeKeys(id);
    } else keepAttempt(id, fetched);
  }, [fetched, id]);
  if (loading && !data) return <FullScreenLoading />;
  if (error && !data) return <ErrorState onRetry={() => void refetch()} message={describeError(error).message} />;
  if (!data) return <FullScreenLoading />;
  const attempt = data.attempt;
  return (
    <Container maxW="3xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      {attempt.result ? (
        <ResultView attempt={attempt} result={attempt.result} />
      ) : attempt.test ? (
        <TakingView key={attempt.id} attempt={attempt} test={attempt.test} onEnded={() => void refetch()} />
      ) : (
        <PracticeView key={attempt.id} attempt={attempt} onEnded={() => void refetch()} />
      )}
    </Container>
  );
}

const positionKey = (id: string) => `practice:question:${id}`;

function TakingView({ attempt, test, onEnded }: { attempt: AttemptData; test: Test; onEnded: () => void }) {
  const t = useT();
  const { language } = useLanguage();
  const questions = attempt.questions;
  const [index, setIndex] = useState(() => Math.min(Number(localStorage.getItem(positionKey(attempt.id))) || 0, questions.length - 1));
  const [pending, setPending] = useState(() => readPending(attempt.id));
  const [chosen, setChosen] = useState<Record<string, string>>(() => ({
    ...Object.fromEntries(attempt.answers.map((a) => [a.questionId, a.optionId])),
    ...Object.fromEntries(Object.entries(readPending(attempt.id)).map(([questionId, answer]) => [questionId, answer.optionId])),
  }));
  const [offline, setOffline] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [save] = useSaveAnswerMutation();
  const [submit, submitting] = useSubmitAttemptMutation();
  // The server's clock: the countdown follows it whatever the phone's clock says.
  const offset = useMemo(() => new Date(attempt.serverTime).getTime() - Date.now(), [attempt.serverTime]);
  const serverNow = useCallback(() => Date.now() + offset, [offset]);
  const deadline = new Date(attempt.deadline ?? attempt.serverTime).getTime();
  const [left, setLeft] = useState(() => Math.max(0, (deadline - serverNow()) / 1000));
  const timeUp = left <= 0;
  const flushing = useRef<Promise<void> | null>(null);
  const tries = useRef(0);
  const retryTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const submitted = useRef(false);
  const flushAgain = useRef<() => Promise<void>>(() => Promise.resolve());

  useEffect(() => {
    localStorage.setItem(positionKey(attempt.id), String(index));
  }, [attempt.id, index]);

  useEffect(() => {
    const timer = setInterval(() => setLeft(Math.max(0, (deadline - serverNow()) / 1000)), 1000);
    return () => clearInterval(timer);
  }, [deadline, serverNow]);

  /**
   * Sends the answers kept on the phone. An answer is dropped only on a refusal that will never
   * change; one that did not arrive is tried again after a growing wait.
   */
  const sendPending = useCallback(async () => {
    let waiting = false;
    for (const [questionId, answer] of Object.entries(readPending(attempt.id))) {
      try {
        await save({ variables: { attemptId: attempt.id, questionId, optionId: answer.optionId, chosenAt: answer.chosenAt } });
        keepSavedAnswer(attempt.id, questionId, answer.optionId);
        settlePending(attempt.id, questionId, answer);
      } catch (failure) {
        const outcome = outcomeOf(failure);
        if (outcome === 'retry') {
          waiting = true;
          if (isGraphQLErrors(failure)) setProblem(describeError(failure, t).message);
          continue;
        }
        settlePending(attempt.id, questionId, answer);
        if (outcome === 'late') markLate(attempt.id, questionId);
        else setProblem(describeError(failure, t).message);
      }
    }
    setPending(readPending(attempt.id));
    setOffline(waiting);
    if (waiting) {
      tries.current += 1;
      if (retryTimer.current) clearTimeout(retryTimer.current);
      retryTimer.current = setTimeout(() => void flushAgain.current(), retryDelay(tries.current));
    } else {
      tries.current = 0;
      setProblem(null);
    }
  }, [attempt.id, save, t]);

  /** One send at a time; a call while one runs waits for it and sends again. */
  const flush = useCallback(async (): Promise<void> => {
    while (flushing.current) await flushing.current;
    flushing.current = sendPending().finally(() => (flushing.current = null));
    return flushing.current;
  }, [sendPending]);
  useEffect(() => {
    flushAgain.current = flush;
  }, [flush]);

  /** Submits once nothing is left to send: at the student's word, or when the time is up and the phone has sent what it holds. */
  const finish = useCallback(async () => {
    await flush();
    if (Object.keys(readPending(attempt.id)).length > 0 || submitted.current) return;
    try {
      await submit({ variables: { attemptId: attempt.id } });
      submitted.current = true;
      forgetAttempt(attempt.id);
      localStorage.removeItem(positionKey(attempt.id));
      onEnded();
    } catch (failure) {
      if (outcomeOf(failure) === 'retry') setOffline(true);
      setProblem(describeError(failure, t).message);
    }
  }, [attempt.id, flush, onEnded, submit, t]);

  useEffect(() => {
    void flush();
    const online = () => void (timeUp ? finish() : flush());
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('online', online);
    };
  }, [flush, finish, timeUp]);

  useEffect(() => () => void (retryTimer.current && clearTimeout(retryTimer.current)), []);

  // The time is up: what the phone holds goes first, then the attempt is submitted; offline, both wait for the network.
  useEffect(() => {
    if (!timeUp) return;
    void finish();
    const again = setInterval(() => void finish(), 5000);
    return () => clearInterval(again);
  }, [timeUp, finish]);

  const choose = (questionId: string, optionId: string) => {
    if (timeUp) return;
    setProblem(null);
    setChosen((current) => ({ ...current, [questionId]: optionId }));
    keepPending(attempt.id, questionId, { optionId, chosenAt: new Date(serverNow()).toISOString() });
    setPending(readPending(attempt.id));
    void flush();
  };

  const question = questions[index];
  const answered = questions.filter((q) => chosen[q.id]).length;
  const unsaved = Object.keys(pending).length;
  const urgent = left < 60;
  return (
    <Stack gap="4">
      <HStack justify="space-between" gap="3" position="sticky" top="0" bg="white" zIndex="1" py="2" borderBottomWidth="1px">
        <Heading as="h1" size="md" lineClamp={2}>
          {attempt.title}
        </Heading>
        <Box
          role="timer"
          aria-live="off"
          aria-label={t('practice.timeLeft')}
          fontWeight="bold"
          fontSize="xl"
          color={urgent ? 'red.600' : 'gray.800'}
          flexShrink={0}
          data-testid="countdown"
        >
          {clock(left, language)}
        </Box>
      </HStack>
      {timeUp ? (
        <Alert.Root status="info" data-testid="time-up" role="status">
          <Alert.Indicator />
          <Alert.Title>
            {t(offline ? 'practice.timeUpOffline' : 'practice.timeUpSending', {
              count: unsaved,
              unsaved: formatDigits(unsaved, language),
              minutes: formatDigits(Math.max(1, Math.round(test.graceSeconds / 60)), language),
            })}
          </Alert.Title>
        </Alert.Root>
      ) : (
        offline && (
          <Alert.Root status="warning" data-testid="offline">
            <Alert.Indicator />
            <Alert.Title>{t('practice.offline')}</Alert.Title>
          </Alert.Root>
        )
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
              const selected = chosen[question.id] === option.id;
              return (
                <Button
                  key={option.id}
                  role="radio"
                  aria-checked={selected}
                  variant={selected ? 'solid' : 'outline'}
                  colorPalette={selected ? 'blue' : 'gray'}
                  justifyContent="start"
                  whiteSpace="normal"
                  textAlign="start"
                  height="auto"
                  minH="12"
                  py="2"
                  disabled={timeUp}
                  onClick={() => choose(question.id, option.id)}
                >
                  <Text as="span" fontWeight="bold" me="2">
                    {'কখগঘঙচ'[i]}.
                  </Text>
                  <MathText text={option.text} />
                </Button>
              );
            })}
          </Stack>
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
          {unsaved > 0 && ` · ${t('practice.notSavedYet', { count: unsaved, unsaved: formatDigits(unsaved, language) })}`}
        </Text>
        <SimpleGrid columns={{ base: 6, sm: 10 }} gap="2">
          {questions.map((q, i) => (
            <Button
              key={q.id}
              size="sm"
              variant={chosen[q.id] ? (pending[q.id] ? 'subtle' : 'solid') : 'outline'}
              colorPalette={chosen[q.id] ? (pending[q.id] ? 'orange' : 'green') : 'gray'}
              data-unsaved={pending[q.id] ? 'true' : undefined}
              aria-current={i === index ? 'step' : undefined}
              borderWidth={i === index ? '2px' : '1px'}
              borderColor={i === index ? 'blue.600' : undefined}
              onClick={() => setIndex(i)}
              aria-label={
                pending[q.id]
                  ? `${t('practice.goTo', { n: formatDigits(i + 1, language) })}: ${t('practice.answerNotSaved')}`
                  : t('practice.goTo', { n: formatDigits(i + 1, language) })
              }
            >
              {formatDigits(i + 1, language)}
            </Button>
          ))}
        </SimpleGrid>
      </Stack>
      {timeUp ? null : confirming ? (
        <Card.Root borderColor="orange.300">
          <Card.Body gap="3">
            <Text>{t('practice.confirmSubmit', { unanswered: formatDigits(questions.length - answered, language) })}</Text>
            <HStack>
              <Button colorPalette="red" onClick={() => void finish()} loading={submitting.loading}>
                {t('practice.submitNow')}
              </Button>
              <Button variant="outline" onClick={() => setConfirming(false)}>
                {t('common.cancel')}
              </Button>
            </HStack>
          </Card.Body>
        </Card.Root>
      ) : (
        <Button colorPalette="red" variant="outline" onClick={() => setConfirming(true)}>
          {t('practice.submit')}
        </Button>
      )}
    </Stack>
  );
}
