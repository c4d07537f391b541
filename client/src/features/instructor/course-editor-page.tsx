import { Alert, Box, Button, Checkbox, Field, Heading, HStack, IconButton, Input, NativeSelect, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { ErrorState, InlineLoading } from '../../components/states';
import type { CourseCategory, CourseLanguage } from '../../gql/types';
import {
  useCreateCourseMutation,
  useManagedCourseQuery,
  useProposedDollarPriceQuery,
  useSetCoursePublishedMutation,
  useUpdateCourseMutation,
} from './api/instructor.generated';
import { formatDigits, formatMoney } from '../../lib/format';
import { courseLanguageLabels } from '../../lib/course-languages';
import { useLanguage, useT } from '../../lib/i18n';
import { describeError } from '../../lib/graphql-errors';
import { toaster } from '../../lib/toaster';
import { emptyCourseForm, moveLesson, newLessonRow, secondsToMinutes, toCourseInput, type CourseForm } from './course-form';
import { VideoUpload } from './components/video-upload';
import { paths } from '../../lib/paths';
import { localDigits, typedNumber } from '../../lib/digits';
import { fromMinorUnits } from '../../lib/minor-units';

type Problems = { message: string; fields: Record<string, string> } | null;

/** Upload Course: every field of a course and its ordered lessons, saved as a draft or published. */
/** The dollar price for international cards: the instructor's own, or, left empty, the one proposed from the taka price. */
function DollarPriceField({ value, taka, problem, onChange }: { value: string; taka: string; problem?: string; onChange: (value: string) => void }) {
  const t = useT();
  const { language } = useLanguage();
  const amount = typedNumber(taka);
  const { data } = useProposedDollarPriceQuery({ variables: { taka: amount }, skip: taka.trim() === '' || !Number.isInteger(amount) || amount < 0 });
  const proposal = data?.usdPriceProposal;
  return (
    <Field.Root invalid={Boolean(problem)}>
      <Field.Label>{t('instructor.form.priceDollars')}</Field.Label>
      <Input
        inputMode="decimal"
        placeholder={proposal ? localDigits(String(fromMinorUnits(proposal.amount)), language) : ''}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
      {proposal && (
        <Field.HelperText>
          {t(value.trim() === '' ? 'instructor.form.dollarsLeftEmpty' : 'instructor.form.dollarsProposed', {
            price: formatMoney(proposal, language),
          })}
        </Field.HelperText>
      )}
      <Field.ErrorText>{problem}</Field.ErrorText>
    </Field.Root>
  );
}

export default function CourseEditorPage() {
  const t = useT();
  const { language } = useLanguage();
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = Boolean(id);
  const { data, loading, error } = useManagedCourseQuery({ variables: { id: id ?? '' }, skip: !editing, fetchPolicy: 'network-only' });
  // Numbers are shown in the page's digits; either kind is read back (lib/digits.ts).
  const [form, setForm] = useState<CourseForm | null>(editing ? null : { ...emptyCourseForm(), priceBDT: localDigits('0', language) });
  const [problems, setProblems] = useState<Problems>(null);
  const [saving, setSaving] = useState(false);
  const [create] = useCreateCourseMutation();
  const [update] = useUpdateCourseMutation();
  const [setPublished] = useSetCoursePublishedMutation();

  useEffect(() => {
    const course = data?.managedCourse;
    if (!course || form) return;
    setForm({
      name: course.name,
      description: course.description,
      price: localDigits(String(course.price), language),
      priceBDT: localDigits(String(course.priceBDT), language),
      photoURL: course.photoURL ?? '',
      category: course.category,
      classLevel: course.classLevel ? String(course.classLevel) : '',
      language: course.language,
      keyPoints: course.keyPoints.join('\n'),
      targetedPeoples: course.targetedPeoples ?? '',
      whyNeed: course.whyNeed ?? '',
      lessons: course.lessons.map((lesson) =>
        newLessonRow({
          id: lesson.id,
          title: lesson.title,
          videoURL: lesson.videoURL ?? '',
          preview: lesson.preview,
          minutes: localDigits(secondsToMinutes(lesson.durationSeconds), language),
        }),
      ),
    });
  }, [data, form, language]);

  if (editing && loading && !form) return <InlineLoading />;
  if (editing && error) return <ErrorState message={describeError(error, t).message} />;
  if (!form) return <InlineLoading />;

  const set = (changes: Partial<CourseForm>) => setForm({ ...form, ...changes });
  const setLesson = (index: number, changes: Partial<CourseForm['lessons'][number]>) =>
    set({ lessons: form.lessons.map((lesson, i) => (i === index ? { ...lesson, ...changes } : lesson)) });

  const save = async (publish: boolean) => {
    setProblems(null);
    setSaving(true);
    try {
      const input = toCourseInput(form);
      const saved = editing
        ? (await update({ variables: { id: id!, input } })).data!.updateCourse
        : (await create({ variables: { input } })).data!.createCourse;
      if (publish !== saved.published) await setPublished({ variables: { id: saved.id, published: publish } });
      toaster.create({ title: publish ? t('instructor.published') : t('instructor.savedDraft'), type: 'success' });
      void navigate(paths.instructorDashboard);
    } catch (failure) {
      setProblems(describeError(failure, t));
    } finally {
      setSaving(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save(true);
  };
  const problem = (field: string) => problems?.fields[field];

  const textField = (field: 'name' | 'photoURL' | 'targetedPeoples' | 'whyNeed', label: string, required = false) => (
    <Field.Root required={required} invalid={Boolean(problem(field))}>
      <Field.Label>{label}</Field.Label>
      <Input value={form[field]} onChange={(e) => set({ [field]: e.target.value })} />
      <Field.ErrorText>{problem(field)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <form onSubmit={submit} noValidate aria-label={t('instructor.form.label')}>
      <Stack gap="5">
        <Heading as="h1" size="xl">
          {t(editing ? 'instructor.form.editTitle' : 'instructor.form.uploadTitle')}
        </Heading>
        {id && (
          <Button asChild variant="outline" size="sm" alignSelf="start">
            <RouterLink to={paths.courseQuestionBank(id)}>{t('instructor.nav.questionBank')}</RouterLink>
          </Button>
        )}
        {id && (
          <Button asChild variant="outline" size="sm" alignSelf="start">
            <RouterLink to={paths.lessonQuizzes(id)}>{t('instructor.nav.lessonQuizzes')}</RouterLink>
          </Button>
        )}
        {textField('name', t('instructor.form.name'), true)}
        <Field.Root required invalid={Boolean(problem('description'))}>
          <Field.Label>{t('instructor.form.description')}</Field.Label>
          <Textarea rows={4} value={form.description} onChange={(e) => set({ description: e.target.value })} />
          <Field.ErrorText>{problem('description')}</Field.ErrorText>
        </Field.Root>
        <SimpleGrid columns={{ base: 1, sm: 2, md: 4 }} gap="4">
          <Field.Root required invalid={Boolean(problem('priceBDT'))}>
            <Field.Label>{t('instructor.form.priceTaka')}</Field.Label>
            <Input inputMode="numeric" value={form.priceBDT} onChange={(e) => set({ priceBDT: e.target.value })} />
            <Field.HelperText>{t('instructor.form.takaHelp')}</Field.HelperText>
            <Field.ErrorText>{problem('priceBDT')}</Field.ErrorText>
          </Field.Root>
          <DollarPriceField value={form.price} taka={form.priceBDT} problem={problem('price')} onChange={(price) => set({ price })} />
          <Field.Root required invalid={Boolean(problem('category'))}>
            <Field.Label>{t('instructor.form.category')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.category} onChange={(e) => set({ category: e.target.value as CourseCategory })}>
                <option value="PROFESSIONAL">{t('instructor.form.professional')}</option>
                <option value="SCHOOL">{t('instructor.form.school')}</option>
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
          <Field.Root invalid={Boolean(problem('classLevel'))} disabled={form.category !== 'SCHOOL'}>
            <Field.Label>{t('instructor.form.class')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.classLevel} onChange={(e) => set({ classLevel: e.target.value })}>
                <option value="">{t('instructor.form.chooseClass')}</option>
                {Array.from({ length: 12 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {t('instructor.form.classN', { n: i + 1 })}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('classLevel')}</Field.ErrorText>
          </Field.Root>
          <Field.Root required invalid={Boolean(problem('language'))}>
            <Field.Label>{t('courseLanguage.field')}</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field value={form.language} onChange={(e) => set({ language: e.target.value as CourseLanguage })}>
                {(Object.keys(courseLanguageLabels) as CourseLanguage[]).map((language) => (
                  <option key={language} value={language} lang={courseLanguageLabels[language].lang}>
                    {courseLanguageLabels[language].label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Field.ErrorText>{problem('language')}</Field.ErrorText>
          </Field.Root>
        </SimpleGrid>
        {textField('photoURL', t('instructor.form.photo'))}
        <Field.Root invalid={Boolean(problem('keyPoints'))}>
          <Field.Label>{t('instructor.form.keyPoints')}</Field.Label>
          <Textarea rows={4} value={form.keyPoints} onChange={(e) => set({ keyPoints: e.target.value })} />
          <Field.HelperText>{t('instructor.form.onePerLine')}</Field.HelperText>
          <Field.ErrorText>{problem('keyPoints')}</Field.ErrorText>
        </Field.Root>
        {textField('targetedPeoples', t('instructor.form.targeted'))}
        {textField('whyNeed', t('instructor.form.whyNeed'))}

        <Stack gap="3">
          <Heading as="h2" size="md">
            {t('instructor.form.lessons')}
          </Heading>
          {problem('lessons') && <Text color="red.600">{problem('lessons')}</Text>}
          {form.lessons.map((lesson, index) => (
            <Box key={lesson.key} borderWidth="1px" borderRadius="md" p="3" data-testid="lesson-row">
              <HStack gap="3" align="start" flexWrap={{ base: 'wrap', md: 'nowrap' }}>
                <Text fontWeight="bold" pt="8">
                  {formatDigits(index + 1, language)}.
                </Text>
                <Field.Root invalid={Boolean(problem(`lessons.${index}.title`))}>
                  <Field.Label>{t('instructor.form.lessonTitle', { n: index + 1 })}</Field.Label>
                  <Input value={lesson.title} onChange={(e) => setLesson(index, { title: e.target.value })} />
                  <Field.ErrorText>{problem(`lessons.${index}.title`)}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(problem(`lessons.${index}.videoURL`))}>
                  <Field.Label>{t('instructor.form.lessonVideo', { n: index + 1 })}</Field.Label>
                  <Input value={lesson.videoURL} onChange={(e) => setLesson(index, { videoURL: e.target.value })} />
                  <Field.ErrorText>{problem(`lessons.${index}.videoURL`)}</Field.ErrorText>
                </Field.Root>
                <Field.Root invalid={Boolean(problem(`lessons.${index}.durationSeconds`))} maxW={{ md: '32' }}>
                  <Field.Label>{t('instructor.form.length')}</Field.Label>
                  <Input
                    inputMode="decimal"
                    value={lesson.minutes}
                    onChange={(e) => setLesson(index, { minutes: e.target.value })}
                    aria-label={t('instructor.form.lessonLength', { n: index + 1 })}
                  />
                  <Field.ErrorText>{problem(`lessons.${index}.durationSeconds`)}</Field.ErrorText>
                </Field.Root>
                <Checkbox.Root
                  checked={lesson.preview}
                  onCheckedChange={(e) => setLesson(index, { preview: e.checked === true })}
                  pt={{ md: '8' }}
                  flexShrink={0}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{t('instructor.form.preview')}</Checkbox.Label>
                </Checkbox.Root>
                <HStack pt="7">
                  <IconButton
                    aria-label={t('instructor.form.moveUp', { n: index + 1 })}
                    size="sm"
                    variant="ghost"
                    disabled={index === 0}
                    onClick={() => set({ lessons: moveLesson(form.lessons, index, -1) })}
                  >
                    <ArrowUp />
                  </IconButton>
                  <IconButton
                    aria-label={t('instructor.form.moveDown', { n: index + 1 })}
                    size="sm"
                    variant="ghost"
                    disabled={index === form.lessons.length - 1}
                    onClick={() => set({ lessons: moveLesson(form.lessons, index, 1) })}
                  >
                    <ArrowDown />
                  </IconButton>
                  <IconButton
                    aria-label={t('instructor.form.remove', { n: index + 1 })}
                    size="sm"
                    variant="ghost"
                    colorPalette="red"
                    onClick={() => set({ lessons: form.lessons.filter((_, i) => i !== index) })}
                  >
                    <Trash2 />
                  </IconButton>
                </HStack>
              </HStack>
              {id && lesson.id ? (
                <Box mt="3">
                  <VideoUpload courseId={id} lessonId={lesson.id} label={t('instructor.form.lessonNumber', { n: index + 1 })} />
                </Box>
              ) : (
                <Text mt="2" fontSize="sm" color="gray.600">
                  {t('instructor.form.saveBeforeUpload')}
                </Text>
              )}
            </Box>
          ))}
          <Button variant="outline" alignSelf="start" onClick={() => set({ lessons: [...form.lessons, newLessonRow()] })}>
            <Plus aria-hidden /> {t('instructor.form.addLesson')}
          </Button>
        </Stack>

        {problems && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{problems.message}</Alert.Title>
          </Alert.Root>
        )}
        {/* Bangla labels are longer: on a narrow phone the second button goes under the first. */}
        <HStack gap="3" wrap="wrap">
          <Button type="submit" colorPalette="blue" disabled={saving}>
            {t('instructor.form.savePublish')}
          </Button>
          <Button variant="outline" disabled={saving} onClick={() => void save(false)}>
            {t('instructor.form.saveDraft')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
