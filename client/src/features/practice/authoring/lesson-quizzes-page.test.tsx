import { fireEvent, screen } from '@testing-library/react';
import { answer, renderRoute } from '../../../test/render';
import { QuestionBankDocument } from '../api/authoring.generated';
import { LessonQuizCourseDocument, LessonQuizQuestionsDocument } from '../api/lesson-quiz-authoring.generated';
import LessonQuizzesPage, { passPercentOf } from './lesson-quizzes-page';

const option = (id: string, text: string) => ({ __typename: 'QuestionOption' as const, id, text });
const question = (id: string, text: string) => ({
  __typename: 'Question' as const,
  usableInPractice: true,
  id,
  text,
  options: [option(`${id}-a`, 'জুল'), option(`${id}-b`, 'নিউটন')],
  correctOptionId: `${id}-b`,
  explanation: '',
  classLevel: 9,
  subjectId: 'physics',
  chapterId: null,
  difficulty: 'MEDIUM' as const,
  courseId: 'course-1',
  pictureURL: null,
  boardTag: null,
  statistics: { __typename: 'QuestionStatistics' as const, answered: 0, correctShare: 0, mostChosenWrongOptionId: null },
  createdAt: '2026-11-26T08:00:00.000Z',
});
const lesson = (id: string, position: number, title: string, quizQuestionCount: number) => ({
  __typename: 'Lesson' as const,
  id,
  position,
  title,
  quizQuestionCount,
});
const course = {
  managedCourse: {
    __typename: 'Course',
    id: 'course-1',
    name: 'পদার্থবিজ্ঞান – নবম-দশম শ্রেণি',
    classLevel: 9,
    subjectId: 'physics',
    quizPassPercent: 60,
    lessons: [lesson('l1', 1, 'ভৌত রাশি ও পরিমাপ', 0), lesson('l2', 2, 'গতি', 3)],
  },
};
const bank = {
  questionBank: { __typename: 'QuestionPage' as const, total: 1, offset: 0, limit: 10, hasMore: false, items: [question('q9', 'ত্বরণের একক কোনটি?')] },
};

describe("a course's lesson quizzes", () => {
  it('shows the pass mark and each lesson with its quiz, and opens a quiz with the bank to choose from', async () => {
    renderRoute(<LessonQuizzesPage />, {
      path: '/instructor-dashboard/upload-course/:id/quizzes',
      at: '/instructor-dashboard/upload-course/course-1/quizzes',
      language: 'bn',
      mocks: [
        answer(LessonQuizCourseDocument, { courseId: 'course-1' }, course),
        answer(LessonQuizQuestionsDocument, { lessonId: 'l2' }, { lessonQuizQuestions: [question('q1', 'বলের একক কী?')] }),
        answer(QuestionBankDocument, { courseId: 'course-1', sharedBank: false, classLevel: 9, subjectId: 'physics', offset: 0, limit: 10 }, bank),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'পাঠের কুইজ', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('পাস নম্বর (প্রশ্নের শতাংশ)')).toHaveValue('৬০');
    expect(screen.getByText('কুইজ নেই')).toBeInTheDocument();
    expect(screen.getByText('৩টি প্রশ্ন')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'কুইজ এডিট করুন' })[1]);
    expect(await screen.findByText('বলের একক কী?')).toBeInTheDocument();
    expect(await screen.findByText('ত্বরণের একক কোনটি?')).toBeInTheDocument();
  });

  it('takes a pass mark of a whole percent from 1 to 100', () => {
    expect(passPercentOf(' 60 ')).toBe(60);
    expect(passPercentOf('৭৫')).toBe(75);
    expect(passPercentOf('')).toBeNull();
    expect(passPercentOf('0')).toBeNull();
    expect(passPercentOf('101')).toBeNull();
    expect(passPercentOf('50.5')).toBeNull();
  });
});
