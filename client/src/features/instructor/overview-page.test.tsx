import { screen, within } from '@testing-library/react';
import { InstructorOverviewDocument } from './api/instructor.generated';
import InstructorOverviewPage from './overview-page';
import { paths } from '../../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const firstPage = { offset: 0, limit: 10 };
const course = {
  __typename: 'ManagedCourse' as const,
  id: 'course-1',
  name: 'Class 9 Physics',
  isFree: false,
  priceTaka: { amount: 180_000, currency: 'BDT' as const },
  priceUsd: { amount: 1500, currency: 'USD' as const },
  published: true,
  reviewRequestedAt: null,
  reviewNote: null,
  photoURL: null,
  lessonCount: 12,
};
const overview = (items: (typeof course)[]) => ({
  instructorOverview: {
    __typename: 'InstructorOverview',
    revenueTotals: [{ __typename: 'Money', currency: 'USD' as const, amount: 4500 }],
    averageRating: items.length ? 4.5 : null,
    totalCourses: items.length,
    totalStudents: items.length * 3,
  },
  managedCourses: { __typename: 'ManagedCoursePage', total: items.length, offset: 0, limit: 10, items },
});

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<InstructorOverviewPage />, { path: paths.instructorDashboard, mocks, language });

describe("the instructor's overview", () => {
  it('shows the figures and the courses, each with a way to edit it', async () => {
    open([answer(InstructorOverviewDocument, firstPage, overview([course]))]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Overview' })).toBeInTheDocument();
    expect(screen.getByText('Average Rating')).toBeInTheDocument();
    const row = screen.getByTestId('managed-course');
    expect(within(row).getByText('Class 9 Physics')).toBeInTheDocument();
    expect(within(row).getByText('Published')).toBeInTheDocument();
    expect(within(row).getByText('৳1,800 · $15')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Edit' })).toHaveAttribute('href', paths.editCourse('course-1'));
  });

  it('in Bangla, with Bengali digits', async () => {
    open([answer(InstructorOverviewDocument, firstPage, overview([course]))], 'bn');
    expect(await screen.findByRole('heading', { level: 1, name: 'সারসংক্ষেপ' })).toBeInTheDocument();
    expect(within(screen.getByTestId('managed-course')).getByText('১২')).toBeInTheDocument();
    expect(within(screen.getByTestId('managed-course')).getByText('৳১,৮০০ · $১৫')).toBeInTheDocument();
    expect(screen.getByText('প্রকাশিত')).toBeInTheDocument();
  });

  it('invites a new instructor to upload a first course', async () => {
    open([answer(InstructorOverviewDocument, firstPage, overview([]))]);
    expect(await screen.findByText('You have no courses yet. Upload your first one.')).toBeInTheDocument();
    expect(screen.getByText('No ratings yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New course' })).toHaveAttribute('href', paths.newCourse);
  });

  it('says when the overview could not be loaded', async () => {
    open([failure(InstructorOverviewDocument, firstPage)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
  });
});
