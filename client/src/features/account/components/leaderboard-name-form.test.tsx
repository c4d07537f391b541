import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../../test/render';
import { MyLeaderboardNameDocument, SetLeaderboardNameDocument, type MyLeaderboardNameQuery } from '../api/profile.generated';
import { initialForm, LeaderboardNameForm } from './leaderboard-name-form';

const mine = (shown: MyLeaderboardNameQuery['myLeaderboardName']) =>
  answer(MyLeaderboardNameDocument, {}, { myLeaderboardName: shown, me: { __typename: 'User', id: 'u1', name: 'মোঃ রহিম উদ্দিন' } } as MyLeaderboardNameQuery);

describe('the name on leaderboards, in Edit Profile', () => {
  it('writes a first name and an initial as the leaderboards do', () => {
    expect(initialForm('Rahim Uddin')).toBe('Rahim U.');
    expect(initialForm('মোঃ করিম হাসান')).toBe('করিম হ.');
    expect(initialForm('Rahim')).toBe('Rahim');
  });

  it('shows the three choices with the student’s own name, the first name and initial chosen by default, and saves another', async () => {
    renderRoute(<LeaderboardNameForm />, {
      language: 'bn',
      mocks: [mine('FIRST_NAME_AND_INITIAL'), answer(SetLeaderboardNameDocument, { shown: 'NONE' }, { setLeaderboardName: 'NONE' })],
    });
    const initial = await screen.findByRole('radio', { name: 'নামের প্রথম অংশ ও শেষ অংশের আদ্যক্ষর: রহিম উ.' });
    expect(initial).toBeChecked();
    expect(screen.getByRole('radio', { name: 'পুরো নাম: মোঃ রহিম উদ্দিন' })).not.toBeChecked();
    await userEvent.click(screen.getByText('নাম দেখাবে না: শিক্ষার্থী'));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'নাম দেখাবে না: শিক্ষার্থী' })).toBeChecked());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
