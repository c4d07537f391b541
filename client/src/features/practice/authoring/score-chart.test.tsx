import { screen, within } from '@testing-library/react';
import { ModelTestScoreDistributionDocument } from '../api/score-distribution.generated';
import { ScoreChart } from './score-chart';
import { answer, renderRoute } from '../../../test/render';

jest.mock('../../../components/chart/load-drawing', () => ({ loadDrawing: () => new Promise(() => undefined) }));

const distribution = (participants: number) => ({
  modelTestScoreDistribution: {
    testId: 't1',
    maxScore: 20,
    passMark: 10,
    participants,
    passed: participants ? 1 : 0,
    averageScore: participants ? 12.5 : null,
    buckets: Array.from({ length: 10 }, (_, index) => ({ from: index * 2, to: index * 2 + 2, students: index === 6 ? participants : 0 })),
  },
});

describe("a model test's score chart", () => {
  it('counts students per score range, in Bangla digits', async () => {
    renderRoute(<ScoreChart testId="t1" />, { language: 'bn', mocks: [answer(ModelTestScoreDistributionDocument, { testId: 't1' }, distribution(2))] });
    const table = await screen.findByRole('table', { name: 'স্কোর অনুযায়ী শিক্ষার্থী (প্রত্যেকের প্রথম শেষ করা চেষ্টা)' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(10);
    expect(within(rows[6]).getByRole('rowheader')).toHaveTextContent('১২–১৪');
    expect(within(rows[6]).getByRole('cell')).toHaveTextContent('২');
    expect(screen.getByTestId('score-summary')).toHaveTextContent('২ জন শেষ করেছে, ১ জন পাস করেছে; গড় স্কোর ২০ এর মধ্যে ১২.৫');
  });

  it('says when nobody has finished the test yet', async () => {
    renderRoute(<ScoreChart testId="t1" />, { mocks: [answer(ModelTestScoreDistributionDocument, { testId: 't1' }, distribution(0))] });
    expect(await screen.findByText('No student has finished this test yet.')).toBeInTheDocument();
  });
});
