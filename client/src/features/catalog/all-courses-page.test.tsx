import { act, fireEvent, screen, within } from '@testing-library/react';
import { AllCoursesDocument, type AllCoursesQueryVariables } from './api/all-courses.generated';
import AllCoursesPage, { ALL_COURSES_PAGE_SIZE } from './all-courses-page';
import { paths } from '../../lib/paths';
import { cardCourses, coursePage } from '../../test/fixtures';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const filters = (changes: Partial<AllCoursesQueryVariables> = {}): AllCoursesQueryVariables => ({
  offset: 0,
  limit: ALL_COURSES_PAGE_SIZE,
  section: null,
  classLevel: null,
  language: null,
  ...changes,
});

const all = (offset: number) => answer(AllCoursesDocument, filters({ offset }), { courses: coursePage(cardCourses(20, offset + 1), { offset, total: 50 }) });
const school = answer(AllCoursesDocument, filters({ section: 'CLASS_1_TO_12' }), {
  courses: coursePage(cardCourses(20, 101, { name: 'Class course' }), { total: 30 }),
});
const schoolInEnglish = answer(AllCoursesDocument, filters({ section: 'CLASS_1_TO_12', language: 'EN' }), {
  courses: coursePage(cardCourses(16, 201)),
});

const open = (at: string, mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<AllCoursesPage />, { path: paths.allCourses, at, mocks, language });

describe('the all-courses page', () => {
  it('shows a page of course cards and where it is in the list', async () => {
    open(paths.allCourses, [all(0)]);
    expect(await screen.findByRole('heading', { level: 2, name: 'Course 1' })).toBeInTheDocument();
    expect(screen.getAllByTestId('course-card')).toHaveLength(20);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
  });

  it('pages on with Next', async () => {
    const page = open(paths.allCourses, [all(0), all(20)]);
    await screen.findByText('Page 1 of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Course 21' })).toBeInTheDocument();
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(page.search()).toBe('?offset=20');
  });

  it('in Bangla, with the pager in Bengali digits', async () => {
    open(paths.allCourses, [all(0)], 'bn');
    expect(await screen.findByRole('heading', { level: 1, name: 'সব কোর্স' })).toBeInTheDocument();
    expect(await screen.findByText('পাতা ১ / ৩')).toBeInTheDocument();
    expect(screen.getAllByText('৫-এর মধ্যে ৪.৫ (১২টি রিভিউ)')).toHaveLength(20);
  });

  it('says so when no course matches the filters', async () => {
    open(`${paths.allCourses}?section=FREE`, [answer(AllCoursesDocument, filters({ section: 'FREE' }), { courses: coursePage([]) })]);
    expect(await screen.findByText('No courses match these filters yet.')).toBeInTheDocument();
    expect(screen.queryByTestId('course-card')).toBeNull();
  });

  it('says when the courses could not be loaded, with a way to try again', async () => {
    open(paths.allCourses, [failure(AllCoursesDocument, filters())], 'bn');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('এটি লোড করা যায়নি।');
    expect(within(alert).getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
  });

  // A section click and a select change that follow each other before the page has drawn the
  // first one: the second change used to start from the address before the first, dropping the
  // section, so the pager of the unfiltered list stayed.
  it('keeps both filters chosen one right after the other, from page 2, and drops the pager', async () => {
    const page = open(`${paths.allCourses}?offset=20`, [all(20), school, schoolInEnglish]);
    await screen.findByText('Page 2 of 3');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Class 1 to 12' }));
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'en' } });
    });
    expect(await screen.findByRole('heading', { name: 'Course 201' })).toBeInTheDocument();
    expect(new URLSearchParams(page.search())).toEqual(new URLSearchParams('section=CLASS_1_TO_12&language=en'));
    expect(screen.getAllByTestId('course-card')).toHaveLength(16);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});
