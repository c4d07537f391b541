import { screen, within } from '@testing-library/react';
import { CourseModelTestsDocument, CoursePageDocument, type CourseModelTestsQuery } from './api/course-page.generated';
import { CourseReviewsDocument, type CourseReviewsQuery } from './api/course-reviews.generated';
import CoursePage from './course-page';
import { paths, routePatterns } from '../../lib/paths';
import { pageCourse } from '../../test/fixtures';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const course = pageCourse(7);
const id = course.id;
// The reviews' query asks for the same `course(id)` as the page's, which Apollo's cache keeps once: its
// answer is the same course (a `course: null` here would tell the page the course does not exist).
const noReviews = answer(CourseReviewsDocument, { courseId: id }, {
  course: { __typename: 'Course', id, averageRating: course.averageRating, ratingCount: course.ratingCount },
  reviews: { __typename: 'ReviewPage', total: 0, items: [] },
} as CourseReviewsQuery);

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<CoursePage />, { path: routePatterns.course, at: paths.course(id), mocks: [...(mocks ?? []), noReviews], language });

describe('the course page', () => {
  it('shows the course, its price in taka, its lessons and the enroll button', async () => {
    open([answer(CoursePageDocument, { id }, { course })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course 7' })).toBeInTheDocument();
    expect(screen.getByText('Pay ৳1,200 with bKash, Nagad, Rocket or a local card, or $10 by international card.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Lessons (3)' })).toBeInTheDocument();
    expect(screen.getAllByTestId('course-lesson').map((lesson) => lesson.textContent)).toEqual([
      expect.stringContaining('Lesson 1'),
      expect.stringContaining('Lesson 2'),
      expect.stringContaining('Lesson 3'),
    ]);
    expect(screen.getByRole('link', { name: 'Course Enroll' })).toHaveAttribute('href', paths.enroll(id));
    expect(screen.queryByRole('link', { name: 'Go to course' })).toBeNull();
  });

  it('takes an enrolled student to the course instead', async () => {
    open([answer(CoursePageDocument, { id }, { course: { ...course, isEnrolled: true } })]);
    expect(await screen.findByRole('link', { name: 'Go to course' })).toHaveAttribute('href', paths.player(id));
    expect(screen.getByText('Enrolled')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Course Enroll' })).toBeNull();
  });

  it('says when the course does not exist, with a way to all courses', async () => {
    open([answer(CoursePageDocument, { id }, { course: null })]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Course not found' })).toBeInTheDocument();
    expect(screen.getByText('This course does not exist or is no longer offered.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all courses' })).toHaveAttribute('href', paths.allCourses);
  });

  it('says when the course could not be loaded, with a way to try again', async () => {
    open([failure(CoursePageDocument, { id })]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this. Check your connection and try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
  });

  it('in Bangla, with the price in Bengali digits', async () => {
    open([answer(CoursePageDocument, { id }, { course })], 'bn');
    expect(await screen.findByRole('link', { name: 'কোর্সে ভর্তি হোন' })).toBeInTheDocument();
    expect(screen.getByText('বিকাশ, নগদ, রকেট বা দেশি কার্ডে ৳১,২০০ দিন, অথবা আন্তর্জাতিক কার্ডে $১০।')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'পাঠসমূহ (৩)' })).toBeInTheDocument();
  });

  it('shows the taka price first and no dollar price where only taka is sold', async () => {
    open([answer(CoursePageDocument, { id }, { course: { ...course, priceUsd: { amount: 0, currency: 'USD' } } })]);
    expect(await screen.findByTestId('course-price')).toHaveTextContent('৳1,200');
    expect(screen.getByText('Pay ৳1,200 with bKash, Nagad, Rocket or a local card.')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).toBeNull();
  });

  it('says Free for a free course, with no price in either currency', async () => {
    const free = { ...course, isFree: true, priceTaka: { amount: 0, currency: 'BDT' as const }, priceUsd: { amount: 0, currency: 'USD' as const } };
    open([answer(CoursePageDocument, { id }, { course: free })], 'bn');
    expect(await screen.findByTestId('course-price')).toHaveTextContent('ফ্রি');
    expect(screen.queryByText(/৳|\$/)).toBeNull();
  });

  it('offers no second payment while a payment is being checked', async () => {
    open([answer(CoursePageDocument, { id }, { course: { ...course, latestPayment: { id: 'p1', status: 'HELD', failureMessage: null } } })]);
    expect(await screen.findByTestId('payment-held')).toHaveTextContent('Your payment is received and is being checked.');
    expect(screen.queryByRole('link', { name: 'Course Enroll' })).toBeNull();
  });
});

describe('the course page after the payment page', () => {
  const returnTo = (search: string, shown = course) =>
    renderRoute(<CoursePage />, {
      path: routePatterns.course,
      at: `${paths.course(id)}?${search}`,
      mocks: [answer(CoursePageDocument, { id }, { course: shown }), noReviews],
    });

  it('after paying, says so and opens the course with Start learning', async () => {
    returnTo('success=true', { ...course, isEnrolled: true });
    // Once the page knows the account (here signed out, as an email account would say), the message says how the confirmation comes.
    expect(await within(await screen.findByTestId('payment-return')).findByText('Order placed! You will receive an email confirmation.')).toHaveAttribute(
      'role',
      'status',
    );
    expect(within(screen.getByTestId('payment-return')).getByRole('link', { name: 'Start learning' })).toHaveAttribute('href', paths.player(id));
    // The spec's message replaces the page: no course card, no enroll button.
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Course Enroll' })).toBeNull();
  });

  it('after cancelling, says it was cancelled and offers to try again', async () => {
    returnTo('canceled=true');
    expect(within(await screen.findByTestId('payment-return')).getByRole('status')).toHaveTextContent(
      "Order canceled -- continue to shop around and checkout when you're ready.",
    );
    expect(within(screen.getByTestId('payment-return')).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', paths.enroll(id));
  });

  it('after a failed payment, says why and offers to try again', async () => {
    returnTo('failed=true', { ...course, latestPayment: { id: 'p1', status: 'FAILED', failureMessage: 'The payment was not completed on the payment page' } });
    const notice = await screen.findByTestId('payment-return');
    expect(within(notice).getByRole('status')).toHaveTextContent('Payment was not successful');
    expect(notice).toHaveTextContent('Why: The payment was not completed on the payment page');
    expect(within(notice).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', paths.enroll(id));
  });

  it('while the payment is held, says it is being checked and offers no payment', async () => {
    returnTo('held=true', { ...course, latestPayment: { id: 'p1', status: 'HELD', failureMessage: null } });
    const notice = await screen.findByTestId('payment-return');
    expect(notice).toHaveTextContent('Your payment is received and is being checked.');
    expect(screen.queryByRole('link', { name: 'Course Enroll' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Try again' })).toBeNull();
  });
});

describe("the course's quizzes and model tests", () => {
  it('are listed as links where the course counts them, in Bangla', async () => {
    const withQuiz = { ...course, quizCount: 2, lessons: course.lessons.map((lesson, i) => ({ ...lesson, quizQuestionCount: i === 1 ? 5 : 0 })) };
    const tests = answer(CourseModelTestsDocument, { courseId: id }, {
      modelTests: {
        __typename: 'ModelTestPage' as const,
        items: [{ __typename: 'ModelTest' as const, id: 'test-1', title: 'গতি: মডেল টেস্ট', free: true, questionCount: 12, durationMinutes: 15 }],
      },
    } as unknown as CourseModelTestsQuery);
    open([answer(CoursePageDocument, { id }, { course: withQuiz }), tests], 'bn');
    const figure = await screen.findByRole('link', { name: '২টি কুইজ ও মডেল টেস্ট' });
    expect(figure).toHaveAttribute('href', '#course-tests');
    const section = await screen.findByTestId('course-tests');
    // The model tests come by a query of their own, which may answer after the lesson quizzes are drawn.
    expect(await within(section).findByRole('link', { name: 'গতি: মডেল টেস্ট' })).toHaveAttribute('href', paths.modelTest('test-1'));
    expect(within(section).getByRole('link', { name: `কুইজ: ${withQuiz.lessons[1].title}` })).toHaveAttribute('href', paths.player(id, withQuiz.lessons[1].id));
    expect(section).toHaveTextContent('১২টি প্রশ্ন · ১৫ মিনিট');
  });
});
