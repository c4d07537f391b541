import { quizPercent, quizStep } from './quiz-logic';

const question = (id: string) => ({ __typename: 'QuizQuestion' as const, id, text: id, options: [] });
const answer = (questionId: string, correct: boolean) => ({
  __typename: 'QuizAnswer' as const,
  questionId,
  optionId: 'o',
  correct,
  correctOptionId: 'c',
  explanation: '',
});

describe('a lesson quiz, one question at a time', () => {
  const questions = [question('q1'), question('q2')];

  it('asks the first question not answered in the round', () => {
    expect(quizStep({ questions, answers: [] }, null)).toMatchObject({ kind: 'question', index: 0 });
    expect(quizStep({ questions, answers: [answer('q1', true)] }, null)).toMatchObject({ kind: 'question', index: 1 });
  });

  it('keeps the checked answer on screen until the student moves on, then shows the round', () => {
    expect(quizStep({ questions, answers: [answer('q1', false)] }, 'q1')).toMatchObject({ kind: 'feedback', index: 0, last: false });
    const all = [answer('q1', false), answer('q2', true)];
    expect(quizStep({ questions, answers: all }, 'q2')).toMatchObject({ kind: 'feedback', last: true });
    expect(quizStep({ questions, answers: all }, null)).toEqual({ kind: 'done', correct: 1 });
  });

  it('rounds the percent down, as the pass mark is checked', () => {
    expect(quizPercent(2, 3)).toBe(66);
    expect(quizPercent(0, 0)).toBe(0);
  });
});
