import { Badge, Box, Button, Field, Heading, HStack, Input, Stack, Text, Textarea } from '@chakra-ui/react';
import { EyeOff, Pin, ThumbsUp } from 'lucide-react';
import { useRef, useState, type FormEvent } from 'react';
import { MathText } from '../../components/math-text';
import { Pager } from '../../components/pager';
import { pictureProblem, sendPicture, type PictureProblem } from '../../components/picture/picture-file';
import { QuestionPicture } from '../../components/picture/question-picture';
import { usePrivatePicture } from '../../components/picture/use-private-picture';
import { ErrorState, InlineLoading } from '../../components/states';
import { formatDate } from '../../lib/format';
import { describeError, errorFacts } from '../../lib/graphql-errors';
import { useLanguage, useT } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { toaster } from '../../lib/toaster';
import type { LessonQuestionOrder } from '../../gql/types';
import {
  useAnswerLessonQuestionMutation,
  useAskLessonQuestionMutation,
  useLessonQuestionsQuery,
  useSetLessonQuestionHiddenMutation,
  useSetLessonQuestionPinnedMutation,
  useUpvoteLessonQuestionMutation,
  type LessonQuestionItemFragment,
} from './api/lesson-questions.generated';

/** Questions a page shows. */
export const QUESTIONS_PAGE = 10;
/** The longest question or answer the server takes. */
export const MAX_TEXT = 2000;

/** Whether a text holds a formula (between two $ signs), so a preview is worth showing. */
export const hasFormula = (text: string) => /\$[^$]+\$/.test(text);

const pictureProblemKeys = { PICTURE_TOO_LARGE: 'player.qa.pictureTooLarge', PICTURE_NOT_SUPPORTED: 'player.qa.pictureNotSupported' } as const;
const isPictureProblem = (code: string | null): code is PictureProblem => code !== null && code in pictureProblemKeys;

/** Where a question's picture is sent (server/src/modules/lesson-qa/lesson-question-picture.router.ts). */
const pictureEndpoint = (questionId: string) => `/api/lesson-questions/${encodeURIComponent(questionId)}/picture`;

interface WriteBoxProps {
  label: string;
  placeholder?: string;
  submitLabel: string;
  busy: boolean;
  /** Offers an optional picture with the text (a question's). */
  withPicture?: boolean;
  /** Posts the text (and the picture chosen); answers whether it was taken (the box then empties). */
  onSubmit: (text: string, picture: File | null) => Promise<boolean>;
  onCancel?: () => void;
  testId: string;
}

/** A text box for a question or an answer: a count of characters, a preview once it holds a formula, and a picture where offered. */
function WriteBox({ label, placeholder, submitLabel, busy, withPicture = false, onSubmit, onCancel, testId }: WriteBoxProps) {
  const t = useT();
  const [text, setText] = useState('');
  const [picture, setPicture] = useState<File | null>(null);
  const [pictureError, setPictureError] = useState<PictureProblem | null>(null);
  const pictureInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const forgetPicture = () => {
    setPicture(null);
    if (pictureInput.current) pictureInput.current.value = '';
  };
  const choosePicture = async (file: File | undefined) => {
    setPictureError(null);
    setPicture(null);
    if (!file) return;
    const problem = await pictureProblem(file);
    if (problem) {
      setPictureError(problem);
      forgetPicture();
    } else setPicture(file);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      if (await onSubmit(text, picture)) {
        setText('');
        forgetPicture();
      }
    } catch (failure) {
      setError(describeError(failure, t).message);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label={label} data-testid={testId}>
      <Stack gap="2">
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>{label}</Field.Label>
          <Textarea rows={3} value={text} placeholder={placeholder} maxLength={MAX_TEXT} onChange={(e) => setText(e.target.value)} />
          <Field.HelperText>
            {t('player.qa.formulaHint')} {t('player.qa.characters', { count: text.length, max: MAX_TEXT })}
          </Field.HelperText>
          <Field.ErrorText>{error}</Field.ErrorText>
        </Field.Root>
        {withPicture && (
          <Field.Root invalid={Boolean(pictureError)}>
            <Field.Label>{t('player.qa.picture')}</Field.Label>
            <Input
              ref={pictureInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              p="1"
              onChange={(e) => void choosePicture(e.target.files?.[0])}
              data-testid={`${testId}-picture`}
            />
            <Field.HelperText>{t('player.qa.pictureHelp')}</Field.HelperText>
            {pictureError && <Field.ErrorText>{t(pictureProblemKeys[pictureError])}</Field.ErrorText>}
          </Field.Root>
        )}
        {picture && (
          <HStack gap="2" wrap="wrap">
            <Text fontSize="sm" overflowWrap="anywhere">
              {t('player.qa.pictureChosen', { name: picture.name })}
            </Text>
            <Button type="button" size="xs" variant="ghost" onClick={forgetPicture}>
              {t('player.qa.removePicture')}
            </Button>
          </HStack>
        )}
        {hasFormula(text) && (
          <Box borderWidth="1px" borderRadius="md" p="2" bg="gray.50" data-testid={`${testId}-preview`} overflowWrap="anywhere">
            <Text fontSize="sm" color="gray.600">
              {t('player.qa.preview')}
            </Text>
            <MathText text={text} />
          </Box>
        )}
        <HStack gap="2" wrap="wrap">
          <Button type="submit" colorPalette="blue" size="sm" loading={busy} disabled={!text.trim()}>
            {submitLabel}
          </Button>
          {onCancel && (
            <Button type="button" variant="ghost" size="sm" onClick={onCancel}>
              {t('player.qa.cancel')}
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

interface QuestionProps {
  question: LessonQuestionItemFragment;
  canAsk: boolean;
  canAnswer: boolean;
  canHide: boolean;
  onPinned: () => void;
}

function Question({ question, canAsk, canAnswer, canHide, onPinned }: QuestionProps) {
  const t = useT();
  const { language } = useLanguage();
  const [answering, setAnswering] = useState(false);
  const [upvote, upvoting] = useUpvoteLessonQuestionMutation();
  const [pin, pinning] = useSetLessonQuestionPinnedMutation();
  const [hide, hiding] = useSetLessonQuestionHiddenMutation();
  const [answer, sending] = useAnswerLessonQuestionMutation();
  const picture = usePrivatePicture(question.pictureURL);
  const failed = (error: unknown) => toaster.create({ title: t('player.qa.failed'), description: describeError(error, t).message, type: 'error' });
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (error) {
      failed(error);
    }
  };

  return (
    <Box as="li" borderTopWidth="1px" pt="3" data-testid="lesson-question" data-question-id={question.id}>
      <Stack gap="2" minW="0">
        <HStack gap="2" wrap="wrap">
          {question.pinned && (
            <Badge colorPalette="blue">
              <Pin size={12} aria-hidden /> {t('player.qa.pinned')}
            </Badge>
          )}
          {question.hidden && (
            <Badge colorPalette="gray">
              <EyeOff size={12} aria-hidden /> {t('player.qa.hiddenBadge')}
            </Badge>
          )}
          <Text fontSize="sm" color="gray.600">
            {t('player.qa.askedBy', { name: question.askerName, date: formatDate(question.createdAt, language) })}
          </Text>
        </HStack>
        <Box overflowWrap="anywhere">
          <MathText text={question.text} data-testid="question-text" />
        </Box>
        <QuestionPicture src={picture} alt={t('player.qa.pictureAlt')} />
        {question.hidden && question.askedByMe && (
          <Text fontSize="sm" color="gray.600">
            {t('player.qa.hiddenNote')}
          </Text>
        )}
        <HStack gap="2" wrap="wrap">
          {canAsk ? (
            <Button
              size="xs"
              variant={question.upvotedByMe ? 'subtle' : 'outline'}
              colorPalette={question.upvotedByMe ? 'blue' : 'gray'}
              aria-pressed={question.upvotedByMe}
              aria-label={t('player.qa.upvote', { count: question.upvotes })}
              loading={upvoting.loading}
              onClick={() => void run(() => upvote({ variables: { questionId: question.id } }))}
              data-testid="upvote"
            >
              <ThumbsUp aria-hidden /> {t('player.qa.upvotes', { count: question.upvotes })}
            </Button>
          ) : (
            <Text fontSize="sm" color="gray.600">
              {t('player.qa.upvotes', { count: question.upvotes })}
            </Text>
          )}
          {canAnswer && !answering && (
            <Button size="xs" colorPalette="blue" variant="outline" onClick={() => setAnswering(true)}>
              {t('player.qa.answer')}
            </Button>
          )}
          {canAnswer && (
            <Button
              size="xs"
              variant="ghost"
              loading={pinning.loading}
              onClick={() =>
                void run(async () => {
                  await pin({ variables: { questionId: question.id, pinned: !question.pinned } });
                  onPinned();
                })
              }
            >
              {t(question.pinned ? 'player.qa.unpin' : 'player.qa.pin')}
            </Button>
          )}
          {canHide && (
            <Button
              size="xs"
              variant="ghost"
              loading={hiding.loading}
              onClick={() => void run(() => hide({ variables: { questionId: question.id, hidden: !question.hidden } }))}
            >
              {t(question.hidden ? 'player.qa.show' : 'player.qa.hide')}
            </Button>
          )}
        </HStack>
        {question.answers.length > 0 && (
          <Stack as="ul" listStyleType="none" gap="2" ps="3" borderStartWidth="3px" borderColor="green.400">
            {question.answers.map((reply) => (
              <Box as="li" key={reply.id} data-testid={reply.byInstructor ? 'instructor-answer' : 'answer'}>
                <HStack gap="2" wrap="wrap">
                  {reply.byInstructor && <Badge colorPalette="green">{t('player.qa.instructorAnswer')}</Badge>}
                  <Text fontSize="sm" color="gray.600">
                    {t('player.qa.answeredBy', { name: reply.authorName, date: formatDate(reply.createdAt, language) })}
                  </Text>
                </HStack>
                <Box overflowWrap="anywhere">
                  <MathText text={reply.text} />
                </Box>
              </Box>
            ))}
          </Stack>
        )}
        {canAnswer && answering && (
          <WriteBox
            label={t('player.qa.answerLabel')}
            submitLabel={t('player.qa.sendAnswer')}
            busy={sending.loading}
            testId="answer-form"
            onCancel={() => setAnswering(false)}
            onSubmit={async (text) => {
              await answer({ variables: { questionId: question.id, text } });
              toaster.create({ title: t('player.qa.answered'), type: 'success' });
              setAnswering(false);
              return true;
            }}
          />
        )}
      </Stack>
    </Box>
  );
}

/**
 * Questions to the instructor under a lesson: the course's students ask (formulas between $…$) and
 * upvote; its instructor answers, pins and hides; admins hide. Anyone else is refused by the server,
 * and the panel then shows nothing.
 */
export function LessonQuestions({ lessonId }: { lessonId: string }) {
  const t = useT();
  const [order, setOrder] = useState<LessonQuestionOrder>('NEWEST');
  const [offset, setOffset] = useState(0);
  const query = useLessonQuestionsQuery({ variables: { lessonId, offset, limit: QUESTIONS_PAGE, order }, fetchPolicy: 'cache-and-network' });
  const [ask, asking] = useAskLessonQuestionMutation();
  const { session } = useSession();
  const [sendingPicture, setSendingPicture] = useState(false);
  const page = query.data?.lessonQuestions;

  if (query.error && !page) {
    const { category } = errorFacts(query.error);
    // Not the course's student, instructor or an admin: nothing to show.
    if (category === 'FORBIDDEN' || category === 'UNAUTHENTICATED' || category === 'NOT_FOUND') return null;
    return <ErrorState onRetry={() => void query.refetch()} />;
  }
  if (!page) return query.loading ? <InlineLoading /> : null;

  const reorder = (next: LessonQuestionOrder) => {
    setOrder(next);
    setOffset(0);
  };

  return (
    <Stack as="section" aria-labelledby="lesson-questions-title" gap="4" borderWidth="1px" borderRadius="md" p="4" minW="0" data-testid="lesson-questions">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h2" size="md" id="lesson-questions-title">
          {t('player.qa.title')}
        </Heading>
        <Text fontSize="sm" color="gray.600" data-testid="question-count">
          {t('player.qa.count', { count: page.total })}
        </Text>
      </HStack>

      {page.canAsk && (
        <WriteBox
          label={t('player.qa.askLabel')}
          placeholder={t('player.qa.askPlaceholder')}
          submitLabel={t('player.qa.send')}
          busy={asking.loading || sendingPicture}
          testId="ask-form"
          withPicture
          onSubmit={async (text, picture) => {
            const asked = await ask({ variables: { lessonId, text } });
            const questionId = asked.data?.askLessonQuestion.id;
            let outcome = null;
            if (picture && questionId) {
              setSendingPicture(true);
              outcome = await sendPicture(pictureEndpoint(questionId), picture, session.getToken()).finally(() => setSendingPicture(false));
            }
            if (outcome && !outcome.ok) {
              const reason = isPictureProblem(outcome.code) ? t(pictureProblemKeys[outcome.code]) : (outcome.message ?? t('common.noConnection'));
              toaster.create({ title: t('player.qa.pictureNotSent', { reason }), type: 'warning' });
            } else toaster.create({ title: t('player.qa.sent'), type: 'success' });
            setOrder('NEWEST');
            setOffset(0);
            await query.refetch({ lessonId, offset: 0, limit: QUESTIONS_PAGE, order: 'NEWEST' });
            return true;
          }}
        />
      )}

      {page.total > 1 && (
        <HStack gap="2" wrap="wrap" role="group" aria-label={t('player.qa.order')}>
          {(['NEWEST', 'TOP'] as const).map((choice) => (
            <Button
              key={choice}
              size="xs"
              variant={order === choice ? 'subtle' : 'outline'}
              colorPalette={order === choice ? 'blue' : 'gray'}
              aria-pressed={order === choice}
              onClick={() => reorder(choice)}
            >
              {t(choice === 'TOP' ? 'player.qa.top' : 'player.qa.newest')}
            </Button>
          ))}
        </HStack>
      )}

      {page.items.length === 0 ? (
        <Text color="gray.600">{t('player.qa.none')}</Text>
      ) : (
        <Stack as="ul" listStyleType="none" gap="3" aria-labelledby="lesson-questions-title">
          {page.items.map((question) => (
            <Question
              key={question.id}
              question={question}
              canAsk={page.canAsk}
              canAnswer={page.canAnswer}
              canHide={page.canHide}
              onPinned={() => void query.refetch()}
            />
          ))}
        </Stack>
      )}
      <Pager offset={page.offset} limit={page.limit} total={page.total} onChange={setOffset} />
    </Stack>
  );
}
