import { screen, within } from '@testing-library/react';
import { answer, renderRoute } from '../../../test/render';
import { AuthoringCoursesDocument, EditableModelTestDocument, QuestionBankDocument } from '../api/authoring.generated';
import ModelTestBuilderPage from './model-test-builder-page';

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
  statistics: { __typename: 'QuestionStatistics' as const, answered: 0, correctShare: 0, mostChosenWrongOptionId: null },
  createdAt: '2026-11-26T08:00:00.000Z',
  pictureURL: null,
  boardTag: null,
});

const courses = {
  managedCourses: { __typename: 'ManagedCoursePage', items: [{ __typename: 'Course', id: 'course-1', name: 'পদার্থবিজ্ঞান ৯-১০' }] },
  subjects: [{ __typename: 'Subject', id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' }],
};
const editable = {
  modelTest: {
    __typename: 'ModelTest',
    id: 't1',
    title: 'বল: মডেল টেস্ট',
    description: '',
    classLevel: 9,
    subjectId: 'physics',
    courseId: 'course-1',
    courseName: 'পদার্থবিজ্ঞান ৯-১০',
    free: true,
    durationMinutes: 25,
    negativeMark: 0.25,
    passMark: 1,
    opensAt: null,
    closesAt: null,
    published: true,
    questionCount: 2,
    createdAt: '2026-11-26T08:00:00.000Z',
    pictureURL: null,
    boardTag: null,
    questionIds: ['q1', 'q2'],
  },
  modelTestQuestions: [question('q1', 'বলের একক কী?'), question('q2', 'কাজের একক কী?')],
  questionStatistics: [
    { __typename: 'QuestionStatistics', questionId: 'q1', answered: 4, correctShare: 0.25, mostChosenWrongOptionId: 'q1-a' },
    { __typename: 'QuestionStatistics', questionId: 'q2', answered: 0, correctShare: 0, mostChosenWrongOptionId: null },
  ],
};
const emptyBank = { questionBank: { __typename: 'QuestionPage' as const, total: 0, offset: 0, limit: 10, hasMore: false, items: [] } };

const mocks = [
  answer(AuthoringCoursesDocument, {}, courses),
  answer(EditableModelTestDocument, { id: 't1' }, editable),
  answer(QuestionBankDocument, { courseId: 'course-1', sharedBank: false, classLevel: 9, subjectId: 'physics', offset: 0, limit: 10 }, emptyBank),
];

describe('the model test builder', () => {
  it("shows a published test's settings in Bangla digits and, per question, how students answered it", async () => {
    renderRoute(<ModelTestBuilderPage />, { path: '/instructor-dashboard/model-tests/:id', at: '/instructor-dashboard/model-tests/t1', language: 'bn', mocks });
    expect(await screen.findByRole('heading', { name: 'মডেল টেস্ট এডিট করুন' })).toBeInTheDocument();
    expect(screen.getByLabelText('সময় (মিনিট)')).toHaveValue('২৫');
    expect(screen.getByLabelText('প্রতি ভুল উত্তরে নেগেটিভ মার্ক')).toHaveValue('০.২৫');
    const [first, second] = screen.getAllByTestId('chosen-question');
    expect(within(first).getByText('৪ বার উত্তর দেওয়া হয়েছে · ২৫% সঠিক')).toBeInTheDocument();
    expect(within(first).getByText(/সবচেয়ে বেশি বাছা ভুল উত্তর/)).toHaveTextContent('জুল');
    expect(within(second).getByText('এখনো কোনো শিক্ষার্থী উত্তর দেয়নি।')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'প্রকাশ বন্ধ করুন' })).toBeInTheDocument();
    expect(await screen.findByText('এই ব্যাংকে মেলে এমন কোনো প্রশ্ন নেই। আগে কিছু প্রশ্ন লিখুন বা ইমপোর্ট করুন।')).toBeInTheDocument();
  });
});
