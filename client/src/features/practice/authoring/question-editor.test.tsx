import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute } from '../../../test/render';
import { AuthoringChaptersDocument, CreateQuestionDocument, QuestionImportTemplateDocument } from '../api/authoring.generated';
import { QuestionEditor } from './question-editor';
import { QuestionImport } from './question-import';

const subjects = [
  { id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' },
  { id: 'math', nameBn: 'গণিত', nameEn: 'Mathematics' },
];
const chapter = { __typename: 'Chapter' as const, id: 'c0000000-0000-4000-8000-000000000001', classLevel: 9, nameBn: 'গতি', nameEn: 'Motion', paper: null };
const chapters = answer(AuthoringChaptersDocument, { subjectId: 'physics', classLevel: 9 }, { chapters: [chapter] });

describe('the question editor', () => {
  it('names every field to fix, in Bangla, and sends nothing', async () => {
    const done = jest.fn();
    renderRoute(<QuestionEditor courseId="course-1" subjects={subjects} onDone={done} />, { language: 'bn', mocks: [] });
    await userEvent.click(screen.getByRole('button', { name: 'প্রশ্ন সংরক্ষণ করুন' }));
    expect(await screen.findByText('প্রশ্নটি লিখুন')).toBeInTheDocument();
    expect(screen.getAllByText('এই অপশনটি লিখুন, অথবা মুছে দিন')).toHaveLength(4);
    expect(screen.getByText('একটি সঠিক উত্তর চিহ্নিত করুন')).toBeInTheDocument();
    expect(screen.getByText('একটি শ্রেণি বেছে নিন')).toBeInTheDocument();
    expect(screen.getByText('একটি বিষয় বেছে নিন')).toBeInTheDocument();
    expect(screen.getByText('অপশন ১')).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });

  it('draws formulas in the preview as they are typed, the correct option marked', async () => {
    renderRoute(<QuestionEditor courseId="course-1" subjects={subjects} onDone={jest.fn()} />, { mocks: [] });
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: 'What is $\\frac{20}{5}$?' } });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: '$4$' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: '5' } });
    await userEvent.click(screen.getByLabelText('Option 1 is the correct answer'));
    const preview = await screen.findByTestId('question-preview');
    expect(preview.querySelectorAll('.katex').length).toBe(2);
    expect(within(preview).getByText('✓ correct')).toBeInTheDocument();
  });

  it('keeps 2 to 6 options, and saves the question with the one marked correct', async () => {
    const saved = {
      __typename: 'Question' as const,
      usableInPractice: true,
      id: 'q1',
      text: 'Unit of force?',
      options: [
        { __typename: 'QuestionOption' as const, id: 'o1', text: 'Joule' },
        { __typename: 'QuestionOption' as const, id: 'o2', text: 'Newton' },
      ],
      correctOptionId: 'o2',
      explanation: 'F = ma',
      classLevel: 9,
      subjectId: 'physics',
      chapterId: chapter.id,
      difficulty: 'HARD' as const,
      courseId: 'course-1',
      statistics: { __typename: 'QuestionStatistics' as const, answered: 0, correctShare: 0, mostChosenWrongOptionId: null },
      createdAt: '2026-11-26T08:00:00.000Z',
      pictureURL: null,
      boardTag: null,
    };
    const create = answer(
      CreateQuestionDocument,
      {
        input: {
          text: 'Unit of force?',
          options: ['Joule', 'Newton'],
          correctOption: 1,
          explanation: 'F = ma',
          classLevel: 9,
          subjectId: 'physics',
          chapterId: chapter.id,
          difficulty: 'HARD',
          courseId: 'course-1',
          usableInPractice: true,
          boardTag: null,
        },
      },
      { createQuestion: saved },
    );
    const done = jest.fn();
    renderRoute(<QuestionEditor courseId="course-1" subjects={subjects} defaults={{ classLevel: '9', subjectId: 'physics' }} onDone={done} />, {
      mocks: [chapters, create],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove option 4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove option 3' }));
    expect(screen.queryByRole('button', { name: /^Remove option/ })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Question'), { target: { value: ' Unit of force? ' } });
    fireEvent.change(screen.getByLabelText('Option 1'), { target: { value: 'Joule' } });
    fireEvent.change(screen.getByLabelText('Option 2'), { target: { value: 'Newton' } });
    await userEvent.click(screen.getByLabelText('Option 2 is the correct answer'));
    fireEvent.change(screen.getByLabelText('Explanation (shown after the answer)'), { target: { value: 'F = ma' } });
    await screen.findByRole('option', { name: 'Motion' });
    await userEvent.selectOptions(screen.getByLabelText('Chapter'), chapter.id);
    await userEvent.selectOptions(screen.getByLabelText('Difficulty'), 'HARD');
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ id: 'q1' })));
  });
});

describe("the editor's board-exam tag", () => {
  it('asks for the year with the board, in Bangla, and sends nothing', async () => {
    const done = jest.fn();
    renderRoute(<QuestionEditor courseId="course-1" subjects={subjects} onDone={done} />, { language: 'bn', mocks: [] });
    await userEvent.selectOptions(screen.getByLabelText('বোর্ড পরীক্ষা'), 'DHAKA');
    expect(screen.getByRole('option', { name: 'ঢাকা' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'প্রশ্ন সংরক্ষণ করুন' }));
    expect(await screen.findByText('বোর্ড পরীক্ষার সালও লিখুন')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('বোর্ড পরীক্ষার সাল'), { target: { value: '১৯৭১' } });
    await userEvent.click(screen.getByRole('button', { name: 'প্রশ্ন সংরক্ষণ করুন' }));
    expect(await screen.findByText('১৯৯০ থেকে এ বছরের মধ্যে একটি সাল লিখুন')).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });

  it("saves the board and a year typed in Bangla digits as the question's boardTag", async () => {
    const input = {
      text: 'বলের একক কী?',
      options: ['জুল', 'নিউটন'],
      correctOption: 1,
      explanation: null,
      classLevel: 9,
      subjectId: 'physics',
      chapterId: null,
      difficulty: 'MEDIUM' as const,
      courseId: 'course-1',
      usableInPractice: true,
      boardTag: { board: 'RAJSHAHI' as const, year: 2023 },
    };
    const saved = {
      __typename: 'Question' as const,
      id: 'q2',
      usableInPractice: true,
      text: input.text,
      options: [
        { __typename: 'QuestionOption' as const, id: 'o1', text: 'জুল' },
        { __typename: 'QuestionOption' as const, id: 'o2', text: 'নিউটন' },
      ],
      correctOptionId: 'o2',
      explanation: '',
      classLevel: 9,
      subjectId: 'physics',
      chapterId: null,
      difficulty: 'MEDIUM' as const,
      courseId: 'course-1',
      statistics: null,
      createdAt: '2026-11-28T08:00:00.000Z',
      pictureURL: null,
      boardTag: { __typename: 'BoardTag' as const, board: 'RAJSHAHI' as const, year: 2023 },
    };
    const done = jest.fn();
    renderRoute(<QuestionEditor courseId="course-1" subjects={subjects} defaults={{ classLevel: '9', subjectId: 'physics' }} onDone={done} />, {
      language: 'bn',
      mocks: [chapters, answer(CreateQuestionDocument, { input }, { createQuestion: saved })],
    });
    fireEvent.change(screen.getByLabelText('প্রশ্ন'), { target: { value: 'বলের একক কী?' } });
    fireEvent.change(screen.getByLabelText('অপশন ১'), { target: { value: 'জুল' } });
    fireEvent.change(screen.getByLabelText('অপশন ২'), { target: { value: 'নিউটন' } });
    await userEvent.click(screen.getByRole('button', { name: 'অপশন ৪ মুছুন' }));
    await userEvent.click(screen.getByRole('button', { name: 'অপশন ৩ মুছুন' }));
    await userEvent.click(screen.getByLabelText('অপশন ২ সঠিক উত্তর'));
    await userEvent.selectOptions(screen.getByLabelText('বোর্ড পরীক্ষা'), 'RAJSHAHI');
    fireEvent.change(screen.getByLabelText('বোর্ড পরীক্ষার সাল'), { target: { value: '২০২৩' } });
    await userEvent.click(screen.getByRole('button', { name: 'প্রশ্ন সংরক্ষণ করুন' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ id: 'q2', boardTag: saved.boardTag })));
  });
});

describe('the CSV import', () => {
  const server = jest.fn<Promise<Response>, [string, RequestInit]>();
  const realFetch = global.fetch;
  beforeEach(() => {
    server.mockReset();
    global.fetch = server as unknown as typeof fetch;
  });
  afterAll(() => {
    global.fetch = realFetch;
  });
  const replies = (status: number, body: unknown) =>
    server.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as unknown as Response);
  const openImport = (imported = jest.fn()) => {
    renderRoute(<QuestionImport courseId="course-1" onImported={imported} />, {
      language: 'bn',
      mocks: [answer(QuestionImportTemplateDocument, {}, { questionImportTemplate: 'class,subject\n' })],
    });
    return imported;
  };

  it('uploads the file as it is and shows what the import did: how many imported, how many were there already, and each bad row with its line and reason', async () => {
    const file = new File(['class,subject\n9,physics\n'], 'questions.csv', { type: 'text/csv' });
    replies(200, { imported: 2, updated: 1, unchanged: 1, problems: [{ line: 4, reason: 'একটি প্রশ্নে ২ থেকে ৬টি অপশন থাকে' }] });
    const imported = openImport();
    await waitFor(() => expect(screen.getByRole('button', { name: 'CSV টেমপ্লেট ডাউনলোড করুন' })).toBeEnabled());
    await userEvent.upload(screen.getByLabelText('প্রশ্নের CSV ফাইল'), file);
    expect(await screen.findByText('ইমপোর্ট হয়েছে: ২ · হালনাগাদ: ১ · আগেই ছিল: ১ · সমস্যার সারি: ১')).toBeInTheDocument();
    const [address, init] = server.mock.calls[0];
    expect(address).toBe('/api/questions/import?courseId=course-1');
    expect(init).toMatchObject({ method: 'POST', body: file });
    const row = screen.getByTestId('import-problem');
    expect(within(row).getByText('৪')).toBeInTheDocument();
    expect(within(row).getByText('একটি প্রশ্নে ২ থেকে ৬টি অপশন থাকে')).toBeInTheDocument();
    expect(imported).toHaveBeenCalled();
  });

  it("shows the server's reason when it refuses the file, and imports nothing", async () => {
    replies(400, { code: 'FILE_NOT_UNICODE', message: 'ফাইলটি UTF-8 লেখা হিসেবে সংরক্ষিত নয়' });
    const imported = openImport();
    await waitFor(() => expect(screen.getByRole('button', { name: 'CSV টেমপ্লেট ডাউনলোড করুন' })).toBeEnabled());
    await userEvent.upload(screen.getByLabelText('প্রশ্নের CSV ফাইল'), new File(['x'], 'questions.csv', { type: 'text/csv' }));
    expect(await screen.findByText('ফাইলটি UTF-8 লেখা হিসেবে সংরক্ষিত নয়')).toBeInTheDocument();
    expect(imported).not.toHaveBeenCalled();
  });
});
