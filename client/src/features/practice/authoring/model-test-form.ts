import type { ModelTestInput } from '../../../gql/types';
import { typedNumber } from '../../../lib/digits';
import { formatDigits } from '../../../lib/format';
import type { Language } from '../../../lib/i18n';
import type { AuthoringKey } from './texts';

export const MAX_TEST_QUESTIONS = 200;

/** A model test as its builder holds it: every field as typed. */
export interface ModelTestForm {
  title: string;
  description: string;
  /** The course's id; '' for a free test outside any course (admins only). */
  courseId: string;
  classLevel: string;
  subjectId: string;
  free: boolean;
  durationMinutes: string;
  negativeMark: string;
  passMark: string;
  /** 'any': open any time; 'window': between opensAt and closesAt (local date and time, as a datetime-local field gives it). */
  window: 'any' | 'window';
  opensAt: string;
  closesAt: string;
  questionIds: string[];
}

export type ModelTestErrors = Partial<Record<keyof ModelTestForm, AuthoringKey>>;

export const emptyModelTest = (defaults: Partial<ModelTestForm> = {}): ModelTestForm => ({
  title: '',
  description: '',
  courseId: '',
  classLevel: '',
  subjectId: '',
  free: true,
  durationMinutes: '',
  negativeMark: '',
  passMark: '',
  window: 'any',
  opensAt: '',
  closesAt: '',
  questionIds: [],
  ...defaults,
});

/** An instant as a datetime-local field shows it, in the device's time zone ("2026-11-27T20:00"). */
export function localDateTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

export function formOfTest(
  test: {
    title: string;
    description: string;
    courseId?: string | null;
    classLevel: number;
    subjectId: string;
    free: boolean;
    durationMinutes: number;
    negativeMark: number;
    passMark: number;
    opensAt?: string | null;
    closesAt?: string | null;
  },
  questionIds: string[],
  language: Language = 'en',
): ModelTestForm {
  const digits = (value: number) => formatDigits(value, language);
  return {
    title: test.title,
    description: test.description,
    courseId: test.courseId ?? '',
    classLevel: String(test.classLevel),
    subjectId: test.subjectId,
    free: test.free,
    durationMinutes: digits(test.durationMinutes),
    negativeMark: digits(test.negativeMark),
    passMark: digits(test.passMark),
    window: test.opensAt || test.closesAt ? 'window' : 'any',
    opensAt: test.opensAt ? localDateTime(test.opensAt) : '',
    closesAt: test.closesAt ? localDateTime(test.closesAt) : '',
    questionIds,
  };
}

/** Every problem of the form, by field, with the server's rules (the server checks them again). */
export function modelTestErrors(form: ModelTestForm, { sharedAllowed }: { sharedAllowed: boolean }): ModelTestErrors {
  const errors: ModelTestErrors = {};
  if (!form.title.trim()) errors.title = 'authoring.error.titleRequired';
  else if (form.title.trim().length > 200) errors.title = 'authoring.error.titleTooLong';
  if (!form.courseId && !sharedAllowed) errors.courseId = 'authoring.error.courseRequired';
  const level = typedNumber(form.classLevel);
  if (!Number.isInteger(level) || level < 1 || level > 13) errors.classLevel = 'authoring.error.classRequired';
  if (!form.subjectId) errors.subjectId = 'authoring.error.subjectRequired';
  const duration = typedNumber(form.durationMinutes);
  if (!Number.isInteger(duration) || duration < 1 || duration > 600) errors.durationMinutes = 'authoring.error.duration';
  const negative = typedNumber(form.negativeMark || '0');
  if (!(negative >= 0 && negative <= 1)) errors.negativeMark = 'authoring.error.negativeMark';
  const pass = typedNumber(form.passMark || '0');
  if (!(pass >= 0 && pass <= form.questionIds.length)) errors.passMark = 'authoring.error.passMark';
  if (form.window === 'window') {
    if (!form.opensAt && !form.closesAt) errors.opensAt = 'authoring.error.windowRequired';
    else if (form.opensAt && form.closesAt && new Date(form.opensAt) >= new Date(form.closesAt)) errors.closesAt = 'authoring.error.closesBeforeOpens';
  }
  if (form.questionIds.length > MAX_TEST_QUESTIONS) errors.questionIds = 'authoring.error.tooManyQuestions';
  return errors;
}

/** The form as the API takes it; call only when `modelTestErrors` found nothing. */
export function modelTestInput(form: ModelTestForm): ModelTestInput {
  const windowed = form.window === 'window';
  return {
    title: form.title.trim(),
    description: form.description.trim() || null,
    courseId: form.courseId || null,
    classLevel: typedNumber(form.classLevel),
    subjectId: form.subjectId,
    free: form.courseId ? form.free : true,
    durationMinutes: typedNumber(form.durationMinutes),
    negativeMark: typedNumber(form.negativeMark || '0'),
    passMark: typedNumber(form.passMark || '0'),
    opensAt: windowed && form.opensAt ? new Date(form.opensAt).toISOString() : null,
    closesAt: windowed && form.closesAt ? new Date(form.closesAt).toISOString() : null,
    questionIds: form.questionIds,
  };
}
