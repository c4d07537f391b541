import { screen, within } from '@testing-library/react';
import { SearchCoursesDocument, SimilarCoursesDocument } from './api/search-courses.generated';
import SearchPage from './search-page';
import { paths } from '../../lib/paths';
import { cardCourse, cardCourses } from '../../test/fixtures';
import { answer, failure, renderRoute, type RouteOptions } from '../../test/render';

const open = (text: string, mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<SearchPage />, { path: paths.search, at: paths.searchFor(text), mocks, language });

const closeMatch = { __typename: 'Course' as const, id: cardCourse(7).id, name: 'Physics for Class 9' };

describe('the search results page', () => {
  it('shows the courses found, each with BUY NOW', async () => {
    open('physics', [
      answer(SearchCoursesDocument, { text: 'physics' }, { searchCourses: cardCourses(3).map((course, i) => ({ ...course, name: `Physics ${i + 1}` })) }),
    ]);
    expect(screen.getByRole('heading', { level: 1, name: 'Search results for "physics"' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 2, name: 'Physics 1' })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'BUY NOW' })).toHaveLength(3);
  });

  it('says nothing was found and offers close matches, in Bangla', async () => {
    open(
      'fisics',
      [
        answer(SearchCoursesDocument, { text: 'fisics' }, { searchCourses: [] }),
        answer(SimilarCoursesDocument, { text: 'fisics' }, { similarCourses: [closeMatch] }),
      ],
      'bn',
    );
    expect(await screen.findByText('আপনার খোঁজার সাথে মেলে এমন কোনো কোর্স পাওয়া যায়নি!')).toBeInTheDocument();
    const matches = await screen.findByRole('navigation', { name: 'আপনি কি এটা খুঁজছেন' });
    expect(within(matches).getByRole('link', { name: 'Physics for Class 9' })).toHaveAttribute('href', paths.course(cardCourse(7).id));
  });

  it('says when the search failed, with a way to try again', async () => {
    open('physics', [failure(SearchCoursesDocument, { text: 'physics' })]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this. Check your connection and try again.');
    expect(within(alert).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('says a search text is too long by its code, in the page’s language, whatever the server’s wording', async () => {
    const long = 'x'.repeat(101);
    const tooLong = { code: 'TEXT_TOO_LONG', category: 'BAD_USER_INPUT', field: 'text', max: 100 };
    open(long, [failure(SearchCoursesDocument, { text: long }, 'Search text must be at most 100 characters', tooLong)], 'bn');
    expect(await screen.findByRole('alert')).toHaveTextContent('লেখাটি বেশি লম্বা: সর্বোচ্চ ১০০ অক্ষর');
  });

  it('shows no server wording for other refusals, however they are worded', async () => {
    open('physics', [failure(SearchCoursesDocument, { text: 'physics' }, 'Search text must be at most 100 characters', { code: 'BAD_USER_INPUT' })]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not load this. Check your connection and try again.');
    expect(alert).not.toHaveTextContent('at most');
  });
});
