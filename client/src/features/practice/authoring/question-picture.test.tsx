import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { answer, renderRoute, type RouteOptions } from '../../../test/render';
import { AuthoringChaptersDocument, UpdateQuestionDocument, type BankQuestionFragment } from '../api/authoring.generated';
import { QuestionEditor } from './question-editor';
import { MAX_PICTURE_BYTES } from '../../../components/picture/picture-file';

const subjects = [{ id: 'physics', nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' }];
const chapters = answer(AuthoringChaptersDocument, { subjectId: 'physics', classLevel: 9 }, { chapters: [] });

const question = (pictureURL: string | null): BankQuestionFragment => {
  // With the type names the server sends, so that the client's cache keeps every field.
  const fromServer = {
    __typename: 'Question' as const,
    usableInPractice: true,
    id: 'q1',
    text: 'What is the acceleration in the picture?',
    options: [
      { __typename: 'QuestionOption' as const, id: 'o1', text: '$2\\,m/s^2$' },
      { __typename: 'QuestionOption' as const, id: 'o2', text: '$4\\,m/s^2$' },
    ],
    correctOptionId: 'o1',
    explanation: '',
    classLevel: 9,
    subjectId: 'physics',
    chapterId: null,
    difficulty: 'MEDIUM' as const,
    courseId: 'course-1',
    createdAt: '2026-11-26T08:00:00.000Z',
    pictureURL,
    boardTag: null,
    statistics: { __typename: 'QuestionStatistics' as const, answered: 0, correctShare: 0, mostChosenWrongOptionId: null },
  };
  return fromServer;
};

const updated = (pictureURL: string | null) =>
  answer(
    UpdateQuestionDocument,
    {
      id: 'q1',
      input: {
        text: 'What is the acceleration in the picture?',
        options: ['$2\\,m/s^2$', '$4\\,m/s^2$'],
        correctOption: 0,
        explanation: null,
        classLevel: 9,
        subjectId: 'physics',
        chapterId: null,
        difficulty: 'MEDIUM',
        courseId: 'course-1',
        usableInPractice: true,
        boardTag: null,
      },
    },
    { updateQuestion: question(pictureURL) },
  );

/** A PNG's signature and header: what the editor reads to tell a picture (the rest is padding). */
const PNG_START = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52];
const png = (size = 64, name = 'graph.png') => new File([new Uint8Array(PNG_START), new Uint8Array(size - PNG_START.length)], name, { type: 'image/png' });
const gifNamedPng = () => new File([new TextEncoder().encode('GIF89a\u0001\u0000\u0001\u0000')], 'graph.png', { type: 'image/png' });

const server = jest.fn<Promise<Response>, [string, RequestInit]>();
beforeEach(() => {
  server.mockReset();
  global.fetch = server as unknown as typeof fetch;
});
/** The server's answer, as much of a fetch Response as the editor reads. */
const replies = (status: number, body: unknown) =>
  server.mockResolvedValueOnce({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) } as unknown as Response);

const open = (pictureURL: string | null, onDone = jest.fn(), language: RouteOptions['language'] = 'en', mocks = [chapters, updated(pictureURL)]) => {
  renderRoute(<QuestionEditor question={question(pictureURL)} courseId="course-1" subjects={subjects} onDone={onDone} />, { language, mocks });
  return onDone;
};

describe('a question’s picture in the editor', () => {
  it('is uploaded with the question, its bytes as they are, and shown in the preview', async () => {
    const done = open(null, jest.fn(), 'en', [chapters, updated(null)]);
    replies(200, { pictureURL: '/api/questions/q1/picture/abc.png' });
    expect(screen.getByText('A PNG, JPEG or WebP picture of at most 1 MB, shown with the question.')).toBeInTheDocument();
    const file = png();
    await userEvent.upload(screen.getByLabelText('Picture (optional)'), file);
    expect(await screen.findByText('Chosen: graph.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ id: 'q1', pictureURL: '/api/questions/q1/picture/abc.png' })));
    expect(server).toHaveBeenCalledTimes(1);
    const [address, request] = server.mock.calls[0];
    expect(address).toBe('/api/questions/q1/picture');
    expect(request.method).toBe('PUT');
    expect(request.body).toBe(file);
  });

  it('refuses a file that is not a PNG, JPEG or WebP, whatever its name, and one over 1 MB, before sending anything', async () => {
    const done = open(null);
    await userEvent.upload(screen.getByLabelText('Picture (optional)'), gifNamedPng());
    expect(await screen.findByText('This file is not a PNG, JPEG or WebP picture')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Picture (optional)'), png(MAX_PICTURE_BYTES + 1));
    expect(await screen.findByText('The picture is larger than 1 MB; make it smaller and try again')).toBeInTheDocument();
    expect(screen.queryByText(/^Chosen:/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(done).toHaveBeenCalled());
    expect(server).not.toHaveBeenCalled();
  });

  it('says in Bangla when the server refused the picture, and keeps the editor open with the question saved', async () => {
    const done = open(null, jest.fn(), 'bn');
    replies(400, { code: 'PICTURE_NOT_SUPPORTED', category: 'BAD_USER_INPUT', message: 'ফাইলটি PNG, JPEG বা WebP ছবি নয়' });
    expect(screen.getByText('সর্বোচ্চ ১ এমবির PNG, JPEG বা WebP ছবি, প্রশ্নের সঙ্গে দেখানো হবে।')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('ছবি (ঐচ্ছিক)'), png());
    // The file is read (its first bytes checked) before it counts as chosen: saving earlier saves no picture.
    expect(await screen.findByText('বেছে নেওয়া হয়েছে: graph.png')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'প্রশ্ন সংরক্ষণ করুন' }));
    expect(await screen.findByText('প্রশ্নটি সংরক্ষিত হয়েছে, কিন্তু ছবিটি হয়নি: ফাইলটি PNG, JPEG বা WebP ছবি নয়')).toBeInTheDocument();
    expect(done).not.toHaveBeenCalled();
  });

  it('shows the picture a question has, and takes it away on save', async () => {
    const done = open('/api/questions/q1/picture/old.png', jest.fn(), 'en', [chapters, updated('/api/questions/q1/picture/old.png')]);
    replies(200, { pictureURL: null });
    expect(screen.getByRole('img', { name: 'The question’s picture' })).toHaveAttribute('src', '/api/questions/q1/picture/old.png');
    await userEvent.click(screen.getByRole('button', { name: 'Remove the picture' }));
    expect(screen.getByText('The picture will be removed when you save.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'The question’s picture' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save question' }));
    await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ pictureURL: null })));
    expect(server.mock.calls[0][0]).toBe('/api/questions/q1/picture');
    expect(server.mock.calls[0][1].method).toBe('DELETE');
  });
});
