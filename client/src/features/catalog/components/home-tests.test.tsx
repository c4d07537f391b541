import { screen } from '@testing-library/react';
import { HomeModelTestsDocument, type HomeModelTestsQuery } from '../api/home-tests.generated';
import { answer, renderRoute } from '../../../test/render';
import { HomeModelTests } from './home-tests';

const HOUR = 3_600_000;
const test = (id: string, title: string, opensAt: number) => ({
  __typename: 'ModelTest' as const,
  id,
  title,
  classLevel: 9,
  durationMinutes: 30,
  questionCount: 20,
  opensAt: new Date(opensAt).toISOString(),
  closesAt: new Date(opensAt + 2 * HOUR).toISOString(),
  subject: { __typename: 'Subject' as const, id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' },
});

describe("the home page's live exams", () => {
  it('say, once the page runs, whether each opens later or is open now', async () => {
    const later = test('later', 'Motion: live exam', Date.now() + HOUR);
    const open = test('open', 'Force: live exam', Date.now() - HOUR);
    const data: HomeModelTestsQuery = {
      live: { __typename: 'ModelTestPage', items: [later, open] },
      free: { __typename: 'ModelTestPage', items: [] },
    } as unknown as HomeModelTestsQuery;
    renderRoute(<HomeModelTests />, { mocks: [answer(HomeModelTestsDocument, {}, data)] });
    expect(await screen.findByText(/^Opens /)).toBeInTheDocument();
    expect(screen.getByText(/^Open now, until /)).toBeInTheDocument();
    // The time-free line the server draws (its HTML may be served later from its cache) is gone.
    expect(screen.queryByText(/^From /)).toBeNull();
  });
});
