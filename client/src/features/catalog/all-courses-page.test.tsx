import { act, fireEvent, screen, within } from '@testing-library/react';
import { AllCoursesDocument, type AllCoursesQueryVariables } from './api/all-courses.generated';
import AllCoursesPage, { ALL_COURSES_PAGE_SIZE } from './all-courses-page';
import { paths } from '../../lib/paths';
import { cardCourses, coursePage } from '../../test/fixtures';
import { answer, failure, renderBeforeScripts, renderRoute, type RouteOptions } from '../../test/render';

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
    fireEvent.click(screen.getByRole('link', { name: 'Next' }));
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
      fireEvent.click(screen.getByRole('link', { name: 'Class 1 to 12' }));
      fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'en' } });
    });
    expect(await screen.findByRole('heading', { name: 'Course 201' })).toBeInTheDocument();
    expect(new URLSearchParams(page.search())).toEqual(new URLSearchParams('section=CLASS_1_TO_12&language=en'));
    expect(screen.getAllByTestId('course-card')).toHaveLength(16);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('has links for the sections and the pager, keeping the other filters in their addresses', async () => {
    open(`${paths.allCourses}?class=9&language=en&offset=20`, [
      answer(AllCoursesDocument, filters({ classLevel: 9, language: 'EN', offset: 20 }), {
        courses: coursePage(cardCourses(20, 21), { offset: 20, total: 50 }),
      }),
    ]);
    await screen.findByText('Page 2 of 3');
    const tabs = within(screen.getByRole('group', { name: 'Filter courses' }));
    // A section starts from its first page, with the class and language kept.
    expect(tabs.getByRole('link', { name: 'Free' })).toHaveAttribute('href', '/allCourses?class=9&language=en&section=FREE');
    expect(tabs.getByRole('link', { name: 'All courses' })).toHaveAttribute('href', '/allCourses?class=9&language=en');
    expect(tabs.getByRole('link', { name: 'All courses' })).toHaveAttribute('aria-current', 'true');
    expect(tabs.getByRole('link', { name: 'Free' })).not.toHaveAttribute('aria-current');
    const pager = within(screen.getByRole('navigation', { name: 'Pages' }));
    expect(pager.getByRole('link', { name: 'Previous' })).toHaveAttribute('href', '/allCourses?class=9&language=en');
    expect(pager.getByRole('link', { name: 'Next' })).toHaveAttribute('href', '/allCourses?class=9&language=en&offset=40');
    // With scripts the selects apply at once: no button to send them.
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
  });

  it('opens a section in place with scripts, and keeps its link for a new tab', async () => {
    const page = open(paths.allCourses, [all(0), school]);
    await screen.findByText('Page 1 of 3');
    // Whether the browser would follow the link (noted, then stopped: the test's document cannot go anywhere).
    const followed: boolean[] = [];
    const note = (e: Event) => {
      followed.push(!e.defaultPrevented);
      e.preventDefault();
    };
    document.addEventListener('click', note);
    try {
      // Held Ctrl (a new tab): the browser's to follow; this page stays.
      fireEvent.click(screen.getByRole('link', { name: 'Class 1 to 12' }), { ctrlKey: true });
      expect(page.search()).toBe('');
      fireEvent.click(screen.getByRole('link', { name: 'Class 1 to 12' }));
    } finally {
      document.removeEventListener('click', note);
    }
    expect(followed).toEqual([true, false]);
    expect(await screen.findAllByRole('heading', { name: 'Class course' })).toHaveLength(20);
    expect(page.search()).toBe('?section=CLASS_1_TO_12');
    expect(screen.getByRole('link', { name: 'Class 1 to 12' })).toHaveAttribute('aria-current', 'true');
  });

  it('drawn before scripts, in Bangla: the sections are links and the selects a GET form with its button, keeping the section', () => {
    // As the form sends it with the language left empty.
    const drawn = renderBeforeScripts(<AllCoursesPage />, { path: paths.allCourses, at: `${paths.allCourses}?section=FREE&class=5&language=`, language: 'bn' });
    const tabs = within(within(drawn).getByRole('group', { name: 'কোর্স বাছাই' }));
    expect(tabs.getByRole('link', { name: 'পেশাগত দক্ষতা' })).toHaveAttribute('href', '/allCourses?section=PROFESSIONAL_SKILL&class=5');
    const form = drawn.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/allCourses');
    expect(form.querySelector('input[type="hidden"][name="section"]')).toHaveValue('FREE');
    expect(within(form).getByRole('combobox', { name: 'শ্রেণি' })).toHaveAttribute('name', 'class');
    expect(within(form).getByRole('combobox', { name: 'শ্রেণি' })).toHaveValue('5');
    expect(within(form).getByRole('button', { name: 'দেখুন' })).toHaveAttribute('type', 'submit');
  });
});
