import { badInput } from '../../shared/errors';
import { checkWebAddress } from '../../shared/text-rules';
import { CourseCategory } from '../course/course.enums';

export interface LessonDraft {
  title?: string | null;
  videoURL?: string | null;
  preview?: boolean | null;
  durationSeconds?: number | null;
}

export interface ValidLesson {
  title: string;
  videoURL: string;
  preview: boolean;
  durationSeconds: number | null;
}

const MAX_LESSON_SECONDS = 24 * 3600;

export interface CourseDraft {
  name?: string | null;
  description?: string | null;
  price?: number | null;
  photoURL?: string | null;
  category?: CourseCategory | null;
  classLevel?: number | null;
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
  photoURL: string | null;
  category: CourseCategory;
  classLevel: number | null;
  keyPoints: string[];
  targetedPeoples: string | null;
  whyNeed: string | null;
  startsAt: Date | null;
  lessons: ValidLesson[];
}

export const MAX_LESSONS = 200;
const text = (value: string | null | undefined) => value?.trim() ?? '';

/** Every rule of a course an instructor writes, with one message per field that is wrong. */
export function validateCourse(draft: CourseDraft): ValidCourse {
  const problems: Record<string, string> = {};
  const name = text(draft.name);
  if (!name) problems.name = 'Name is required';
  else if (name.length > 150) problems.name = 'Name must be at most 150 characters';
  const description = text(draft.description);
  if (!description) problems.description = 'Description is required';
  else if (description.length > 5000) problems.description = 'Description must be at most 5000 characters';
  const price = draft.price ?? NaN;
  if (!Number.isFinite(price) || price < 0 || price > 10_000 || Math.round(price * 100) !== price * 100) {
    problems.price = 'Price must be from 0 to 10000 dollars, with at most 2 decimals';
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
  const keyPoints = (draft.keyPoints ?? []).map((point) => point.trim()).filter(Boolean);
  if (keyPoints.length > 20 || keyPoints.some((point) => point.length > 200)) problems.keyPoints = 'At most 20 key points of 200 characters each';
  const lessons: ValidLesson[] = (draft.lessons ?? []).map((lesson) => ({
    title: text(lesson.title),
    videoURL: text(lesson.videoURL),
    preview: lesson.preview ?? false,
    durationSeconds: lesson.durationSeconds ?? null,
  }));
  if (lessons.length === 0) problems.lessons = 'Add at least one lesson';
  if (lessons.length > MAX_LESSONS) problems.lessons = `At most ${MAX_LESSONS} lessons`;
  lessons.forEach((lesson, i) => {
    if (!lesson.title) problems[`lessons.${i}.title`] = `Lesson ${i + 1} needs a title`;
    else if (lesson.title.length > 200) problems[`lessons.${i}.title`] = `Lesson ${i + 1}: the title must be at most 200 characters`;
    if (!lesson.videoURL) problems[`lessons.${i}.videoURL`] = `Lesson ${i + 1} needs a video URL`;
    else {
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
    photoURL,
    category: category!,
    classLevel: category === CourseCategory.SCHOOL ? classLevel : null,
    keyPoints,
    targetedPeoples: text(draft.targetedPeoples) || null,
    whyNeed: text(draft.whyNeed) || null,
    startsAt: draft.startsAt ?? null,
    lessons,
  };
}
