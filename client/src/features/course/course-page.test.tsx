import { screen, within } from '@testing-library/react';
import { CoursePageDocument } from './api/course-page.generated';
import { CourseReviewsDocument } from './api/course-reviews.generated';
import CoursePage from './course-page';
import { paths, routePatterns } from '../../lib/paths';
import { pageCourse } from '../../test/fixtures';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const course = pageCourse(7);
const id = course.id;
const noReviews = answer(CourseReviewsDocument, { courseId: id }, { course: null, reviews: { total: 0, items: [] } });

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
});
