import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../test/render';
import { paths } from '../../lib/paths';
import { PracticeChaptersDocument, PracticeSubjectsDocument, StartPracticeDocument } from './api/practice.generated';
import { BoardTagBadge } from './board-tag';
import PracticePage from './practice-page';

describe("a question's board and year", () => {
  it('read "Dhaka Board 2023" in English', () => {
    renderRoute(<BoardTagBadge tag={{ board: 'DHAKA', year: 2023 }} />);
    expect(screen.getByTestId('board-tag')).toHaveTextContent(/^Dhaka Board 2023$/);
  });

  it('read "মাদ্রাসা বোর্ড ২০১৯" in Bangla, with Bangla digits', () => {
    renderRoute(<BoardTagBadge tag={{ board: 'MADRASAH', year: 2019 }} />, { language: 'bn' });
    expect(screen.getByTestId('board-tag')).toHaveTextContent(/^মাদ্রাসা বোর্ড ২০১৯$/);
  });

  it('show nothing for a question of no board exam', () => {
    renderRoute(<BoardTagBadge tag={null} />);
    expect(screen.queryByTestId('board-tag')).not.toBeInTheDocument();
  });
});

describe('making a practice set of board questions', () => {
  it('asks the server for board questions only when the student ticks it', async () => {
    const physics = { __typename: 'Subject' as const, id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' };
    const subjects = answer(PracticeSubjectsDocument, {}, { subjects: [physics] });
    const chapters = answer(PracticeChaptersDocument, { subjectId: 'physics', classLevel: 9 }, { chapters: [] });
    const attempt = { __typename: 'Attempt' as const, id: 'a1' };
    const start = answer(
      StartPracticeDocument,
      { input: { classLevel: 9, subjectId: 'physics', chapterIds: [], count: 10, difficulty: null, boardQuestionsOnly: true } },
      { startPractice: attempt },
    );
    const page = renderRoute(<PracticePage />, { path: paths.practice, language: 'bn', mocks: [subjects, chapters, start], otherPaths: [paths.attempt('a1')] });
    await userEvent.click(screen.getByRole('checkbox', { name: /শুধু বোর্ড প্রশ্ন/ }));
    fireEvent.click(screen.getByRole('button', { name: 'অনুশীলন শুরু করুন' }));
    await waitFor(() => expect(page.pathname()).toBe(paths.attempt('a1')));
  });
});
