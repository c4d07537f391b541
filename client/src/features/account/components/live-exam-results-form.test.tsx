import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../../test/render';
import { MyLiveExamResultsDocument, SetLiveExamResultsDocument } from '../api/profile.generated';
import { LiveExamResultsForm } from './live-exam-results-form';

describe('live exam results, in Edit Profile', () => {
  it('are sent by default, and a student can say no, in Bangla', async () => {
    renderRoute(<LiveExamResultsForm />, {
      language: 'bn',
      mocks: [
        answer(MyLiveExamResultsDocument, {}, { myLiveExamResults: true }),
        answer(SetLiveExamResultsDocument, { send: false }, { setLiveExamResults: false }),
      ],
    });
    const choice = await screen.findByRole('checkbox', { name: 'যে লাইভ পরীক্ষা দিয়েছি, তা শেষ হলে আমার নম্বর ও মেধাক্রম এসএমএস বা ইমেইলে পাঠান' });
    expect(choice).toBeChecked();
    await userEvent.click(choice);
    await waitFor(() => expect(choice).not.toBeChecked());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
