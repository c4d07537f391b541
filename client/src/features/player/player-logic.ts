import { truncate } from '../../lib/format';

export const LESSON_TITLE_MAX = 60;

/** A lesson title in the list: cut at 60 characters. */
export const lessonLabel = (title: string) => truncate(title, LESSON_TITLE_MAX);

/** The lessons whose title contains the search text, case-insensitively. */
export function filterLessons<T extends { title: string }>(lessons: T[], search: string): T[] {
  const text = search.trim().toLowerCase();
  return text ? lessons.filter((lesson) => lesson.title.toLowerCase().includes(text)) : lessons;
}

/** The lesson before or after the current one, or null at the ends. */
export function neighbour<T extends { id: string }>(lessons: T[], currentId: string | null, step: -1 | 1): T | null {
  const index = lessons.findIndex((lesson) => lesson.id === currentId);
  if (index === -1) return null;
  return lessons[index + step] ?? null;
}

/** Where the player opens: the lesson in the address, else where the student left off, else the first lesson. */
export function initialLesson(lessons: Array<{ id: string }>, requested: string | null, resumeId: string | null): string | null {
  const known = (id: string | null) => id !== null && lessons.some((lesson) => lesson.id === id);
  if (known(requested)) return requested;
  if (known(resumeId)) return resumeId;
  return lessons[0]?.id ?? null;
}

/** Seconds the player waits, showing a countdown the student can cancel, before moving to the next lesson. */
export const AUTO_ADVANCE_SECONDS = 5;
