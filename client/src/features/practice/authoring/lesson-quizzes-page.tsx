import { Badge, Box, Button, Checkbox, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, InlineLoading } from '../../../components/states';
import { typedNumber } from '../../../lib/digits';
import { formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import type { BankQuestionFragment } from '../api/authoring.generated';
import {
  useLessonQuizCourseQuery,
  useLessonQuizQuestionsQuery,
  useSetCourseQuizPassPercentMutation,
  useSetLessonQuizMutation,
  type LessonQuizCourseQuery,
} from '../api/lesson-quiz-authoring.generated';
import { MathText } from '../math-text';
import { QuestionPicker } from './model-test-builder-page';
import { useAuthoringT } from './texts';

type Course = NonNullable<LessonQuizCourseQuery['managedCourse']>;

/** The pass mark field's text as a whole percent 1 to 100, or null when it is not one. */
export function passPercentOf(value: string): number | null {
  // Typed in Bengali or Latin digits.
  const percent = value.trim() ? typedNumber(value.trim()) : NaN;
  return Number.isInteger(percent) && percent >= 1 && percent <= 100 ? percent : null;
}

/** /instructor-dashboard/upload-course/:id/quizzes: a course's lesson quizzes (questions from its bank) and their pass mark. */
export default function LessonQuizzesPage() {
  const { id = '' } = useParams();
  const t = useAuthoringT();
  const query = useLessonQuizCourseQuery({ variables: { courseId: id }, fetchPolicy: 'cache-and-network' });
  if (query.loading && !query.data) return <InlineLoading />;
  if (query.error && !query.data) return <ErrorState onRetry={() => void query.refetch()} />;
  const course = query.data?.managedCourse;
  if (!course)
    return (
      <EmptyState>
        <Text>{t('authoring.quizzes.notFound')}</Text>
      </EmptyState>
    );
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size="xl">
          {t('authoring.quizzes.title')}
        </Heading>
        <Text color="gray.700">{course.name}</Text>
        <HStack gap="3" wrap="wrap">
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.editCourse(course.id)}>{t('authoring.quizzes.backToCourse')}</RouterLink>
          </Button>
          <Button asChild variant="outline" size="sm">
            <RouterLink to={paths.courseQuestionBank(course.id)}>{t('authoring.bank.title')}</RouterLink>
          </Button>
        </HStack>
      </Stack>
      <PassMark key={course.quizPassPercent ?? 'none'} course={course} />
      <LessonList course={course} onSaved={() => void query.refetch()} />
    </Stack>
  );
}

function PassMark({ course }: { course: Course }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const [required, setRequired] = useState(course.quizPassPercent !== null);
  const [value, setValue] = useState(formatDigits(course.quizPassPercent ?? 60, language));
  const [save, saving] = useSetCourseQuizPassPercentMutation();
  const percent = passPercentOf(value);
  const invalid = required && percent === null;
  const submit = async () => {
    if (invalid) return;
    try {
      await save({ variables: { courseId: course.id, percent: required ? percent : null } });
      toaster.create({ title: t('authoring.quizzes.passMarkSaved'), type: 'success' });
    } catch (error) {
      toaster.create({ title: t('authoring.quizzes.saveFailed'), description: describeError(error, t).message, type: 'error' });
    }
  };
  return (
    <Stack as="section" gap="3" aria-labelledby="quiz-pass-mark" borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" id="quiz-pass-mark">
        {t('authoring.quizzes.passMark')}
      </Heading>
      <Checkbox.Root checked={required} onCheckedChange={(e) => setRequired(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('authoring.quizzes.require')}</Checkbox.Label>
      </Checkbox.Root>
      {required && (
        <Field.Root invalid={invalid} maxW="xs">
          <Field.Label>{t('authoring.quizzes.percent')}</Field.Label>
          <Input inputMode="numeric" value={value} onChange={(e) => setValue(e.target.value)} />
          <Field.HelperText>{t('authoring.quizzes.percentHelp')}</Field.HelperText>
          <Field.ErrorText>{t('authoring.quizzes.percentInvalid')}</Field.ErrorText>
        </Field.Root>
      )}
      <Button alignSelf="start" colorPalette="blue" loading={saving.loading} disabled={invalid} onClick={() => void submit()}>
        {t('authoring.quizzes.savePassMark')}
      </Button>
    </Stack>
  );
}

function LessonList({ course, onSaved }: { course: Course; onSaved: () => void }) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const [open, setOpen] = useState<string | null>(null);
  return (
    <Stack as="section" gap="3" aria-labelledby="lesson-quizzes">
      <Heading as="h2" size="md" id="lesson-quizzes">
        {t('authoring.quizzes.lessons')}
      </Heading>
      <Stack as="ol" listStyleType="none" gap="3">
        {course.lessons.map((lesson) => (
          <Box as="li" key={lesson.id} borderWidth="1px" borderRadius="md" p="3" data-testid="quiz-lesson">
            <HStack justify="space-between" gap="3" wrap="wrap">
              <Text fontWeight="semibold">
                {formatDigits(lesson.position, language)}. {lesson.title}
              </Text>
              <HStack gap="2">
                <Badge colorPalette={lesson.quizQuestionCount > 0 ? 'green' : 'gray'}>
                  {lesson.quizQuestionCount > 0 ? t('authoring.quizzes.questions', { n: lesson.quizQuestionCount }) : t('authoring.quizzes.none')}
                </Badge>
                <Button size="xs" variant="outline" onClick={() => setOpen(open === lesson.id ? null : lesson.id)} aria-expanded={open === lesson.id}>
                  {t(open === lesson.id ? 'authoring.quizzes.close' : 'authoring.quizzes.edit')}
                </Button>
              </HStack>
            </HStack>
            {open === lesson.id && <QuizEditor course={course} lessonId={lesson.id} onSaved={onSaved} />}
          </Box>
        ))}
      </Stack>
    </Stack>
  );
}

function QuizEditor({ course, lessonId, onSaved }: { course: Course; lessonId: string; onSaved: () => void }) {
  const t = useAuthoringT();
  const { state } = useSession();
  const isAdmin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const current = useLessonQuizQuestionsQuery({ variables: { lessonId }, fetchPolicy: 'network-only' });
  const [chosen, setChosen] = useState<BankQuestionFragment[] | null>(null);
  const [save, saving] = useSetLessonQuizMutation();
  if (current.loading && !current.data) return <InlineLoading />;
  if (current.error && !current.data) return <ErrorState onRetry={() => void current.refetch()} />;
  const questions = chosen ?? current.data?.lessonQuizQuestions ?? [];
  const toggle = (question: BankQuestionFragment) =>
    setChosen(questions.some((q) => q.id === question.id) ? questions.filter((q) => q.id !== question.id) : [...questions, question]);
  const addAll = (more: readonly BankQuestionFragment[]) => setChosen([...questions, ...more.filter((q) => !questions.some((c) => c.id === q.id))]);
  const submit = async () => {
    try {
      const { data } = await save({ variables: { lessonId, questionIds: questions.map((q) => q.id) } });
      if (data) setChosen(data.setLessonQuiz);
      toaster.create({ title: t('authoring.quizzes.saved'), type: 'success' });
      onSaved();
    } catch (error) {
      toaster.create({ title: t('authoring.quizzes.saveFailed'), description: describeError(error, t).message, type: 'error' });
    }
  };
  const form = {
    courseId: course.id,
    classLevel: course.classLevel ? String(course.classLevel) : '',
    subjectId: course.subjectId ?? '',
    questionIds: questions.map((q) => q.id),
  };
  return (
    <Stack gap="4" mt="3">
      {questions.length === 0 ? (
        <Text color="gray.600">{t('authoring.quizzes.empty')}</Text>
      ) : (
        <Stack as="ol" gap="2" aria-label={t('authoring.quizzes.chosen')}>
          {questions.map((question) => (
            <HStack as="li" key={question.id} justify="space-between" align="start" gap="3" borderWidth="1px" borderRadius="md" p="2" data-testid="quiz-chosen">
              <MathText text={question.text} minW="0" />
              <Button size="xs" variant="outline" colorPalette="red" flexShrink={0} onClick={() => toggle(question)}>
                {t('authoring.tests.remove')}
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
      <Button alignSelf="start" colorPalette="blue" loading={saving.loading} onClick={() => void submit()}>
        {t('authoring.quizzes.save')}
      </Button>
      <QuestionPicker form={form} isAdmin={isAdmin} onToggle={toggle} onAddAll={addAll} subjects={[]} />
    </Stack>
  );
}
