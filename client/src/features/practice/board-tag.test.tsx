import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../test/render';
import { paths } from '../../lib/paths';
import { PracticeChaptersDocument, PracticeSubjectsDocument, SavedQuestionsDocument, StartPracticeDocument } from './api/practice.generated';
import { BoardTagBadge } from './board-tag';
import PracticePage from './practice-page';
import SavedQuestionsPage from './saved-questions-page';

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

describe('the saved questions page', () => {
  it('shows each saved question’s board and year in Bangla, and nothing for one of no board exam', async () => {
    const question = (id: string, text: string, boardTag: { board: 'DHAKA'; year: number } | null) => ({
      questionId: id,
      text,
      pictureURL: null,
      savedAt: '2026-11-01T10:00:00.000Z',
      boardTag,
      options: [
        { id: `${id}-a`, text: '১০ m/s' },
        { id: `${id}-b`, text: '২০ m/s' },
      ],
    });
    const saved = answer(
      SavedQuestionsDocument,
      { offset: 0, limit: 10 },
      {
        savedQuestions: {
          total: 2,
          offset: 0,
          limit: 10,
          hasMore: false,
          items: [question('q1', 'বেগ কী?', { board: 'DHAKA', year: 2023 }), question('q2', 'ত্বরণ কী?', null)],
        },
      },
    );
    renderRoute(<SavedQuestionsPage />, { path: paths.savedQuestions, language: 'bn', mocks: [saved] });
    const cards = await screen.findAllByTestId('saved-question');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByTestId('board-tag')).toHaveTextContent(/^ঢাকা বোর্ড ২০২৩$/);
    expect(within(cards[1]).queryByTestId('board-tag')).not.toBeInTheDocument();
  });
});
