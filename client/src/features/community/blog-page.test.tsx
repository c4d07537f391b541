import { screen } from '@testing-library/react';
import { BlogsPageDocument } from './api/blogs-page.generated';
import BlogPage from './blog-page';
import { paths } from '../../lib/paths';
import { answer, renderRoute } from '../../test/render';

const post = (n: number) => ({
  __typename: 'Blog' as const,
  id: `blog-${n}`,
  title: `Study plan ${n}`,
  img: '/media/blog/study.svg',
  description: 'How to plan the weeks before an exam.',
  author: 'Shikhon team',
  reads: 10 * n,
  createdAt: '2026-01-10T10:00:00.000Z',
});

describe('the blog page', () => {
  it('lists each post under the page heading, one heading level down', async () => {
    const posts = answer(BlogsPageDocument, { offset: 0, limit: 9 }, { blogs: { total: 2, offset: 0, limit: 9, hasMore: false, items: [post(1), post(2)] } });
    renderRoute(<BlogPage />, { path: paths.blog, mocks: [posts] });
    expect(await screen.findByRole('heading', { level: 2, name: 'Study plan 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Study plan 2' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
