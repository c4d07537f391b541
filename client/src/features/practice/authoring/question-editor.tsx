import { Alert, Box, Button, Checkbox, Field, Heading, HStack, IconButton, Input, RadioGroup, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { formatDigits } from '../../../lib/format';
import { describeError } from '../../../lib/graphql-errors';
import { useLanguage } from '../../../lib/i18n';
import { useSession } from '../../../lib/session-context';
import { useAuthoringT, type AuthoringKey } from './texts';
import { toaster } from '../../../lib/toaster';
import type { Difficulty, EducationBoard } from '../../../gql/types';
import { boardKey, BOARDS } from '../board-tag';
import { useAuthoringChaptersQuery, useCreateQuestionMutation, useUpdateQuestionMutation, type BankQuestionFragment } from '../api/authoring.generated';
import { MathText } from '../math-text';
import { QuestionPicture } from '../../../components/picture/question-picture';
import { pictureProblem, type PictureOutcome, type PictureProblem } from '../../../components/picture/picture-file';
import { sendQuestionPicture } from './question-picture';
import {
  emptyQuestion,
  formOf,
  MAX_OPTIONS,
  MIN_OPTIONS,
  questionErrors,
  questionInput,
  withoutOption,
  type QuestionErrors,
  type QuestionForm,
} from './question-form';
import { ChapterOptions, DifficultyOptions, LevelOptions, SelectField, SubjectOptions, type SubjectChoice } from './syllabus-fields';

interface QuestionEditorProps {
  /** The question to rewrite; left out, a new one. */
  question?: BankQuestionFragment;
  /** The bank it goes to: a course's id, or null for the shared bank. */
  courseId: string | null;
  subjects: readonly SubjectChoice[];
  /** Class and subject for a new question (the bank's filters). */
  defaults?: Partial<QuestionForm>;
  onDone: (saved: BankQuestionFragment | null) => void;
}

/** What saving does to the question's picture: nothing, a new one, or none any more. */
type PictureChange = { kind: 'keep' } | { kind: 'new'; file: File } | { kind: 'remove' };

const pictureProblemKeys: Record<PictureProblem, AuthoringKey> = {
  PICTURE_TOO_LARGE: 'authoring.error.pictureTooLarge',
  PICTURE_NOT_SUPPORTED: 'authoring.error.pictureNotSupported',
};
const isPictureProblem = (code: string | null): code is PictureProblem => code !== null && code in pictureProblemKeys;

/** A chosen file's address for the preview while it is shown (none where the browser cannot make one). */
function useFileAddress(file: File | null): string | null {
  const address = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (address && URL.revokeObjectURL(address)), [address]);
  return address;
}

/** Writes or rewrites a question: text, 2 to 6 options with one marked correct, explanation and syllabus, with a live preview. */
export function QuestionEditor({ question, courseId, subjects, defaults, onDone }: QuestionEditorProps) {
  const t = useAuthoringT();
  const { language } = useLanguage();
  const [form, setForm] = useState<QuestionForm>(() => (question ? formOf(question) : emptyQuestion(defaults)));
  const [errors, setErrors] = useState<QuestionErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [create, created] = useCreateQuestionMutation();
  const [update, updated] = useUpdateQuestionMutation();
  const { session } = useSession();
  const [picture, setPicture] = useState<PictureChange>({ kind: 'keep' });
  const [pictureError, setPictureError] = useState<AuthoringKey | null>(null);
  const [sendingPicture, setSendingPicture] = useState(false);
  // A new question saved while its picture was refused: saving again rewrites it rather than writing a second one.
  const [savedId, setSavedId] = useState<string | null>(question?.id ?? null);
  const chosenAddress = useFileAddress(picture.kind === 'new' ? picture.file : null);
  const shownPicture = picture.kind === 'new' ? chosenAddress : picture.kind === 'remove' ? null : (question?.pictureURL ?? null);
  const saving = created.loading || updated.loading || sendingPicture;
  const level = Number(form.classLevel) || null;
  const chapters = useAuthoringChaptersQuery({ variables: { subjectId: form.subjectId, classLevel: level }, skip: !form.subjectId });
  const set = (change: Partial<QuestionForm>) => {
    setForm((current) => ({ ...current, ...change }));
    setErrors((current) => {
      const next = { ...current };
      for (const key of Object.keys(change)) delete next[key];
      if (change.options) for (const key of Object.keys(next)) if (key.startsWith('option')) delete next[key];
      return next;
    });
  };
  const problem = (field: string) => (errors[field] ? t(errors[field]) : undefined);
  const n = (value: number) => formatDigits(value, language);

  const choosePicture = async (file: File | undefined) => {
    setPictureError(null);
    if (!file) return;
    const found = await pictureProblem(file);
    if (found) setPictureError(pictureProblemKeys[found]);
    else setPicture({ kind: 'new', file });
  };

  const pictureFailure = (outcome: Extract<PictureOutcome, { ok: false }>) =>
    isPictureProblem(outcome.code) ? t(pictureProblemKeys[outcome.code]) : (outcome.message ?? t('common.noConnection'));

  const save = async () => {
    const found = questionErrors(form);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    try {
      const input = questionInput(form, courseId);
      const result = savedId ? await update({ variables: { id: savedId, input } }) : await create({ variables: { input } });
      let saved = result.data && ('updateQuestion' in result.data ? result.data.updateQuestion : result.data.createQuestion);
      if (saved && picture.kind !== 'keep') {
        setSavedId(saved.id);
        setSendingPicture(true);
        const outcome = await sendQuestionPicture(saved.id, picture.kind === 'new' ? picture.file : null, session.getToken()).finally(() =>
          setSendingPicture(false),
        );
        if (!outcome.ok) {
          setFailure(t('authoring.pictureNotSaved', { reason: pictureFailure(outcome) }));
          return;
        }
        saved = { ...saved, pictureURL: outcome.pictureURL };
      }
      toaster.create({ title: t(question ? 'authoring.questionUpdated' : 'authoring.questionCreated'), type: 'success' });
      onDone(saved ?? null);
    } catch (error) {
      setFailure(describeError(error, t).message);
    }
  };

  return (
    <Stack asChild gap="5">
      <form noValidate onSubmit={(e) => (e.preventDefault(), void save())} aria-labelledby="question-editor-title">
        <Heading as="h2" size="lg" id="question-editor-title">
          {t(question ? 'authoring.editQuestion' : 'authoring.newQuestion')}
        </Heading>
        <Field.Root required invalid={Boolean(errors.text)}>
          <Field.Label>{t('authoring.questionText')}</Field.Label>
          <Textarea rows={3} value={form.text} onChange={(e) => set({ text: e.target.value })} />
          <Field.HelperText>{t('authoring.formulaHelp')}</Field.HelperText>
          {errors.text && <Field.ErrorText>{problem('text')}</Field.ErrorText>}
        </Field.Root>

        <Stack gap="3" as="fieldset">
          <Text as="legend" fontWeight="medium" mb="2">
            {t('authoring.options')}
          </Text>
          <RadioGroup.Root
            value={form.correct === null ? null : String(form.correct)}
            onValueChange={(e) => set({ correct: e.value === null ? null : Number(e.value) })}
            colorPalette="green"
          >
            <Stack gap="3">
              {form.options.map((option, index) => (
                <Box key={index} borderWidth="1px" borderRadius="md" p="3" data-testid="option-row">
                  <Field.Root required invalid={Boolean(errors[`option${index + 1}`])}>
                    <Field.Label>{t('authoring.optionN', { n: n(index + 1) })}</Field.Label>
                    <Input value={option} onChange={(e) => set({ options: form.options.map((text, i) => (i === index ? e.target.value : text)) })} />
                    {errors[`option${index + 1}`] && <Field.ErrorText>{problem(`option${index + 1}`)}</Field.ErrorText>}
                  </Field.Root>
                  <HStack justify="space-between" mt="2" gap="2" flexWrap="wrap">
                    <RadioGroup.Item value={String(index)}>
                      <RadioGroup.ItemHiddenInput aria-label={t('authoring.markCorrect', { n: n(index + 1) })} />
                      <RadioGroup.ItemIndicator />
                      <RadioGroup.ItemText>{t('authoring.correctOption')}</RadioGroup.ItemText>
                    </RadioGroup.Item>
                    {form.options.length > MIN_OPTIONS && (
                      <IconButton
                        size="sm"
                        variant="ghost"
                        colorPalette="red"
                        aria-label={t('authoring.removeOption', { n: n(index + 1) })}
                        onClick={() => setForm(withoutOption(form, index))}
                      >
                        ×
                      </IconButton>
                    )}
                  </HStack>
                </Box>
              ))}
            </Stack>
          </RadioGroup.Root>
          {errors.correct && (
            <Text color="red.600" fontSize="sm" role="alert">
              {problem('correct')}
            </Text>
          )}
          {form.options.length < MAX_OPTIONS && (
            <Button variant="outline" size="sm" alignSelf="start" onClick={() => set({ options: [...form.options, ''] })}>
              {t('authoring.addOption')}
            </Button>
          )}
        </Stack>

        <Field.Root invalid={Boolean(errors.explanation)}>
          <Field.Label>{t('authoring.explanation')}</Field.Label>
          <Textarea rows={3} value={form.explanation} onChange={(e) => set({ explanation: e.target.value })} />
        </Field.Root>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SelectField
            label={t('practice.class')}
            value={form.classLevel}
            onChange={(classLevel) => set({ classLevel, chapterId: '' })}
            blank={t('authoring.choose')}
            error={problem('classLevel')}
            required
          >
            <LevelOptions />
          </SelectField>
          <SelectField
            label={t('practice.subject')}
            value={form.subjectId}
            onChange={(subjectId) => set({ subjectId, chapterId: '' })}
            blank={t('authoring.choose')}
            error={problem('subjectId')}
            required
          >
            <SubjectOptions subjects={subjects} />
          </SelectField>
          <SelectField
            label={t('authoring.chapter')}
            value={form.chapterId}
            onChange={(chapterId) => set({ chapterId })}
            blank={t('authoring.noChapter')}
            disabled={!form.subjectId}
          >
            <ChapterOptions chapters={chapters.data?.chapters ?? []} />
          </SelectField>
          <SelectField label={t('authoring.difficulty')} value={form.difficulty} onChange={(difficulty) => set({ difficulty: difficulty as Difficulty })}>
            <DifficultyOptions />
          </SelectField>
        </SimpleGrid>

        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SelectField
            label={t('authoring.board')}
            value={form.board}
            onChange={(board) => set({ board: board as EducationBoard | '', ...(board ? {} : { boardYear: '' }) })}
            blank={t('authoring.notBoard')}
            error={problem('board')}
          >
            {BOARDS.map((board) => (
              <option key={board} value={board}>
                {t(boardKey(board))}
              </option>
            ))}
          </SelectField>
          <Field.Root invalid={Boolean(errors.boardYear)} disabled={!form.board && !form.boardYear}>
            <Field.Label>{t('authoring.boardYear')}</Field.Label>
            <Input inputMode="numeric" value={form.boardYear} onChange={(e) => set({ boardYear: e.target.value })} maxLength={4} />
            {errors.boardYear && <Field.ErrorText>{problem('boardYear')}</Field.ErrorText>}
          </Field.Root>
        </SimpleGrid>
        <Text fontSize="sm" color="gray.600" mt="-2">
          {t('authoring.boardHelp')}
        </Text>

        <Field.Root>
          <Checkbox.Root checked={form.usableInPractice} onCheckedChange={(e) => set({ usableInPractice: e.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{t('authoring.usableInPractice')}</Checkbox.Label>
          </Checkbox.Root>
          <Field.HelperText>{t('authoring.usableInPracticeHelp')}</Field.HelperText>
        </Field.Root>

        <Field.Root invalid={Boolean(pictureError)}>
          <Field.Label>{t('authoring.picture')}</Field.Label>
          <Input
            type="file"
            accept="image/png,image/jpeg,image/webp"
            p="1"
            onChange={(e) => {
              const input = e.currentTarget;
              void choosePicture(input.files?.[0]).then(() => {
                // The same file chosen again after a refusal is read again.
                input.value = '';
              });
            }}
          />
          <Field.HelperText>{t('authoring.pictureHelp')}</Field.HelperText>
          {pictureError && <Field.ErrorText>{t(pictureError)}</Field.ErrorText>}
        </Field.Root>
        {picture.kind === 'new' && <Text fontSize="sm">{t('authoring.pictureChosen', { name: picture.file.name })}</Text>}
        {picture.kind === 'remove' ? (
          <HStack gap="3" flexWrap="wrap">
            <Text fontSize="sm">{t('authoring.pictureRemoved')}</Text>
            <Button size="sm" variant="outline" onClick={() => setPicture({ kind: 'keep' })}>
              {t('authoring.keepPicture')}
            </Button>
          </HStack>
        ) : (
          (picture.kind === 'new' || question?.pictureURL) && (
            <Button
              size="sm"
              variant="outline"
              colorPalette="red"
              alignSelf="start"
              onClick={() => setPicture(question?.pictureURL ? { kind: 'remove' } : { kind: 'keep' })}
            >
              {t('authoring.removePicture')}
            </Button>
          )
        )}

        <QuestionPreview form={form} picture={shownPicture} />

        {failure && (
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>{failure}</Alert.Title>
          </Alert.Root>
        )}
        <HStack gap="3" flexWrap="wrap">
          <Button type="submit" colorPalette="blue" loading={saving}>
            {t('authoring.saveQuestion')}
          </Button>
          <Button variant="outline" onClick={() => onDone(null)} disabled={saving}>
            {t('authoring.cancel')}
          </Button>
        </HStack>
      </form>
    </Stack>
  );
}

/** The question as students will see it, formulas drawn, the correct option marked. */
export function QuestionPreview({ form, picture = null }: { form: QuestionForm; picture?: string | null }) {
  const t = useAuthoringT();
  if (!form.text.trim() && !picture && form.options.every((option) => !option.trim())) return null;
  return (
    <Box as="section" aria-label={t('authoring.preview')} borderWidth="1px" borderRadius="md" p="4" bg="gray.50" data-testid="question-preview">
      <Text fontSize="sm" fontWeight="semibold" color="gray.600" mb="2">
        {t('authoring.preview')}
      </Text>
      <MathText text={form.text} fontWeight="medium" />
      {picture && (
        <Box mt="3">
          <QuestionPicture src={picture} alt={t('authoring.pictureCurrent')} />
        </Box>
      )}
      <Stack as="ol" gap="1" mt="3" listStyleType="none">
        {form.options.map((option, index) =>
          option.trim() ? (
            <Box as="li" key={index} px="2" py="1" borderRadius="sm" bg={form.correct === index ? 'green.100' : undefined}>
              <MathText text={option} />
              {form.correct === index && (
                <Text as="span" ms="2" fontSize="sm" color="green.800">
                  {t('authoring.correctMark')}
                </Text>
              )}
            </Box>
          ) : null,
        )}
      </Stack>
      {form.explanation.trim() && (
        <Box mt="3" fontSize="sm">
          <Text as="span" fontWeight="semibold">
            {t('practice.explanation')}:{' '}
          </Text>
          <MathText text={form.explanation} />
        </Box>
      )}
    </Box>
  );
}
