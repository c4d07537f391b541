import { Alert, Badge, Box, Button, Checkbox, Field, Heading, HStack, Input, RadioGroup, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, InlineLoading } from '../../../components/states';
import { formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { useAuthoringT } from './texts';
import { paths } from '../../../lib/paths';
import { useSession } from '../../../lib/session-context';
import { toaster } from '../../../lib/toaster';
import {
  useAuthoringCoursesQuery,
  useCreateModelTestMutation,
  useEditableModelTestQuery,
  useQuestionBankQuery,
  useSetModelTestPublishedMutation,
  useUpdateModelTestMutation,
  type AuthoredModelTestFragment,
  type BankQuestionFragment,
  type EditableModelTestQuery,
} from '../api/authoring.generated';
import { MathText } from '../math-text';
import { QuestionPicture } from '../../../components/picture/question-picture';
import { QuestionStatisticsLine } from './question-statistics';
import { ScoreChart } from './score-chart';
import { emptyModelTest, formOfTest, modelTestErrors, modelTestInput, type ModelTestErrors, type ModelTestForm } from './model-test-form';
import { difficultyKey, LevelOptions, SelectField, SubjectOptions, type SubjectChoice } from './syllabus-fields';

const PICKER_PAGE = 10;

/** /instructor-dashboard/model-tests/new and /:id: the model test builder. */
export default function ModelTestBuilderPage() {
  const { id } = useParams();
  const t = useAuthoringT();
  const courses = useAuthoringCoursesQuery({ fetchPolicy: 'cache-and-network' });
  const existing = useEditableModelTestQuery({ variables: { id: id ?? '' }, skip: !id, fetchPolicy: 'cache-and-network' });
  if ((courses.loading && !courses.data) || (existing.loading && !existing.data)) return <InlineLoading />;
  if (courses.error && !courses.data) return <ErrorState onRetry={() => void courses.refetch()} />;
  if (existing.error && !existing.data) return <ErrorState onRetry={() => void existing.refetch()} />;
  if (id && !existing.data?.modelTest)
    return (
      <EmptyState>
        <Text>{t('practice.notFound')}</Text>
      </EmptyState>
    );
  return (
    <Builder
      key={id ?? 'new'}
      existing={id ? existing.data : undefined}
      courses={courses.data?.managedCourses.items ?? []}
      subjects={courses.data?.subjects ?? []}
    />
  );
}

interface BuilderProps {
  existing?: EditableModelTestQuery;
  courses: ReadonlyArray<{ id: string; name: string }>;
  subjects: readonly SubjectChoice[];
}

function Builder({ existing, courses, subjects }: BuilderProps) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const navigate = useNavigate();
  const { state } = useSession();
  const isAdmin = state.status === 'signedIn' && state.user.role === 'ADMIN';
  const test = existing?.modelTest ?? null;
  const [form, setForm] = useState<ModelTestForm>(() =>
    test ? formOfTest(test, test.questionIds, language) : emptyModelTest({ courseId: courses[0]?.id ?? '' }),
  );
  const [known, setKnown] = useState<Map<string, BankQuestionFragment>>(() => new Map((existing?.modelTestQuestions ?? []).map((q) => [q.id, q])));
  const [errors, setErrors] = useState<ModelTestErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [published, setPublishedState] = useState(test?.published ?? false);
  const [create, created] = useCreateModelTestMutation();
  const [update, updated] = useUpdateModelTestMutation();
  const [publish, publishing] = useSetModelTestPublishedMutation();
  const busy = created.loading || updated.loading || publishing.loading;
  const n = (value: number) => formatDigits(value, language);

  const set = (change: Partial<ModelTestForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setFailure(null);
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change) as Array<keyof ModelTestForm>) delete next[key];
      if ('questionIds' in change) delete next.passMark;
      return next;
    });
  };
  const problem = (field: keyof ModelTestForm) => (errors[field] ? t(errors[field]) : undefined);

  /** Saves the form (a new test is created as a draft); answers the saved test, or null when it was refused. */
  const save = async (): Promise<AuthoredModelTestFragment | null> => {
    const found = modelTestErrors(form, { sharedAllowed: isAdmin });
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      setFailure(t('authoring.fixFields'));
      return null;
    }
    try {
      const input = modelTestInput(form);
      if (test) {
        const result = await update({ variables: { id: test.id, input } });
        return result.data?.updateModelTest ?? null;
      }
      const result = await create({ variables: { input } });
      return result.data?.createModelTest ?? null;
    } catch (error) {
      setFailure(describeError(error, t).message);
      return null;
    }
  };

  const saveDraft = async () => {
    const saved = await save();
    if (!saved) return;
    toaster.create({ title: t('authoring.tests.saved'), type: 'success' });
    if (!test) void navigate(paths.editModelTest(saved.id), { replace: true });
  };

  const setLive = async (live: boolean) => {
    const saved = live ? await save() : test;
    if (!saved) return;
    try {
      await publish({ variables: { id: saved.id, published: live } });
      setPublishedState(live);
      toaster.create({ title: t(live ? 'authoring.tests.published' : 'authoring.tests.unpublished'), type: 'success' });
      if (!test) void navigate(paths.editModelTest(saved.id), { replace: true });
    } catch (error) {
      const message = describeError(error, t).message;
      // A new test was saved as a draft before publishing failed: its page opens, the reason stays in sight.
      if (test) setFailure(message);
      else {
        toaster.create({ title: message, type: 'error' });
        void navigate(paths.editModelTest(saved.id), { replace: true });
      }
    }
  };

  const addAll = (questions: readonly BankQuestionFragment[]) => {
    setKnown((current) => {
      const next = new Map(current);
      for (const question of questions) next.set(question.id, question);
      return next;
    });
    set({ questionIds: [...form.questionIds, ...questions.map((q) => q.id).filter((id) => !form.questionIds.includes(id))] });
  };

  const toggleQuestion = (question: BankQuestionFragment) => {
    setKnown((current) => new Map(current).set(question.id, question));
    set({
      questionIds: form.questionIds.includes(question.id) ? form.questionIds.filter((id) => id !== question.id) : [...form.questionIds, question.id],
    });
  };

  const statistics = new Map((existing?.questionStatistics ?? []).map((row) => [row.questionId, row]));

  return (
    <Stack gap="6">
      <HStack justify="space-between" flexWrap="wrap" gap="3">
        <Heading as="h1" size="xl">
          {t(test ? 'authoring.tests.edit' : 'authoring.tests.new')}
        </Heading>
        {test && <Badge colorPalette={published ? 'green' : 'gray'}>{t(published ? 'authoring.tests.stateLive' : 'authoring.tests.stateDraft')}</Badge>}
      </HStack>
      <Button asChild variant="ghost" size="sm" alignSelf="start">
        <RouterLink to={paths.authoredModelTests}>{t('authoring.tests.back')}</RouterLink>
      </Button>
      {test && <ScoreChart testId={test.id} />}

      <Stack asChild gap="4">
        <form noValidate onSubmit={(e) => (e.preventDefault(), void saveDraft())}>
          <Field.Root required invalid={Boolean(errors.title)}>
            <Field.Label>{t('authoring.tests.titleField')}</Field.Label>
            <Input value={form.title} onChange={(e) => set({ title: e.target.value })} />
            {errors.title && <Field.ErrorText>{problem('title')}</Field.ErrorText>}
          </Field.Root>
          <Field.Root>
            <Field.Label>{t('authoring.tests.description')}</Field.Label>
            <Textarea rows={2} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          </Field.Root>
          <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
            <SelectField
              label={t('authoring.tests.course')}
              value={form.courseId}
              onChange={(courseId) => set({ courseId })}
              error={problem('courseId')}
              required={!isAdmin}
            >
              {courses.map((course) => (
                <option key={course.id} value={course.id}>
                  {course.name}
                </option>
              ))}
              {isAdmin && <option value="">{t('authoring.noCourse')}</option>}
            </SelectField>
            <SelectField
              label={t('practice.class')}
              value={form.classLevel}
              onChange={(classLevel) => set({ classLevel })}
              blank={t('authoring.choose')}
              error={problem('classLevel')}
              required
            >
              <LevelOptions />
            </SelectField>
            <SelectField
              label={t('practice.subject')}
              value={form.subjectId}
              onChange={(subjectId) => set({ subjectId })}
              blank={t('authoring.choose')}
              error={problem('subjectId')}
              required
            >
              <SubjectOptions subjects={subjects} />
            </SelectField>
            <Field.Root required invalid={Boolean(errors.durationMinutes)}>
              <Field.Label>{t('authoring.tests.duration')}</Field.Label>
              <Input inputMode="numeric" value={form.durationMinutes} onChange={(e) => set({ durationMinutes: e.target.value })} />
              {errors.durationMinutes && <Field.ErrorText>{problem('durationMinutes')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.negativeMark)}>
              <Field.Label>{t('authoring.tests.negativeMark')}</Field.Label>
              <Input inputMode="decimal" placeholder={n(0)} value={form.negativeMark} onChange={(e) => set({ negativeMark: e.target.value })} />
              <Field.HelperText>{t('authoring.tests.negativeHelp')}</Field.HelperText>
              {errors.negativeMark && <Field.ErrorText>{problem('negativeMark')}</Field.ErrorText>}
            </Field.Root>
            <Field.Root invalid={Boolean(errors.passMark)}>
              <Field.Label>{t('authoring.tests.passMark')}</Field.Label>
              <Input inputMode="decimal" placeholder={n(0)} value={form.passMark} onChange={(e) => set({ passMark: e.target.value })} />
              <Field.HelperText>{t('authoring.tests.passHelp', { max: n(form.questionIds.length) })}</Field.HelperText>
              {errors.passMark && <Field.ErrorText>{problem('passMark')}</Field.ErrorText>}
            </Field.Root>
          </SimpleGrid>
          {form.courseId && (
            <Checkbox.Root checked={form.free} onCheckedChange={(e) => set({ free: e.checked === true })}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t('authoring.tests.free')}</Checkbox.Label>
            </Checkbox.Root>
          )}
          <Stack gap="2" as="fieldset">
            <Text as="legend" fontWeight="medium" mb="2">
              {t('authoring.tests.when')}
            </Text>
            <RadioGroup.Root value={form.window} onValueChange={(e) => set({ window: e.value === 'window' ? 'window' : 'any' })}>
              <HStack gap="5" flexWrap="wrap">
                {(['any', 'window'] as const).map((value) => (
                  <RadioGroup.Item key={value} value={value}>
                    <RadioGroup.ItemHiddenInput />
                    <RadioGroup.ItemIndicator />
                    <RadioGroup.ItemText>{t(value === 'any' ? 'authoring.anyTime' : 'authoring.tests.fixedWindow')}</RadioGroup.ItemText>
                  </RadioGroup.Item>
                ))}
              </HStack>
            </RadioGroup.Root>
            {form.window === 'window' && (
              <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                <Field.Root invalid={Boolean(errors.opensAt)}>
                  <Field.Label>{t('authoring.tests.opensAt')}</Field.Label>
                  <Input type="datetime-local" value={form.opensAt} onChange={(e) => set({ opensAt: e.target.value })} />
                  {errors.opensAt && <Field.ErrorText>{problem('opensAt')}</Field.ErrorText>}
                </Field.Root>
                <Field.Root invalid={Boolean(errors.closesAt)}>
                  <Field.Label>{t('authoring.tests.closesAt')}</Field.Label>
                  <Input type="datetime-local" value={form.closesAt} onChange={(e) => set({ closesAt: e.target.value })} />
                  {errors.closesAt && <Field.ErrorText>{problem('closesAt')}</Field.ErrorText>}
                </Field.Root>
              </SimpleGrid>
            )}
          </Stack>

          <Stack as="section" gap="3" aria-labelledby="chosen-questions">
            <Heading as="h2" size="md" id="chosen-questions">
              {t('authoring.tests.chosen', { count: form.questionIds.length, n: n(form.questionIds.length) })}
            </Heading>
            {problem('questionIds') && <Text color="red.600">{problem('questionIds')}</Text>}
            {form.questionIds.length === 0 ? (
              <Text color="gray.600" fontSize="sm">
                {t('authoring.tests.noneChosen')}
              </Text>
            ) : (
              <Stack as="ol" gap="2" listStyleType="none">
                {form.questionIds.map((id, index) => {
                  const question = known.get(id);
                  const stats = statistics.get(id);
                  return (
                    <Box as="li" key={id} borderWidth="1px" borderRadius="md" p="3" data-testid="chosen-question">
                      <HStack align="start" justify="space-between" gap="2">
                        <Box minW="0">
                          <Text as="span" fontWeight="semibold" me="2">
                            {n(index + 1)}.
                          </Text>
                          {question ? <MathText text={question.text} /> : <Text as="span">{t('authoring.tests.unknownQuestion')}</Text>}
                          {question?.pictureURL && <QuestionPicture src={question.pictureURL} alt={t('authoring.pictureCurrent')} />}
                        </Box>
                        <Button
                          size="xs"
                          variant="outline"
                          colorPalette="red"
                          flexShrink={0}
                          onClick={() => set({ questionIds: form.questionIds.filter((q) => q !== id) })}
                        >
                          {t('authoring.tests.remove')}
                        </Button>
                      </HStack>
                      {question && (
                        <Box mt="2">
                          <QuestionStatisticsLine question={question} statistics={stats} />
                        </Box>
                      )}
                    </Box>
                  );
                })}
              </Stack>
            )}
          </Stack>

          {failure && (
            <Alert.Root status="error">
              <Alert.Indicator />
              <Alert.Title>{failure}</Alert.Title>
            </Alert.Root>
          )}
          <HStack gap="3" flexWrap="wrap">
            <Button type="submit" variant="outline" loading={created.loading || updated.loading} disabled={busy}>
              {t(published ? 'authoring.tests.saveChanges' : 'authoring.tests.saveDraft')}
            </Button>
            {published ? (
              <Button colorPalette="orange" onClick={() => void setLive(false)} disabled={busy}>
                {t('authoring.unpublish')}
              </Button>
            ) : (
              <Button colorPalette="green" onClick={() => void setLive(true)} disabled={busy}>
                {t('authoring.tests.saveAndPublish')}
              </Button>
            )}
          </HStack>
        </form>
      </Stack>

      <QuestionPicker form={form} isAdmin={isAdmin} onToggle={toggleQuestion} onAddAll={addAll} subjects={subjects} />
    </Stack>
  );
}

/**
 * Questions of the test's bank (its course's, or the shared bank for a test outside a course), filtered by the test's class and subject.
 * The lesson quiz editor uses it too.
 */
export function QuestionPicker({
  form,
  isAdmin,
  onToggle,
  onAddAll,
  subjects,
}: {
  form: Pick<ModelTestForm, 'courseId' | 'classLevel' | 'subjectId' | 'questionIds'>;
  isAdmin: boolean;
  onToggle: (question: BankQuestionFragment) => void;
  onAddAll: (questions: readonly BankQuestionFragment[]) => void;
  subjects: readonly SubjectChoice[];
}) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const [offset, setOffset] = useState(0);
  const [matchTest, setMatchTest] = useState(true);
  const classLevel = matchTest ? Number(form.classLevel) || null : null;
  const subjectId = matchTest ? form.subjectId || null : null;
  const shared = !form.courseId;
  const bank = useQuestionBankQuery({
    variables: { courseId: form.courseId || null, sharedBank: shared, classLevel, subjectId, offset, limit: PICKER_PAGE },
    skip: shared && !isAdmin,
    fetchPolicy: 'cache-and-network',
  });
  const items = bank.data?.questionBank.items ?? [];
  return (
    <Stack as="section" gap="3" aria-labelledby="question-picker" borderTopWidth="1px" pt="5">
      <Heading as="h2" size="md" id="question-picker">
        {t('authoring.tests.pick')}
      </Heading>
      <Checkbox.Root
        checked={matchTest}
        onCheckedChange={(e) => {
          setMatchTest(e.checked === true);
          setOffset(0);
        }}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t('authoring.tests.matchTest')}</Checkbox.Label>
      </Checkbox.Root>
      {bank.loading && !bank.data ? (
        <InlineLoading />
      ) : bank.error && !bank.data ? (
        <ErrorState onRetry={() => void bank.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState>
          <Text mb="3">{t('authoring.tests.bankEmpty')}</Text>
          <Button asChild size="sm" variant="outline">
            <RouterLink to={form.courseId ? paths.courseQuestionBank(form.courseId) : paths.questionBank}>{t('authoring.bank.title')}</RouterLink>
          </Button>
        </EmptyState>
      ) : (
        <Stack gap="2">
          {items.some((question) => !form.questionIds.includes(question.id)) && (
            <Button size="sm" variant="outline" alignSelf="start" onClick={() => onAddAll(items)}>
              {t('authoring.tests.addAll', { n: formatDigits(items.filter((q) => !form.questionIds.includes(q.id)).length, language) })}
            </Button>
          )}
          {items.map((question) => {
            const chosen = form.questionIds.includes(question.id);
            const subject = subjects.find((s) => s.id === question.subjectId);
            return (
              <HStack key={question.id} align="start" justify="space-between" borderWidth="1px" borderRadius="md" p="3" gap="3" data-testid="bank-pick">
                <Box minW="0">
                  <MathText text={question.text} />
                  <Text fontSize="xs" color="gray.600" mt="1">
                    {[subject ? (language === 'bn' ? subject.nameBn : subject.nameEn) : '', t(difficultyKey(question.difficulty))].filter(Boolean).join(' · ')}
                  </Text>
                </Box>
                <Button
                  size="xs"
                  flexShrink={0}
                  colorPalette={chosen ? 'red' : 'blue'}
                  variant={chosen ? 'outline' : 'solid'}
                  onClick={() => onToggle(question)}
                >
                  {t(chosen ? 'authoring.tests.remove' : 'authoring.tests.add')}
                </Button>
              </HStack>
            );
          })}
          <Pager offset={offset} limit={PICKER_PAGE} total={bank.data?.questionBank.total ?? 0} onChange={setOffset} />
        </Stack>
      )}
    </Stack>
  );
}
