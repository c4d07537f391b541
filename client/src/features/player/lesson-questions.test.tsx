import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, failure, renderRoute } from '../../test/render';
import { toaster } from '../../lib/toaster';
import {
  AnswerLessonQuestionDocument,
  AskLessonQuestionDocument,
  LessonQuestionsDocument,
  UpvoteLessonQuestionDocument,
  type LessonQuestionItemFragment,
} from './api/lesson-questions.generated';
import { hasFormula, LessonQuestions } from './lesson-questions';

const question = (id: string, text: string, extra: Partial<LessonQuestionItemFragment> = {}) => ({
  __typename: 'LessonQuestion' as const,
  id,
  text,
  askerName: 'রাফি',
  askedByMe: false,
  upvotes: 0,
  upvotedByMe: false,
  pinned: false,
  hidden: false,
  pictureURL: null,
  createdAt: '2026-11-20T06:00:00.000Z',
  answers: [],
  ...extra,
});
const instructorsAnswer = {
  __typename: 'LessonAnswer' as const,
  id: 'a1',
  text: 'ত্বরণ ধ্রুব হলে $v = u + at$।',
  authorName: 'তানভীর আহমেদ',
  byInstructor: true,
  createdAt: '2026-11-20T08:00:00.000Z',
};
const asked = question('q1', 'কেন $v = u + at$ সত্য?', { upvotes: 2, answers: [instructorsAnswer] });
const page = (rights: { canAsk: boolean; canAnswer: boolean; canHide: boolean }, items = [asked]) => ({
  lessonQuestions: { __typename: 'LessonQuestionPage' as const, total: items.length, offset: 0, limit: 10, ...rights, items },
});
const upvoted = { upvoteLessonQuestion: { __typename: 'LessonQuestion' as const, id: 'q1', upvotes: 3, upvotedByMe: true } };
const listed = { lessonId: 'l1', offset: 0, limit: 10, order: 'NEWEST' as const };
const student = { canAsk: true, canAnswer: false, canHide: false };
const instructor = { canAsk: false, canAnswer: true, canHide: true };

let toasts: jest.SpyInstance;
beforeEach(() => {
  toasts = jest.spyOn(toaster, 'create').mockImplementation(() => '');
});
afterEach(() => toasts.mockRestore());

describe('questions to the instructor under a lesson, in Bangla', () => {
  it('shows a student the questions with their formulas and the instructor’s answer marked as the instructor’s', async () => {
    renderRoute(<LessonQuestions lessonId="l1" />, { language: 'bn', mocks: [answer(LessonQuestionsDocument, listed, page(student))] });
    expect(await screen.findByRole('heading', { name: 'এই পাঠ নিয়ে প্রশ্ন' })).toBeInTheDocument();
    expect(screen.getByTestId('question-count')).toHaveTextContent('১টি প্রশ্ন');
    const item = screen.getByTestId('lesson-question');
    // The formula is drawn by KaTeX, not shown as $…$.
    expect(within(item).getByTestId('question-text').querySelector('.katex')).not.toBeNull();
    expect(within(item).getByTestId('question-text')).not.toHaveTextContent('$');
    const reply = within(item).getByTestId('instructor-answer');
    expect(within(reply).getByText('ইন্সট্রাক্টরের উত্তর')).toBeInTheDocument();
    expect(within(reply).getByText(/তানভীর আহমেদ/)).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'ভোট দিন: ২টি ভোট' })).toHaveAttribute('aria-pressed', 'false');
    // A student neither answers, pins nor hides.
    expect(within(item).queryByRole('button', { name: 'উত্তর দিন' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'পিন করুন' })).not.toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: 'লুকান' })).not.toBeInTheDocument();
  });

  it('lets a student ask with a formula, previewed before it is sent, and upvote', async () => {
    const text = 'যদি $x^2 = 9$ হয়, তাহলে $x$ কত?';
    renderRoute(<LessonQuestions lessonId="l1" />, {
      language: 'bn',
      mocks: [
        answer(LessonQuestionsDocument, listed, page(student)),
        answer(AskLessonQuestionDocument, { lessonId: 'l1', text }, { askLessonQuestion: question('q2', text, { askedByMe: true, askerName: 'মিতু' }) }),
        answer(UpvoteLessonQuestionDocument, { questionId: 'q1' }, upvoted),
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' });
    expect(screen.getByText('সূত্র লিখুন দুটি $ চিহ্নের মাঝে। ০/২,০০০ অক্ষর')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: text } });
    expect(screen.getByTestId('ask-form-preview').querySelector('.katex')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ title: 'আপনার প্রশ্ন পোস্ট হয়েছে। ইন্সট্রাক্টরকে জানানো হবে।' })));
    await waitFor(() => expect(box).toHaveValue(''));

    fireEvent.click(screen.getByRole('button', { name: 'ভোট দিন: ২টি ভোট' }));
    expect(await screen.findByRole('button', { name: 'ভোট দিন: ৩টি ভোট' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('words a refused question in Bangla and keeps the text', async () => {
    const text = 'অনেক লম্বা প্রশ্ন';
    renderRoute(<LessonQuestions lessonId="l1" />, {
      language: 'bn',
      mocks: [
        answer(LessonQuestionsDocument, listed, page(student)),
        failure(AskLessonQuestionDocument, { lessonId: 'l1', text }, 'The question must be at most 2000 characters', {
          code: 'TEXT_TOO_LONG',
          category: 'BAD_USER_INPUT',
          field: 'text',
          max: 2000,
        }),
      ],
    });
    const box = await screen.findByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' });
    fireEvent.change(box, { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    expect(await screen.findByText('লেখাটি বেশি লম্বা: সর্বোচ্চ ২,০০০ অক্ষর')).toBeInTheDocument();
    expect(box).toHaveValue(text);
  });

  it('lets the course’s instructor answer, pin and hide, but not ask', async () => {
    const unanswered = question('q3', 'বল কাকে বলে?');
    const reply = { ...instructorsAnswer, id: 'a2', text: 'যা বস্তুর গতি বদলায়।' };
    renderRoute(<LessonQuestions lessonId="l1" />, {
      language: 'bn',
      mocks: [
        answer(LessonQuestionsDocument, listed, page(instructor, [unanswered])),
        answer(AnswerLessonQuestionDocument, { questionId: 'q3', text: 'যা বস্তুর গতি বদলায়।' }, { answerLessonQuestion: { ...unanswered, answers: [reply] } }),
      ],
    });
    const item = await screen.findByTestId('lesson-question');
    expect(screen.queryByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' })).not.toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'পিন করুন' })).toBeInTheDocument();
    expect(within(item).getByRole('button', { name: 'লুকান' })).toBeInTheDocument();
    expect(within(item).getByText('০টি ভোট')).toBeInTheDocument();
    fireEvent.click(within(item).getByRole('button', { name: 'উত্তর দিন' }));
    fireEvent.change(within(item).getByRole('textbox', { name: 'আপনার উত্তর' }), { target: { value: 'যা বস্তুর গতি বদলায়।' } });
    fireEvent.click(within(item).getByRole('button', { name: 'উত্তর পাঠান' }));
    const shown = await within(item).findByTestId('instructor-answer');
    expect(within(shown).getByText('ইন্সট্রাক্টরের উত্তর')).toBeInTheDocument();
    expect(within(shown).getByText('যা বস্তুর গতি বদলায়।')).toBeInTheDocument();
  });

  it('shows nothing to someone the server refuses (not enrolled)', async () => {
    const { container } = renderRoute(
      <div data-testid="holder">
        <LessonQuestions lessonId="l1" />
      </div>,
      {
        language: 'bn',
        mocks: [
          failure(LessonQuestionsDocument, listed, 'Only the course’s students can ask and read questions about its lessons', {
            code: 'NOT_ENROLLED',
            category: 'FORBIDDEN',
          }),
        ],
      },
    );
    await waitFor(() => expect(container.querySelector('[data-testid="holder"]')!.childElementCount).toBe(0));
    expect(screen.queryByText('এই পাঠ নিয়ে প্রশ্ন')).not.toBeInTheDocument();
  });
});

describe('hasFormula', () => {
  it('finds a formula between two $ signs only', () => {
    expect(hasFormula('$x^2$')).toBe(true);
    expect(hasFormula('দাম $৫')).toBe(false);
  });
});

describe('a picture with a question under a lesson', () => {
  /** A PNG's signature and header: what the form reads to tell a picture (the rest is padding). */
  const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
  const png = (size = 64) => new File([new Uint8Array(PNG_START), new Uint8Array(size - PNG_START.length)], 'অঙ্ক.png', { type: 'image/png' });
  const server = jest.fn<Promise<Response>, [string, RequestInit]>();
  const text = 'ছবির অঙ্কটির দ্বিতীয় ধাপ বুঝিনি';
  beforeEach(() => {
    server.mockReset();
    global.fetch = server as unknown as typeof fetch;
    URL.createObjectURL = () => 'blob:shown-picture';
    URL.revokeObjectURL = () => undefined;
  });
  const asks = (pictureURL: string | null = null) => [
    answer(LessonQuestionsDocument, listed, page(student, [])),
    answer(AskLessonQuestionDocument, { lessonId: 'l1', text }, { askLessonQuestion: question('q9', text, { askedByMe: true, pictureURL }) }),
  ];

  it('is sent after the question, its bytes as they are, and the form empties', async () => {
    renderRoute(<LessonQuestions lessonId="l1" />, { language: 'bn', mocks: asks() });
    server.mockResolvedValueOnce({
      ok: true,
      status: 200,
      json: () => Promise.resolve({ pictureURL: '/api/lesson-questions/q9/picture/abc.png' }),
    } as unknown as Response);
    const box = await screen.findByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' });
    expect(screen.getByText('সর্বোচ্চ ১ এমবির PNG, JPEG বা WebP ছবি, যেমন খাতার একটি অঙ্কের ছবি।')).toBeInTheDocument();
    fireEvent.change(box, { target: { value: text } });
    const file = png();
    await userEvent.upload(screen.getByLabelText('ছবি (ঐচ্ছিক)'), file);
    expect(await screen.findByText('বেছে নেওয়া ছবি: অঙ্ক.png')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ title: 'আপনার প্রশ্ন পোস্ট হয়েছে। ইন্সট্রাক্টরকে জানানো হবে।' })));
    const [address, request] = server.mock.calls[0];
    expect(address).toBe('/api/lesson-questions/q9/picture');
    expect(request.method).toBe('PUT');
    expect(request.body).toBe(file);
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.queryByText('বেছে নেওয়া ছবি: অঙ্ক.png')).not.toBeInTheDocument();
  });

  it('refuses a file that is not a PNG, JPEG or WebP, or is over 1 MB, before sending anything', async () => {
    renderRoute(<LessonQuestions lessonId="l1" />, { language: 'bn', mocks: asks() });
    const input = await screen.findByLabelText('ছবি (ঐচ্ছিক)');
    await userEvent.upload(input, new File([new TextEncoder().encode('GIF89a\u0001\u0000')], 'অঙ্ক.png', { type: 'image/png' }));
    expect(await screen.findByText('ফাইলটি PNG, JPEG বা WebP ছবি নয়')).toBeInTheDocument();
    await userEvent.upload(input, png(1024 * 1024 + 1));
    expect(await screen.findByText('ছবিটি ১ এমবির চেয়ে বড়; ছোট করে আবার চেষ্টা করুন')).toBeInTheDocument();
    expect(screen.queryByText(/^বেছে নেওয়া ছবি/)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' }), { target: { value: text } });
    fireEvent.click(screen.getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    await waitFor(() => expect(toasts).toHaveBeenCalledWith(expect.objectContaining({ title: 'আপনার প্রশ্ন পোস্ট হয়েছে। ইন্সট্রাক্টরকে জানানো হবে।' })));
    expect(server).not.toHaveBeenCalled();
  });

  it('says in Bangla when the server refused the picture, the question being posted', async () => {
    renderRoute(<LessonQuestions lessonId="l1" />, { language: 'bn', mocks: asks() });
    server.mockResolvedValueOnce({
      ok: false,
      status: 400,
      json: () => Promise.resolve({ code: 'PICTURE_TOO_LARGE', message: 'The picture is larger than 1 MB' }),
    } as unknown as Response);
    fireEvent.change(await screen.findByRole('textbox', { name: 'ইন্সট্রাক্টরকে প্রশ্ন করুন' }), { target: { value: text } });
    await userEvent.upload(screen.getByLabelText('ছবি (ঐচ্ছিক)'), png());
    await screen.findByText('বেছে নেওয়া ছবি: অঙ্ক.png');
    fireEvent.click(screen.getByRole('button', { name: 'প্রশ্ন পাঠান' }));
    await waitFor(() =>
      expect(toasts).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'আপনার প্রশ্ন পোস্ট হয়েছে, কিন্তু ছবিটি যায়নি: ছবিটি ১ এমবির চেয়ে বড়; ছোট করে আবার চেষ্টা করুন', type: 'warning' }),
      ),
    );
  });

  it('is shown with the question to those the list is for', async () => {
    const withPicture = question('q5', 'এই চিত্রের বলটি কোন দিকে যাবে?', { pictureURL: '/api/lesson-questions/q5/picture/abc.png' });
    server.mockResolvedValue({ ok: true, status: 200, blob: () => Promise.resolve(new Blob(['png'])) } as unknown as Response);
    renderRoute(<LessonQuestions lessonId="l1" />, { language: 'bn', mocks: [answer(LessonQuestionsDocument, listed, page(student, [withPicture]))] });
    expect(await screen.findByRole('img', { name: 'প্রশ্নের সঙ্গে দেওয়া ছবি' })).toHaveAttribute('src', 'blob:shown-picture');
    expect(server.mock.calls[0][0]).toBe('/api/lesson-questions/q5/picture/abc.png');
  });
});
