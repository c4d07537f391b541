import { screen, within } from '@testing-library/react';
import { MyCoursesDocument, type MyCoursesQuery } from './api/my-courses.generated';
import { ATTEMPT_HISTORY_PAGE } from '../../components/attempt-history';
import { MyAttemptHistoryDocument, type MyAttemptHistoryQuery } from '../../components/attempt-history.generated';
import MyCoursesPage from './my-courses-page';
import { paths } from '../../lib/paths';
import { cardCourse, cardCourses } from '../../test/fixtures';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const enrollment = (n: number, completed: number, total: number) => {
  const course = cardCourse(n);
  return {
    __typename: 'Enrollment' as const,
    id: `enrollment-${n}`,
    courseId: course.id,
    courseName: `Course ${n}`,
    courseImage: null,
    createdAt: '2026-01-10T10:00:00.000Z',
    lastStudiedAt: completed > 0 ? '2026-02-10T10:00:00.000Z' : null,
    progress: { __typename: 'CourseProgress' as const, completed, total, percent: Math.round((completed / total) * 100) },
    certificate: null,
    course: { __typename: 'Course' as const, id: course.id, instructor: 'Anisul Hoque', lessonCount: total, category: course.category },
  };
};

const noAttempts: MyAttemptHistoryQuery = { myAttempts: { items: [], offset: 0, limit: ATTEMPT_HISTORY_PAGE, total: 0 } };
const oneAttempt: MyAttemptHistoryQuery = {
  myAttempts: {
    ...noAttempts.myAttempts,
    total: 1,
    items: [
      {
        id: 'attempt-1',
        startedAt: '2026-03-14T14:00:00.000Z',
        submittedAt: '2026-03-14T14:20:00.000Z',
        finished: true,
        title: 'গতি: মডেল টেস্ট',
        test: { id: 'test-1', title: 'গতি: মডেল টেস্ট' },
        result: { score: 8, maxScore: 10, rank: 2 },
      },
    ],
  },
};
const attempts = (data: MyAttemptHistoryQuery) => answer(MyAttemptHistoryDocument, { offset: 0, limit: ATTEMPT_HISTORY_PAGE }, data);
const mine = (data: MyCoursesQuery, history = noAttempts) => [answer(MyCoursesDocument, {}, data), attempts(history)];
const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<MyCoursesPage />, { path: paths.myCourses, mocks, language });

describe('My Courses', () => {
  it('lists the enrolled courses with their progress and a way into each', async () => {
    open(mine({ myEnrollments: [enrollment(1, 0, 4), enrollment(2, 2, 4)], myAnnouncements: [], recommendedCourses: cardCourses(2, 50) }));
    const cards = await screen.findAllByTestId('enrollment');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('link', { name: 'Start Course' })).toHaveAttribute('href', paths.player(cardCourse(1).id));
    expect(within(cards[1]).getByText('2 of 4 lessons')).toBeInTheDocument();
    expect(within(cards[1]).getByRole('link', { name: 'Continue' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Recommended for you' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Course 50' })).toBeInTheDocument();
  });

  it('shows the teachers’ announcements above the courses, in Bangla', async () => {
    const note = {
      __typename: 'CourseAnnouncement' as const,
      id: 'note-1',
      courseId: cardCourse(2).id,
      courseName: 'পদার্থবিজ্ঞান',
      authorName: 'তানভীর আহমেদ',
      title: 'শুক্রবার ক্লাস টেস্ট',
      text: 'অধ্যায় ৩, ২০ নম্বর।',
      createdAt: '2026-11-28T10:00:00.000Z',
    };
    open(mine({ myEnrollments: [enrollment(2, 2, 4)], myAnnouncements: [note], recommendedCourses: [] }), 'bn');
    const shown = await screen.findByTestId('announcement');
    expect(screen.getByRole('heading', { level: 2, name: 'শিক্ষকদের ঘোষণা' })).toBeInTheDocument();
    expect(within(shown).getByText('শুক্রবার ক্লাস টেস্ট')).toBeInTheDocument();
    expect(within(shown).getByText(/^পদার্থবিজ্ঞান কোর্সে তানভীর আহমেদ · [০-৯]+ /)).toBeInTheDocument();
  });

  it('in Bangla, with Bengali digits', async () => {
    open(mine({ myEnrollments: [enrollment(2, 2, 4)], myAnnouncements: [], recommendedCourses: [] }), 'bn');
    expect(await screen.findByRole('heading', { level: 1, name: 'আমার কোর্স' })).toBeInTheDocument();
    expect(screen.getByText('৪টি পাঠের মধ্যে ২টি শেষ')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'চালিয়ে যান' })).toBeInTheDocument();
  });

  it('shows the student’s model-test attempts below the courses, each linked to its result', async () => {
    open(mine({ myEnrollments: [enrollment(1, 0, 4)], myAnnouncements: [], recommendedCourses: [] }, oneAttempt), 'bn');
    const row = await screen.findByTestId('attempt-history-row');
    expect(screen.getByRole('heading', { level: 2, name: 'আমার মডেল টেস্ট' })).toBeInTheDocument();
    expect(within(row).getByText('৮/১০ · মেধাক্রম ২')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ফলাফল দেখুন' })).toHaveAttribute('href', paths.attempt('attempt-1'));
  });

  it('sends a student with no course to the catalogue', async () => {
    open(mine({ myEnrollments: [], myAnnouncements: [], recommendedCourses: [] }));
    expect(await screen.findByText('You have not enrolled in a course yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse courses' })).toHaveAttribute('href', paths.allCourses);
  });

  it('says when the courses could not be loaded', async () => {
    open([failure(MyCoursesDocument, {}), attempts(noAttempts)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
  });
});
