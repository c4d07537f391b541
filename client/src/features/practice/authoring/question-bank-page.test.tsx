import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, failure, renderRoute, type RouteOptions } from '../../../test/render';
import { AuthoringCoursesDocument, QuestionBankDocument, QuestionImportTemplateDocument } from '../api/authoring.generated';
import type { EducationBoard } from '../../../gql/types';
import QuestionBankPage from './question-bank-page';

const subjects = [{ __typename: 'Subject' as const, id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' }];
const coursesOf = (items: Array<{ id: string; name: string }>) => ({
  managedCourses: { __typename: 'ManagedCoursePage' as const, items: items.map((item) => ({ __typename: 'Course' as const, ...item })) },
  subjects,
});
const bankVariables = {
  courseId: 'course-1',
  sharedBank: false,
  classLevel: null,
  subjectId: null,
  chapterId: null,
  difficulty: null,
  boardQuestionsOnly: false,
  offset: 0,
  limit: 10,
};
const template = answer(QuestionImportTemplateDocument, {}, { questionImportTemplate: 'class,subject\n' });
const question = {
  __typename: 'Question' as const,
  usableInPractice: true,
  id: 'q1',
  text: 'গড় দ্রুতি $v = \\frac{s}{t}$ হলে কত?',
  options: [
    { __typename: 'QuestionOption' as const, id: 'o1', text: '২ মি/সে' },
    { __typename: 'QuestionOption' as const, id: 'o2', text: '৪ মি/সে' },
  ],
  correctOptionId: 'o2',
  explanation: '',
  classLevel: 9,
  subjectId: 'physics',
  chapterId: null,
  difficulty: 'EASY' as const,
  courseId: 'course-1',
  statistics: { __typename: 'QuestionStatistics' as const, answered: 3, correctShare: 1 / 3, mostChosenWrongOptionId: 'o1' },
  createdAt: '2026-11-26T08:00:00.000Z',
  pictureURL: null,
  boardTag: null as { __typename: 'BoardTag'; board: EducationBoard; year: number } | null,
};
const page = (items: (typeof question)[]) => ({
  questionBank: { __typename: 'QuestionPage' as const, total: items.length, offset: 0, limit: 10, hasMore: false, items },
});
const open = (mocks: RouteOptions['mocks'], language: RouteOptions['language'] = 'en') =>
  renderRoute(<QuestionBankPage />, { path: '/instructor-dashboard/question-bank', mocks, language });

describe('the question bank page', () => {
  it('sends an instructor without a course to create one first', async () => {
    open([answer(AuthoringCoursesDocument, {}, coursesOf([]))]);
    expect(await screen.findByText(/Create a course first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upload Course' })).toBeInTheDocument();
  });

  it('says when the bank is empty, and offers the import', async () => {
    open([
      answer(AuthoringCoursesDocument, {}, coursesOf([{ id: 'course-1', name: 'Physics 9' }])),
      answer(QuestionBankDocument, bankVariables, page([])),
      template,
    ]);
    expect(await screen.findByText('This bank has no questions yet. Write one, or import a CSV file.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Import from a CSV file' })).toBeInTheDocument();
  });

  it('shows a failure to load with a way to try again', async () => {
    open([answer(AuthoringCoursesDocument, {}, coursesOf([{ id: 'course-1', name: 'Physics 9' }])), failure(QuestionBankDocument, bankVariables), template]);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('lists questions in Bangla with their formulas drawn, the correct option marked and how students answered them', async () => {
    open(
      [
        answer(AuthoringCoursesDocument, {}, coursesOf([{ id: 'course-1', name: 'পদার্থবিজ্ঞান ৯' }])),
        answer(QuestionBankDocument, bankVariables, page([question])),
        template,
      ],
      'bn',
    );
    const card = await screen.findByTestId('bank-question');
    expect(card.querySelector('.katex')).not.toBeNull();
    expect(within(card).getByText('সহজ')).toBeInTheDocument();
    expect(within(card).getByText('৯ম শ্রেণি')).toBeInTheDocument();
    expect(within(card).getByText('✓ সঠিক').closest('li')).toHaveTextContent('৪ মি/সে');
    expect(screen.getByText('মোট ১টি প্রশ্ন')).toBeInTheDocument();
    const statistics = within(card).getByTestId('question-statistics');
    expect(within(statistics).getByText('৩ বার উত্তর দেওয়া হয়েছে · ৩৩% সঠিক')).toBeInTheDocument();
    expect(within(statistics).getByText(/সবচেয়ে বেশি বাছা ভুল উত্তর/)).toHaveTextContent('২ মি/সে');
  });

  it('lists board questions only when asked, each with its board and year', async () => {
    const boardQuestion = { ...question, id: 'q-board', boardTag: { __typename: 'BoardTag' as const, board: 'SYLHET' as const, year: 2022 } };
    open(
      [
        answer(AuthoringCoursesDocument, {}, coursesOf([{ id: 'course-1', name: 'পদার্থবিজ্ঞান ৯' }])),
        answer(QuestionBankDocument, bankVariables, page([question])),
        answer(QuestionBankDocument, { ...bankVariables, boardQuestionsOnly: true }, page([boardQuestion])),
        template,
      ],
      'bn',
    );
    expect(await screen.findByTestId('bank-question')).not.toHaveTextContent('বোর্ড');
    await userEvent.click(screen.getByRole('checkbox', { name: 'শুধু বোর্ড প্রশ্ন' }));
    expect(await screen.findByTestId('board-tag')).toHaveTextContent('সিলেট বোর্ড ২০২২');
    expect(screen.getAllByTestId('bank-question')).toHaveLength(1);
  });
});
