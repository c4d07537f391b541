import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../test/render';
import { paths, routePatterns } from '../../lib/paths';
import { AnswerPracticeDocument, AttemptPageDocument, type AnswerPracticeMutation, type AttemptPageQuery } from './api/practice.generated';
import AttemptPage from './attempt-page';

// A question's picture goes with it: on the question's screen during the test, and in the review.

const PICTURE = '/api/questions/q1/picture/abc.png';
const options = [
  { __typename: 'QuestionOption' as const, id: 'o1', text: '$2\\,m/s^2$' },
  { __typename: 'QuestionOption' as const, id: 'o2', text: '$4\\,m/s^2$' },
];

function attempt(finished: boolean): AttemptPageQuery {
  const now = Date.now();
  const fromServer = {
    attempt: {
      __typename: 'Attempt' as const,
      id: 'a1',
      title: 'গতি: মডেল টেস্ট',
      savedQuestionIds: [],
      practiceSet: null,
      practiceAnswers: [],
      deadline: new Date(now + 10 * 60_000).toISOString(),
      serverTime: new Date(now).toISOString(),
      startedAt: new Date(now - 60_000).toISOString(),
      finished,
      test: { __typename: 'ModelTest' as const, id: 't1', title: 'গতি: মডেল টেস্ট', durationMinutes: 25, negativeMark: 0, graceSeconds: 120 },
      questions: [{ __typename: 'AttemptQuestion' as const, id: 'q1', text: 'চিত্রে বস্তুটির ত্বরণ কত?', pictureURL: PICTURE, options }],
      answers: [],
      result: finished
        ? {
            __typename: 'AttemptResult' as const,
            score: 1,
            maxScore: 1,
            correct: 1,
            wrong: 0,
            skipped: 0,
            rank: 1,
            participants: 1,
            timeTakenSeconds: 60,
            passed: true,
            reviewOpensAt: new Date(now).toISOString(),
            chapters: [],
            review: [
              {
                __typename: 'ReviewItem' as const,
                questionId: 'q1',
                text: 'চিত্রে বস্তুটির ত্বরণ কত?',
                options,
                chosenOptionId: 'o1',
                answeredCorrectly: true,
                correctOptionId: 'o1',
                explanation: '$a = \\frac{v}{t}$',
                pictureURL: PICTURE,
                boardTag: { __typename: 'BoardTag' as const, board: 'CHATTOGRAM' as const, year: 2022 },
              },
            ],
          }
        : null,
    },
  };
  return fromServer;
}

const open = (data: AttemptPageQuery) =>
  renderRoute(<AttemptPage />, {
    path: routePatterns.attempt,
    at: paths.attempt('a1'),
    language: 'bn',
    mocks: [answer(AttemptPageDocument, { id: 'a1' }, data)],
  });

describe('a question with a picture', () => {
  it('shows the picture with the question during the test', async () => {
    open(attempt(false));
    const question = await screen.findByTestId('question');
    expect(question).toHaveTextContent('চিত্রে বস্তুটির ত্বরণ কত?');
    expect(screen.getByRole('img', { name: 'প্রশ্নের ছবি' })).toHaveAttribute('src', PICTURE);
  });

  it('shows it again in the review, with the formulas drawn', async () => {
    open(attempt(true));
    const item = await screen.findByTestId('review-item');
    expect(within(item).getByRole('img', { name: 'প্রশ্নের ছবি' })).toHaveAttribute('src', PICTURE);
    expect(item.querySelectorAll('.katex').length).toBeGreaterThan(0);
    expect(within(item).getByTestId('board-tag')).toHaveTextContent('চট্টগ্রাম বোর্ড ২০২২');
  });
});

describe('a practice set', () => {
  const practice = (): AttemptPageQuery => {
    const data = attempt(false);
    return {
      attempt: {
        ...data.attempt,
        title: 'পদার্থবিজ্ঞান অনুশীলন: গতি',
        deadline: null,
        test: null,
        practiceSet: { __typename: 'PracticeSet', id: 'p1', source: 'CHAPTERS' } as AttemptPageQuery['attempt']['practiceSet'],
      },
    };
  };

  it('shows right away whether the answer was right, the correct option and the explanation, without a timer', async () => {
    renderRoute(<AttemptPage />, {
      path: routePatterns.attempt,
      at: paths.attempt('a1'),
      language: 'bn',
      mocks: [
        answer(AttemptPageDocument, { id: 'a1' }, practice()),
        answer(AnswerPracticeDocument, { attemptId: 'a1', questionId: 'q1', optionId: 'o2' }, {
          answerPractice: {
            __typename: 'PracticeAnswer',
            questionId: 'q1',
            chosenOptionId: 'o2',
            answeredCorrectly: false,
            correctOptionId: 'o1',
            explanation: 'ত্বরণ = বেগের পরিবর্তন ÷ সময়',
            boardTag: { __typename: 'BoardTag', board: 'DHAKA', year: 2023 },
          },
        } as AnswerPracticeMutation),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'পদার্থবিজ্ঞান অনুশীলন: গতি' })).toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    const options = screen.getAllByRole('radio');
    await userEvent.click(options[1]);
    const feedback = await screen.findByTestId('practice-feedback');
    expect(feedback).toHaveTextContent('ভুল হয়েছে। সঠিক উত্তরটি সবুজ রঙে দেখানো হলো।');
    expect(feedback).toHaveTextContent('ত্বরণ = বেগের পরিবর্তন ÷ সময়');
    expect(within(feedback).getByTestId('board-tag')).toHaveTextContent('ঢাকা বোর্ড ২০২৩');
    expect(within(feedback).getByRole('button', { name: /প্রশ্নটি সংরক্ষণ করুন/ })).toBeInTheDocument();
    expect(options[0]).toHaveAttribute('data-correct', 'true');
  });
});
