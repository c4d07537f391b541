import type { PlayerLessonQuizFragment } from './api/lesson-quiz.generated';

type Quiz = Pick<PlayerLessonQuizFragment, 'questions' | 'answers'>;
type Question = Quiz['questions'][number];
type Answer = Quiz['answers'][number];

/** What the quiz shows now: the next question of the round, the answer just checked, or the round's result. */
export type QuizStep =
  | { kind: 'question'; index: number; question: Question }
  | { kind: 'feedback'; index: number; question: Question; answer: Answer; last: boolean }
  | { kind: 'done'; correct: number };

export function quizStep(quiz: Quiz, feedbackFor: string | null): QuizStep {
  const answered = new Map(quiz.answers.map((answer) => [answer.questionId, answer]));
  const shown = feedbackFor ? quiz.questions.findIndex((question) => question.id === feedbackFor) : -1;
  if (shown !== -1 && answered.has(feedbackFor!)) {
    return {
      kind: 'feedback',
      index: shown,
      question: quiz.questions[shown],
      answer: answered.get(feedbackFor!)!,
      last: answered.size === quiz.questions.length,
    };
  }
  const next = quiz.questions.findIndex((question) => !answered.has(question.id));
  if (next !== -1) return { kind: 'question', index: next, question: quiz.questions[next] };
  return { kind: 'done', correct: quiz.answers.filter((answer) => answer.correct).length };
}

/** Whole percent, rounded down (as the pass mark is checked). */
export const quizPercent = (correct: number, total: number) => (total === 0 ? 0 : Math.floor((correct * 100) / total));
