import { FIRST_PREVIEW } from '../../lib/paths';

/**
 * The lesson a preview address asks for: "first" is the first free preview (none when the course has
 * none, so the page shows as usual); an id is that lesson, or null for one the course does not have.
 * Undefined when no preview is asked for.
 */
export function lessonToPreview<T extends { id: string; preview: boolean }>(lessons: T[], requested: string | null): T | null | undefined {
  if (requested === null) return undefined;
  if (requested === FIRST_PREVIEW) return lessons.find((lesson) => lesson.preview);
  return lessons.find((lesson) => lesson.id === requested) ?? null;
}
