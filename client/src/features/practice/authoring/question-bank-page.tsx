import { Badge, Box, Button, Card, Checkbox, Heading, HStack, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { useConfirm } from '../../../components/confirm-dialog';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, InlineLoading } from '../../../components/states';
import type { Difficulty } from '../../../gql/types';
import { formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import {
  useAuthoringChaptersQuery,
  useAuthoringCoursesQuery,
  useDeleteQuestionMutation,
  useQuestionBankQuery,
  type BankQuestionFragment,
} from '../api/authoring.generated';
import { MathText } from '../math-text';
import { QuestionPicture } from '../../../components/picture/question-picture';
import { BoardTagBadge } from '../board-tag';
import { subjectName } from '../practice-labels';
import { QuestionEditor } from './question-editor';
import { QuestionStatisticsLine } from './question-statistics';
import { QuestionImport } from './question-import';
import { ChapterOptions, difficultyKey, DifficultyOptions, LevelOptions, SelectField, SubjectOptions, useLevelName } from './syllabus-fields';

const PAGE = 10;
/** The bank choice meaning the shared bank (questions of no course), for admins. */
export const SHARED = 'shared';

/**
 * The question bank of a course (or, for admins, the shared bank): filters by class, subject,
 * chapter and difficulty; write, rewrite and delete questions; import a CSV file.
 */
export default function QuestionBankPage() {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const { state } = useSession();
  const isAdmin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const [params, setParams] = useSearchParams();
  const courses = useAuthoringCoursesQuery({ fetchPolicy: 'cache-and-network' });
  const courseList = courses.data?.managedCourses.items ?? [];
  const chosen = params.get('course');
  const bank = chosen && (chosen === SHARED ? isAdmin : courseList.some((c) => c.id === chosen)) ? chosen : (courseList[0]?.id ?? (isAdmin ? SHARED : null));
  const courseId = bank === SHARED ? null : bank;
  const classLevel = Number(params.get('class')) || null;
  const subjectId = params.get('subject') || null;
  const chapterId = params.get('chapter') || null;
  const difficulty = (params.get('difficulty') || null) as Difficulty | null;
  const boardQuestionsOnly = params.get('board') === '1';
  const offset = Math.max(0, Number(params.get('offset')) || 0);
  const [editing, setEditing] = useState<BankQuestionFragment | 'new' | null>(null);
  const questions = useQuestionBankQuery({
    variables: { courseId, sharedBank: bank === SHARED, classLevel, subjectId, chapterId, difficulty, boardQuestionsOnly, offset, limit: PAGE },
    skip: !bank,
    fetchPolicy: 'cache-and-network',
  });
  const chapters = useAuthoringChaptersQuery({ variables: { subjectId: subjectId ?? '', classLevel }, skip: !subjectId });
  const [deleteQuestion] = useDeleteQuestionMutation();
  const confirm = useConfirm();
  const levelName = useLevelName();
  const subjects = courses.data?.subjects ?? [];

  useEffect(() => {
    if (editing) window.scrollTo?.({ top: 0 });
  }, [editing]);

  const choose = (change: Record<string, string | null>) => {
    // From the address as it is now, so two quick choices keep each other.
    const next = new URLSearchParams(window.location.search);
    for (const [key, value] of Object.entries(change)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('offset' in change)) next.delete('offset');
    setParams(next, { replace: true });
  };

  if (courses.loading && !courses.data) return <InlineLoading />;
  if (courses.error && !courses.data) return <ErrorState onRetry={() => void courses.refetch()} />;
  if (!bank)
    return (
      <Stack gap="4">
        <Heading as="h1" size="xl">
          {t('authoring.bank.title')}
        </Heading>
        <EmptyState>
          <Text mb="4">{t('authoring.bank.noCourse')}</Text>
          <Button asChild colorPalette="blue">
            <RouterLink to={paths.newCourse}>{t('instructor.nav.upload')}</RouterLink>
          </Button>
        </EmptyState>
      </Stack>
    );

  if (editing)
    return (
      <QuestionEditor
        key={editing === 'new' ? 'new' : editing.id}
        question={editing === 'new' ? undefined : editing}
        courseId={editing === 'new' ? courseId : (editing.courseId ?? null)}
        subjects={subjects}
        defaults={{ classLevel: classLevel ? String(classLevel) : '', subjectId: subjectId ?? '', chapterId: chapterId ?? '' }}
        onDone={(saved) => {
          setEditing(null);
          if (saved) void questions.refetch();
        }}
      />
    );

  const page = questions.data?.questionBank;
  const items = page?.items ?? [];
  const filtered = Boolean(classLevel || subjectId || chapterId || difficulty || boardQuestionsOnly);
  const remove = (question: BankQuestionFragment) =>
    confirm.ask({
      title: t('authoring.deleteQuestionTitle'),
      consequence: <MathText text={question.text} />,
      confirmLabel: t('authoring.deleteQuestion'),
      destructive: true,
      onConfirm: async () => {
        try {
          await deleteQuestion({ variables: { id: question.id } });
          toaster.create({ title: t('authoring.questionDeleted'), type: 'success' });
          await questions.refetch();
        } catch (error) {
          toaster.create({ title: describeError(error, t).message, type: 'error' });
        }
      },
    });

  return (
    <Stack gap="5">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t('authoring.bank.title')}
        </Heading>
        <Button asChild variant="outline" size="sm">
          <RouterLink to={paths.authoredModelTests}>{t('authoring.tests.title')}</RouterLink>
        </Button>
      </HStack>
      <SelectField label={t('authoring.bank.which')} value={bank} onChange={(course) => choose({ course, chapter: null })}>
        {courseList.map((course) => (
          <option key={course.id} value={course.id}>
            {course.name}
          </option>
        ))}
        {isAdmin && <option value={SHARED}>{t('authoring.sharedBank')}</option>}
      </SelectField>
      <QuestionImport courseId={courseId} onImported={() => void questions.refetch()} />
      <Button colorPalette="blue" alignSelf="start" onClick={() => setEditing('new')}>
        {t('authoring.newQuestion')}
      </Button>
      <SimpleGrid columns={{ base: 2, md: 4 }} gap="3" as="fieldset" aria-label={t('authoring.filters')}>
        <SelectField
          label={t('practice.class')}
          value={classLevel ? String(classLevel) : ''}
          onChange={(value) => choose({ class: value, chapter: null })}
          blank={t('practice.allClasses')}
        >
          <LevelOptions />
        </SelectField>
        <SelectField
          label={t('practice.subject')}
          value={subjectId ?? ''}
          onChange={(value) => choose({ subject: value, chapter: null })}
          blank={t('practice.allSubjects')}
        >
          <SubjectOptions subjects={subjects} />
        </SelectField>
        <SelectField
          label={t('authoring.chapter')}
          value={chapterId ?? ''}
          onChange={(value) => choose({ chapter: value })}
          blank={t('authoring.allChapters')}
          disabled={!subjectId}
        >
          <ChapterOptions chapters={chapters.data?.chapters ?? []} />
        </SelectField>
        <SelectField
          label={t('authoring.difficulty')}
          value={difficulty ?? ''}
          onChange={(value) => choose({ difficulty: value })}
          blank={t('authoring.allDifficulties')}
        >
          <DifficultyOptions />
        </SelectField>
        <Checkbox.Root checked={boardQuestionsOnly} onCheckedChange={(e) => choose({ board: e.checked === true ? '1' : null })} gridColumn="1 / -1">
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('authoring.boardOnly')}</Checkbox.Label>
        </Checkbox.Root>
      </SimpleGrid>

      {questions.loading && !questions.data ? (
        <InlineLoading />
      ) : questions.error && !questions.data ? (
        <ErrorState onRetry={() => void questions.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>
          <Text>{t(filtered ? 'authoring.bank.noneFiltered' : 'authoring.bank.empty')}</Text>
        </EmptyState>
      ) : (
        <Stack gap="3">
          <Text fontSize="sm" color="gray.600" data-testid="bank-total">
            {t('authoring.bank.total', { count: page?.total ?? 0, total: formatDigits(page?.total ?? 0, language) })}
          </Text>
          {items.map((question) => {
            const subject = subjects.find((s) => s.id === question.subjectId);
            return (
              <Card.Root key={question.id} data-testid="bank-question" size="sm">
                <Card.Body gap="2">
                  <HStack gap="2" flexWrap="wrap">
                    <Badge colorPalette="blue">{levelName(question.classLevel)}</Badge>
                    {subject && <Badge>{subjectName(subject, language)}</Badge>}
                    <Badge colorPalette={question.difficulty === 'HARD' ? 'red' : question.difficulty === 'EASY' ? 'green' : 'yellow'}>
                      {t(difficultyKey(question.difficulty))}
                    </Badge>
                    <BoardTagBadge tag={question.boardTag} />
                  </HStack>
                  <MathText text={question.text} fontWeight="medium" />
                  <QuestionPicture src={question.pictureURL} alt={t('authoring.pictureCurrent')} />
                  <Stack as="ol" gap="1" listStyleType="none" fontSize="sm">
                    {question.options.map((option) => (
                      <Box as="li" key={option.id} px="2" borderRadius="sm" bg={option.id === question.correctOptionId ? 'green.100' : undefined}>
                        <MathText text={option.text} />
                        {option.id === question.correctOptionId && (
                          <Text as="span" ms="2" color="green.800">
                            {t('authoring.correctMark')}
                          </Text>
                        )}
                      </Box>
                    ))}
                  </Stack>
                  <QuestionStatisticsLine question={question} />
                  <HStack gap="2">
                    <Button size="xs" variant="outline" onClick={() => setEditing(question)}>
                      {t('authoring.edit')}
                    </Button>
                    <Button size="xs" variant="outline" colorPalette="red" onClick={() => remove(question)}>
                      {t('authoring.delete')}
                    </Button>
                  </HStack>
                </Card.Body>
              </Card.Root>
            );
          })}
          <Pager offset={offset} limit={PAGE} total={page?.total ?? 0} onChange={(next) => choose({ offset: next ? String(next) : null })} />
        </Stack>
      )}
      {confirm.dialog}
    </Stack>
  );
}
