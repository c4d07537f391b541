import type { CourseCard_CourseFragment } from '../components/course-card.generated';
import type { CoursePageQuery } from '../features/course/api/course-page.generated';

/** A course as a course card receives it; `n` makes each one its own (id and name). */
export function cardCourse(n: number, overrides: Partial<CourseCard_CourseFragment> = {}): CourseCard_CourseFragment & { __typename: 'Course' } {
  return {
    __typename: 'Course',
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    name: `Course ${n}`,
    description: `What course ${n} teaches.`,
    isFree: false,
    priceTaka: { amount: 120_000, currency: 'BDT' },
    photoURL: null,
    category: 'SCHOOL',
    language: 'EN',
    averageRating: 4.5,
    ratingCount: 12,
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

type PageCourse = NonNullable<CoursePageQuery['course']>;
type PageLesson = PageCourse['lessons'][number];

/** A lesson as the course page receives it; `n` makes each one its own. */
export function pageLesson(n: number, overrides: Partial<PageLesson> = {}): PageLesson & { __typename: 'Lesson' } {
  return {
    __typename: 'Lesson',
    id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    title: `Lesson ${n}`,
    position: n,
    preview: false,
    durationSeconds: 600,
    quizQuestionCount: 0,
    videoURL: null,
    streamURL: null,
    ...overrides,
  };
}

/** A course as its course page receives it: card course `n` with three lessons, not enrolled. */
export function pageCourse(n: number, overrides: Partial<PageCourse> = {}): PageCourse & { __typename: 'Course' } {
  const { __typename, ...card } = cardCourse(n);
  return {
    __typename,
    ...card,
    instructorEmail: null,
    keyPoints: [],
    targetedPeoples: null,
    whyNeed: null,
    classLevel: 8,
    lessonCount: 3,
    quizCount: 0,
    totalDurationSeconds: 1800,
    enrolledCount: 25,
    averageRating: null,
    ratingCount: 0,
    contentUpdatedAt: '2026-10-01T00:00:00.000Z',
    priceUsd: { amount: 1000, currency: 'USD' },
    isEnrolled: false,
    latestPayment: null,
    lessons: [pageLesson(1), pageLesson(2), pageLesson(3)],
    ...overrides,
  };
}
