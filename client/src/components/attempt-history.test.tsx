import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ATTEMPT_HISTORY_PAGE, AttemptHistory } from './attempt-history';
import { MyAttemptHistoryDocument, type MyAttemptHistoryQuery } from './attempt-history.generated';
import { paths } from '../lib/paths';
import { answer, failure, renderRoute, type RouteOptions } from '../test/render';

type Item = MyAttemptHistoryQuery['myAttempts']['items'][number];

const finished = (n: number, title: string, score: number, rank: number): Item => ({
  id: `attempt-${n}`,
  startedAt: '2026-03-14T14:00:00.000Z',
  submittedAt: '2026-03-14T14:25:00.000Z',
  finished: true,
  title,
  test: { id: `test-${n}`, title },
  result: { score, maxScore: 25, rank },
});

const unfinished = (n: number, title: string): Item => ({
  id: `attempt-${n}`,
  startedAt: '2026-03-15T15:00:00.000Z',
  submittedAt: null,
  finished: false,
  title,
  test: { id: `test-${n}`, title },
  result: null,
});

const pageOf = (items: Item[], offset: number, total: number): MyAttemptHistoryQuery => ({
  myAttempts: { items, offset, limit: ATTEMPT_HISTORY_PAGE, total },
});

const at = (offset: number, data: MyAttemptHistoryQuery) => answer(MyAttemptHistoryDocument, { offset, limit: ATTEMPT_HISTORY_PAGE }, data);

const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<AttemptHistory />, { path: paths.myProfile, mocks, language });

describe('A student’s model-test attempts', () => {
  it('lists each attempt with its test, score, rank, day and a link to its result', async () => {
    open([at(0, pageOf([unfinished(2, 'Physics: motion'), finished(1, 'Admission mock 1', 18.75, 3)], 0, 2))]);
    const rows = await screen.findAllByTestId('attempt-history-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]).getByText('Physics: motion')).toBeInTheDocument();
    expect(within(rows[0]).getByText('In progress')).toBeInTheDocument();
    expect(within(rows[0]).getByText('15 March 2026')).toBeInTheDocument();
    expect(within(rows[0]).getByRole('link', { name: 'Continue' })).toHaveAttribute('href', paths.attempt('attempt-2'));
    expect(within(rows[1]).getByText('Admission mock 1')).toBeInTheDocument();
    expect(within(rows[1]).getByText('18.75/25 · rank 3')).toBeInTheDocument();
    expect(within(rows[1]).getByText('14 March 2026')).toBeInTheDocument();
    expect(within(rows[1]).getByRole('link', { name: 'See the result' })).toHaveAttribute('href', paths.attempt('attempt-1'));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });

  it('in Bangla, with Bengali digits', async () => {
    open([at(0, pageOf([finished(1, 'গতি: মডেল টেস্ট', 7.5, 12)], 0, 1))], 'bn');
    expect(screen.getByRole('heading', { name: 'আমার মডেল টেস্ট' })).toBeInTheDocument();
    const row = await screen.findByTestId('attempt-history-row');
    expect(within(row).getByText('৭.৫/২৫ · মেধাক্রম ১২')).toBeInTheDocument();
    expect(within(row).getByText('১৪ মার্চ, ২০২৬')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'ফলাফল দেখুন' })).toBeInTheDocument();
  });

  it('a long history comes a page at a time', async () => {
    const first = Array.from({ length: ATTEMPT_HISTORY_PAGE }, (_, i) => finished(i + 1, `Test ${i + 1}`, 10, 1));
    const second = [finished(11, 'Test 11', 20, 2), finished(12, 'Test 12', 21, 1)];
    open([at(0, pageOf(first, 0, 12)), at(ATTEMPT_HISTORY_PAGE, pageOf(second, ATTEMPT_HISTORY_PAGE, 12))]);
    expect(await screen.findAllByTestId('attempt-history-row')).toHaveLength(ATTEMPT_HISTORY_PAGE);
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Test 12')).toBeInTheDocument();
    expect(screen.getAllByTestId('attempt-history-row')).toHaveLength(2);
    expect(screen.getByText('Page 2 of 2')).toBeInTheDocument();
  });

  it('with no attempt yet, it sends the student to the model tests', async () => {
    open([at(0, pageOf([], 0, 0))]);
    expect(await screen.findByText('You have not taken a model test yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find a model test' })).toHaveAttribute('href', paths.modelTests);
  });

  it('says when the attempts could not be loaded', async () => {
    open([failure(MyAttemptHistoryDocument, { offset: 0, limit: ATTEMPT_HISTORY_PAGE })]);
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load this.');
  });
});
