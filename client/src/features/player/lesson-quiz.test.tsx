import { fireEvent, screen } from '@testing-library/react';
import { answer, renderRoute } from '../../test/render';
import { AnswerLessonQuizDocument, LessonQuizDocument } from './api/lesson-quiz.generated';
import { LessonQuiz } from './lesson-quiz';

const option = (id: string, text: string) => ({ __typename: 'QuestionOption' as const, id, text });
type Answer = { __typename: 'QuizAnswer'; questionId: string; optionId: string; correct: boolean; correctOptionId: string; explanation: string };
const quiz = (answers: Answer[], extra: { bestCorrect?: number; bestTotal?: number; rounds?: number } = {}) => ({
  __typename: 'LessonQuiz' as const,
  lessonId: 'l1',
  questions: [
    { __typename: 'QuizQuestion' as const, id: 'q1', text: 'বলের একক কী?', options: [option('a', 'জুল'), option('b', 'নিউটন')] },
    { __typename: 'QuizQuestion' as const, id: 'q2', text: 'কাজের একক কী?', options: [option('c', 'জুল'), option('d', 'ওয়াট')] },
  ],
  answers,
  passPercent: 60,
  bestCorrect: null,
  bestTotal: null,
  rounds: 0,
  passed: false,
  ...extra,
});
const wrong: Answer = {
  __typename: 'QuizAnswer' as const,
  questionId: 'q1',
  optionId: 'a',
  correct: false,
  correctOptionId: 'b',
  explanation: 'বলের একক নিউটন।',
};

const checkedAnswer = { __typename: 'QuizAnswer' as const, questionId: 'q1', correct: false };
const checked = { answerLessonQuiz: { __typename: 'QuizAnswerResult' as const, answer: checkedAnswer, quiz: quiz([wrong]) } };

describe("a lesson's quiz in the player", () => {
  it('asks one question at a time in Bangla, then shows the checked answer with its explanation', async () => {
    const onPassed = jest.fn();
    renderRoute(<LessonQuiz lessonId="l1" onPassed={onPassed} />, {
      language: 'bn',
      mocks: [
        answer(LessonQuizDocument, { lessonId: 'l1' }, { lessonQuiz: quiz([]) }),
        answer(AnswerLessonQuizDocument, { lessonId: 'l1', questionId: 'q1', optionId: 'a' }, checked),
      ],
    });
    expect(await screen.findByText('বলের একক কী?')).toBeInTheDocument();
    expect(screen.getByText('পাস নম্বর ৬০%: পাঠটি সম্পন্ন করতে এই কুইজে পাস করুন।')).toBeInTheDocument();
    expect(screen.getByText('প্রশ্ন ১/২')).toBeInTheDocument();
    expect(screen.queryByText('কাজের একক কী?')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'জুল' }));
    expect(await screen.findByText('বলের একক নিউটন।')).toBeInTheDocument();
    expect(screen.getByText('সঠিক হয়নি: সঠিক উত্তরটি সবুজ রঙে দেখানো হয়েছে।')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'পরের প্রশ্ন' }));
    expect(await screen.findByText('কাজের একক কী?')).toBeInTheDocument();
    expect(onPassed).not.toHaveBeenCalled();
  });

  it("shows a finished round's result, the best result and a retry", async () => {
    const right = { ...wrong, questionId: 'q2', optionId: 'c', correct: true, correctOptionId: 'c', explanation: '' };
    renderRoute(<LessonQuiz lessonId="l1" onPassed={() => undefined} />, {
      language: 'bn',
      mocks: [answer(LessonQuizDocument, { lessonId: 'l1' }, { lessonQuiz: quiz([wrong, right], { bestCorrect: 1, bestTotal: 2, rounds: 1 }) })],
    });
    expect(await screen.findByText('এই দফায়: ২টির মধ্যে ১টি সঠিক (৫০%)')).toBeInTheDocument();
    expect(screen.getByText('আপনার সেরা ফল: ২টির মধ্যে ১টি সঠিক (৫০%)')).toBeInTheDocument();
    expect(screen.getByText('এখনো পাস হয়নি: ৬০% লাগবে। আবার চেষ্টা করুন।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'আবার চেষ্টা করুন' })).toBeInTheDocument();
  });
});
