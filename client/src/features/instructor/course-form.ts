import type { CourseCategory, CourseInput, CourseLanguage } from '../../gql/types';
import { typedNumber } from '../../lib/digits';

export interface LessonRow {
  key: string;
  id: string | null;
  title: string;
  videoURL: string;
  /** A free preview anyone may watch from the course page. */
  preview: boolean;
  /** The video's length in minutes as typed; empty when not known. */
  minutes: string;
}

export interface CourseForm {
  name: string;
  description: string;
  /** Whole taka, asked first: most students pay in taka (0 for a free course). */
  priceBDT: string;
  /** Dollars, for international cards; empty: the server proposes it from the taka price. */
  price: string;
  photoURL: string;
  category: CourseCategory;
  classLevel: string;
  language: CourseLanguage;
  keyPoints: string;
  targetedPeoples: string;
  whyNeed: string;
  lessons: LessonRow[];
}

let rowKey = 0;
export const newLessonRow = (lesson: Partial<LessonRow> = {}): LessonRow => ({
  key: `row-${(rowKey += 1)}`,
  id: null,
  title: '',
  videoURL: '',
  preview: false,
  minutes: '',
  ...lesson,
});

/** Minutes as typed to whole seconds; empty is unknown (null); what is no number becomes 0, which the server refuses with its message. */
export function minutesToSeconds(minutes: string): number | null {
  const text = minutes.trim();
  if (!text) return null;
  const value = typedNumber(text);
  return Number.isFinite(value) ? Math.round(value * 60) : 0;
}

/** Seconds from the server as minutes for the form ("9", "1.5"). */
export const secondsToMinutes = (seconds: number | null) => (seconds === null ? '' : String(Math.round((seconds / 60) * 100) / 100));

export const emptyCourseForm = (): CourseForm => ({
  name: '',
  description: '',
  priceBDT: '0',
  price: '',
  photoURL: '',
  category: 'PROFESSIONAL',
  classLevel: '',
  language: 'EN',
  keyPoints: '',
  targetedPeoples: '',
  whyNeed: '',
  lessons: [newLessonRow()],
});

/** The form as the API takes it: key points one per line, numbers parsed, lessons in their order. */
export function toCourseInput(form: CourseForm): CourseInput {
  return {
    name: form.name,
    description: form.description,
    // The taka price is required on the form; an empty one is left out, and the server asks for it.
    priceBDT: form.priceBDT.trim() === '' ? null : typedNumber(form.priceBDT),
    price: form.price.trim() === '' ? null : typedNumber(form.price),
    photoURL: form.photoURL || null,
    category: form.category,
    classLevel: form.category === 'SCHOOL' && form.classLevel ? Number(form.classLevel) : null,
    language: form.language,
    keyPoints: form.keyPoints
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    targetedPeoples: form.targetedPeoples || null,
    whyNeed: form.whyNeed || null,
    lessons: form.lessons.map((lesson) => ({
      id: lesson.id,
      title: lesson.title,
      videoURL: lesson.videoURL,
      preview: lesson.preview,
      durationSeconds: minutesToSeconds(lesson.minutes),
    })),
  };
}

/** Moves a lesson one place up (-1) or down (+1). */
export function moveLesson(lessons: LessonRow[], index: number, step: -1 | 1): LessonRow[] {
  const target = index + step;
  if (target < 0 || target >= lessons.length) return lessons;
  const next = [...lessons];
  [next[index], next[target]] = [next[target], next[index]];
  return next;
}
