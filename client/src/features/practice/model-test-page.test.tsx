import { screen } from '@testing-library/react';
import { answer, renderRoute } from '../../test/render';
import { paths, routePatterns } from '../../lib/paths';
import { ModelTestDetailsDocument, type ModelTestDetailsQuery } from './api/practice.generated';
import { learnServerClock } from '../../lib/server-clock';
import ModelTestPage from './model-test-page';

// A live exam that has not opened counts down to its opening, in Bangla digits, and can be started once it opens, without a reload.

// As the server sends them, with their type names (the generated types leave them out).
const subject = { __typename: 'Subject', id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' };
const leaderboard = { __typename: 'LeaderboardPage', total: 0, items: [] };

function details(opensAt: Date): ModelTestDetailsQuery {
  const modelTest = {
    __typename: 'ModelTest',
    id: 't1',
    title: 'শুক্রবারের লাইভ পরীক্ষা',
    description: '',
    classLevel: 9,
    durationMinutes: 30,
    negativeMark: 0,
    passMark: 0,
    questionCount: 10,
    free: true,
    courseName: null,
    opensAt: opensAt.toISOString(),
    closesAt: new Date(opensAt.getTime() + 3600_000).toISOString(),
    subject,
    myReminder: null,
  };
  return { modelTest, leaderboard };
}

describe('a live exam that has not opened', () => {
  it('counts down in Bangla digits and offers the start when it opens', async () => {
    renderRoute(<ModelTestPage />, {
      path: routePatterns.modelTest,
      at: paths.modelTest('t1'),
      language: 'bn',
      mocks: [answer(ModelTestDetailsDocument, { id: 't1', offset: 0, limit: 20 }, details(new Date(Date.now() + 2500)))],
    });
    const countdown = await screen.findByTestId('countdown');
    expect(countdown).toHaveTextContent(/^শুরু হতে বাকি ০:০[১-৩]$/);
    expect(screen.queryByRole('link', { name: 'পরীক্ষা দিতে লগইন করুন' })).not.toBeInTheDocument();
    // Once the moment comes, the page offers the test (for a visitor: signing in to take it).
    expect(await screen.findByRole('link', { name: 'পরীক্ষা দিতে লগইন করুন' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByTestId('countdown')).not.toBeInTheDocument();
  });
});

describe('a phone whose clock is wrong', () => {
  afterEach(() => learnServerClock(new Date().toUTCString(), Date.now(), Date.now()));

  it("counts down by the server's clock, learnt from its answers, not the phone's", async () => {
    // The server's clock is 10 minutes ahead of this phone's: its exam opens in 2 minutes by the server.
    const serverClock = Date.now() + 10 * 60_000;
    learnServerClock(new Date(serverClock).toUTCString(), Date.now(), Date.now());
    renderRoute(<ModelTestPage />, {
      path: routePatterns.modelTest,
      at: paths.modelTest('t1'),
      language: 'bn',
      mocks: [answer(ModelTestDetailsDocument, { id: 't1', offset: 0, limit: 20 }, details(new Date(serverClock + 2 * 60_000)))],
    });
    expect(await screen.findByTestId('countdown')).toHaveTextContent(/^শুরু হতে বাকি (১:৫৯|২:০০|২:০১)$/);
  });
});
