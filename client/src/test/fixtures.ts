import type { CourseCard_CourseFragment } from '../components/course-card.generated';

/** A course as a course card receives it; `n` makes each one its own (id and name). */
export function cardCourse(n: number, overrides: Partial<CourseCard_CourseFragment> = {}): CourseCard_CourseFragment & { __typename: 'Course' } {
  return {
    __typename: 'Course',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Course ${n}`,
    description: `What course ${n} teaches.`,
    price: 10,
    priceBDT: 1200,
    photoURL: null,
    category: 'SCHOOL',
    language: 'EN',
    ratings: '4.5 ratings out of 5',
    instructor: 'Anisul Hoque',
    ...overrides,
  };
}

/** `count` cards numbered from `from`. */
export function cardCourses(count: number, from = 1, overrides: Partial<CourseCard_CourseFragment> = {}) {
  return Array.from({ length: count }, (_, i) => cardCourse(from + i, overrides));
}

/** A page of a paged list as the server sends it. */
export function coursePage<T>(items: T[], { offset = 0, limit = 20, total = items.length } = {}) {
  return { __typename: 'CoursePage' as const, items, offset, limit, total, hasMore: offset + items.length < total };
}
