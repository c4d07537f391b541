import type { Difficulty, EducationBoard, QuestionInput } from '../../../gql/types';
import { typedNumber } from '../../../lib/digits';
import type { AuthoringKey } from './texts';

export const MIN_OPTIONS = 2;
export const MAX_OPTIONS = 6;
export const MAX_QUESTION_TEXT = 4000;
export const MAX_OPTION_TEXT = 1000;
export const DIFFICULTIES: Difficulty[] = ['EASY', 'MEDIUM', 'HARD'];
/** The first year a board question may carry (the server's rule; the last is this year). */
export const MIN_BOARD_YEAR = 1990;

/** A question as its editor holds it: every field as typed. */
export interface QuestionForm {
  text: string;
  options: string[];
  /** The position of the correct option, or null before one is marked. */
  correct: number | null;
  explanation: string;
  classLevel: string;
  subjectId: string;
  chapterId: string;
  difficulty: Difficulty;
  /** false keeps the question for exams only: it never appears in the practice sets students make. */
  usableInPractice: boolean;
  /** The education board that set it, or '' for a question of no board exam. */
  board: EducationBoard | '';
  /** The board exam's year as typed (either digits); '' with no board. */
  boardYear: string;
}

/** Field name ("text", "option1", "correct", "classLevel", "subjectId") → catalogue key of its problem. */
export type QuestionErrors = Partial<Record<string, AuthoringKey>>;

export const emptyQuestion = (defaults: Partial<QuestionForm> = {}): QuestionForm => ({
  text: '',
  options: ['', '', '', ''],
  correct: null,
  explanation: '',
  classLevel: '',
  subjectId: '',
  chapterId: '',
  difficulty: 'MEDIUM',
  usableInPractice: true,
  board: '',
  boardYear: '',
  ...defaults,
});

/** The editor's fields for a question of the bank. */
export function formOf(question: {
  text: string;
  options: ReadonlyArray<{ id: string; text: string }>;
  /** Null for a question whose key the author may not read: such a question is never saved from this form (the server refuses). */
  correctOptionId: string | null;
  explanation: string | null;
  classLevel: number;
  subjectId: string;
  chapterId?: string | null;
  difficulty: Difficulty;
  usableInPractice?: boolean;
  boardTag?: { board: EducationBoard; year: number } | null;
}): QuestionForm {
  return {
    text: question.text,
    options: question.options.map((option) => option.text),
    correct: Math.max(
      0,
      question.options.findIndex((option) => option.id === question.correctOptionId),
    ),
    explanation: question.explanation ?? '',
    classLevel: String(question.classLevel),
    subjectId: question.subjectId,
    chapterId: question.chapterId ?? '',
    difficulty: question.difficulty,
    usableInPractice: question.usableInPractice ?? true,
    board: question.boardTag?.board ?? '',
    boardYear: question.boardTag ? String(question.boardTag.year) : '',
  };
}

/** Every problem of the form, by field, with the server's rules (the server checks them again). */
export function questionErrors(form: QuestionForm, now = new Date()): QuestionErrors {
  const errors: QuestionErrors = {};
  if (!form.text.trim()) errors.text = 'authoring.error.textRequired';
  else if (form.text.trim().length > MAX_QUESTION_TEXT) errors.text = 'authoring.error.textTooLong';
  const seen = new Set<string>();
  form.options.forEach((option, index) => {
    const field = `option${index + 1}`;
    const text = option.trim().normalize('NFC');
    if (!text) errors[field] = 'authoring.error.optionRequired';
    else if (text.length > MAX_OPTION_TEXT) errors[field] = 'authoring.error.optionTooLong';
    else if (seen.has(text)) errors[field] = 'authoring.error.optionRepeated';
    seen.add(text);
  });
  if (form.correct === null || form.correct < 0 || form.correct >= form.options.length) errors.correct = 'authoring.error.correctRequired';
  const level = typedNumber(form.classLevel);
  if (!Number.isInteger(level) || level < 1 || level > 13) errors.classLevel = 'authoring.error.classRequired';
  if (!form.subjectId) errors.subjectId = 'authoring.error.subjectRequired';
  const year = typedNumber(form.boardYear);
  if (form.boardYear.trim() && (!Number.isInteger(year) || year < MIN_BOARD_YEAR || year > now.getFullYear())) errors.boardYear = 'authoring.error.boardYear';
  else if (form.board && !form.boardYear.trim()) errors.boardYear = 'authoring.error.boardYearRequired';
  else if (!form.board && form.boardYear.trim()) errors.board = 'authoring.error.boardRequired';
  return errors;
}

/** The form as the API takes it; call only when `questionErrors` found nothing. */
export function questionInput(form: QuestionForm, courseId: string | null): QuestionInput {
  return {
    text: form.text.trim(),
    options: form.options.map((option) => option.trim()),
    correctOption: form.correct ?? 0,
    explanation: form.explanation.trim() || null,
    classLevel: typedNumber(form.classLevel),
    subjectId: form.subjectId,
    chapterId: form.chapterId || null,
    difficulty: form.difficulty,
    courseId,
    usableInPractice: form.usableInPractice,
    boardTag: form.board ? { board: form.board, year: typedNumber(form.boardYear) } : null,
  };
}

/** Removes option `index`, keeping the mark on the same option (or none, if it was the one removed). */
export function withoutOption(form: QuestionForm, index: number): QuestionForm {
  if (form.options.length <= MIN_OPTIONS) return form;
  const correct = form.correct === null || form.correct === index ? null : form.correct > index ? form.correct - 1 : form.correct;
  return { ...form, options: form.options.filter((_, i) => i !== index), correct };
}
