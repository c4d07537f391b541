import visibility from './visible-courses.json';

/**
 * The SQL condition of a course the catalogue lists, finds and sells (visible-courses.json, shared
 * with the benchmark baseline). `course`: the course table's name or alias in the query.
 */
export function visibleCourse(course = '"course"'): string {
  return visibility.condition.replaceAll('{course}', course);
}
