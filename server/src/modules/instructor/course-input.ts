import { badInput } from '../../shared/errors';
import { DEFAULT_USD_TO_BDT, proposeTakaPrice } from '../../shared/money';
import { checkLength, checkWebAddress } from '../../shared/text-rules';
import { CourseCategory, CourseLanguage } from '../course/course.enums';

export interface LessonDraft {
  title?: string | null;
  videoURL?: string | null;
  preview?: boolean | null;
  durationSeconds?: number | null;
}

export interface ValidLesson {
  title: string;
  videoURL: string | null;
  preview: boolean;
  durationSeconds: number | null;
}

const MAX_LESSON_SECONDS = 24 * 3600;

export interface CourseDraft {
  name?: string | null;
  description?: string | null;
  price?: number | null;
  /** Whole taka; left out, it is proposed from the dollar price. */
  priceBDT?: number | null;
  photoURL?: string | null;
  category?: CourseCategory | null;
  classLevel?: number | null;
  /** Left out: English. */
  language?: CourseLanguage | null;
  keyPoints?: string[] | null;
  targetedPeoples?: string | null;
  whyNeed?: string | null;
  startsAt?: Date | null;
  lessons?: LessonDraft[] | null;
}

export interface ValidCourse {
  name: string;
  description: string;
  price: number;
  priceBDT: number;
  photoURL: string | null;
  category: CourseCategory;
  classLevel: number | null;
  language: CourseLanguage;
  keyPoints: string[];
  targetedPeoples: string | null;
  whyNeed: string | null;
  startsAt: Date | null;
  lessons: ValidLesson[];
}

export const MAX_LESSONS = 200;
export const MAX_PRICE = 10_000;
/** The most characters of each text of a course. */
export const COURSE_TEXT_LIMITS = { name: 150, description: 5000, keyPoint: 200, targetedPeoples: 2000, whyNeed: 2000, lessonTitle: 200 } as const;

/** Whole cents: 19.99 and 4.35 are, though 19.99 * 100 is 1998.9999999999998 in floating point. */
const wholeCents = (price: number) => Math.abs(price * 100 - Math.round(price * 100)) < 1e-6;

// NFC, so that the same Bangla text typed on two keyboards is stored alike.
const text = (value: string | null | undefined) => value?.trim().normalize('NFC') ?? '';

export const MAX_TAKA_PRICE = 2_000_000;

/** Every rule of a course an instructor writes, with one message per field that is wrong. */
export function validateCourse(draft: CourseDraft, usdToBdt = DEFAULT_USD_TO_BDT): ValidCourse {
  const problems: Record<string, string> = {};
  const name = text(draft.name);
  if (!name) problems.name = 'Name is required';
  else if (name.length > COURSE_TEXT_LIMITS.name) problems.name = checkLength(name, COURSE_TEXT_LIMITS.name, 'Name')!;
  const description = text(draft.description);
  if (!description) problems.description = 'Description is required';
  else if (description.length > COURSE_TEXT_LIMITS.description) problems.description = checkLength(description, COURSE_TEXT_LIMITS.description, 'Description')!;
  const price = draft.price ?? NaN;
  if (!Number.isFinite(price) || price < 0 || price > MAX_PRICE || !wholeCents(price)) {
    problems.price = `Price must be from 0 to ${MAX_PRICE} dollars, with at most 2 decimals`;
  }
  const priceBDT = draft.priceBDT ?? (Number.isFinite(price) ? proposeTakaPrice(price, usdToBdt) : 0);
  if (problems.price && draft.priceBDT == null) {
    // Nothing to propose from a wrong dollar price: its own message says what to fix.
  } else if (!Number.isInteger(priceBDT) || priceBDT < 0 || priceBDT > MAX_TAKA_PRICE) {
    problems.priceBDT = `The taka price must be a whole number from 0 to ${MAX_TAKA_PRICE.toLocaleString('en-IN')}`;
  } else if (!problems.price && (priceBDT === 0) !== (price === 0)) {
    problems.priceBDT = 'A free course is free in both currencies: set both prices to 0, or neither';
  }
  const photoURL = text(draft.photoURL) || null;
  if (photoURL) {
    const problem = checkWebAddress(photoURL, 'Photo URL');
    if (problem) problems.photoURL = problem;
  }
  const category = draft.category ?? null;
  if (!category) problems.category = 'Choose school or professional';
  const classLevel = draft.classLevel ?? null;
  if (category === CourseCategory.SCHOOL && (classLevel === null || !Number.isInteger(classLevel) || classLevel < 1 || classLevel > 12)) {
    problems.classLevel = 'A school course needs a class from 1 to 12';
  }
  if (category === CourseCategory.PROFESSIONAL && classLevel !== null) problems.classLevel = 'A professional course has no class';
  const language = draft.language ?? CourseLanguage.EN;
  if (!Object.values(CourseLanguage).includes(language)) problems.language = 'Choose Bangla or English';
  const keyPoints = (draft.keyPoints ?? []).map((point) => text(point)).filter(Boolean);
  if (keyPoints.length > 20 || keyPoints.some((point) => point.length > COURSE_TEXT_LIMITS.keyPoint)) {
    problems.keyPoints = `At most 20 key points of ${COURSE_TEXT_LIMITS.keyPoint} characters each`;
  }
  const targetedPeoples = text(draft.targetedPeoples) || null;
  const forWhom = targetedPeoples && checkLength(targetedPeoples, COURSE_TEXT_LIMITS.targetedPeoples, 'Who the course is for');
  if (forWhom) problems.targetedPeoples = forWhom;
  const whyNeed = text(draft.whyNeed) || null;
  const why = whyNeed && checkLength(whyNeed, COURSE_TEXT_LIMITS.whyNeed, 'Why learners need it');
  if (why) problems.whyNeed = why;
  const lessons: ValidLesson[] = (draft.lessons ?? []).map((lesson) => ({
    title: text(lesson.title),
    // Empty: the lesson's video is uploaded instead (from the course editor, once the lesson is saved).
    videoURL: text(lesson.videoURL) || null,
    preview: lesson.preview ?? false,
    durationSeconds: lesson.durationSeconds ?? null,
  }));
  if (lessons.length === 0) problems.lessons = 'Add at least one lesson';
  if (lessons.length > MAX_LESSONS) problems.lessons = `At most ${MAX_LESSONS} lessons`;
  lessons.forEach((lesson, i) => {
    if (!lesson.title) problems[`lessons.${i}.title`] = `Lesson ${i + 1} needs a title`;
    else if (lesson.title.length > COURSE_TEXT_LIMITS.lessonTitle) {
      problems[`lessons.${i}.title`] = checkLength(lesson.title, COURSE_TEXT_LIMITS.lessonTitle, `Lesson ${i + 1}: the title`)!;
    }
    if (lesson.videoURL) {
      const problem = checkWebAddress(lesson.videoURL, `Lesson ${i + 1}: the video URL`);
      if (problem) problems[`lessons.${i}.videoURL`] = problem;
    }
    const seconds = lesson.durationSeconds;
    if (seconds !== null && (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_LESSON_SECONDS)) {
      problems[`lessons.${i}.durationSeconds`] = `Lesson ${i + 1}: the length must be from 1 second to 24 hours`;
    }
  });
  const first = Object.values(problems)[0];
  if (first) throw badInput(first, { fields: problems });
  return {
    name,
    description,
    price,
    priceBDT,
    photoURL,
    category: category!,
    classLevel: category === CourseCategory.SCHOOL ? classLevel : null,
    language,
    keyPoints,
    targetedPeoples,
    whyNeed,
    startsAt: draft.startsAt ?? null,
    lessons,
  };
}
