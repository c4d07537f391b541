import { screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import type { KeptLesson } from '../../lib/lesson-downloads';
import * as downloads from '../../lib/lesson-downloads';
import { DownloadsSection } from './downloads-section';

// The phone's storage stands aside: what is tested is what the list shows and what it keeps.
jest.mock('../../lib/lesson-downloads', () => ({
  ...jest.requireActual<object>('../../lib/lesson-downloads'),
  keptLessons: jest.fn(),
  removeKeptLesson: jest.fn(),
  renewKeptLesson: jest.fn(),
}));
const mocked = jest.mocked(downloads);

const lesson = (lessonId: string, courseId: string, keptUntil: string): KeptLesson => ({
  lessonId,
  courseId,
  title: `Lesson ${lessonId}`,
  courseName: `Course ${courseId}`,
  rendition: '240p',
  bytes: 5 * 1024 ** 2,
  savedAt: '2026-11-20T06:00:00.000Z',
  keptUntil,
});

beforeEach(() => {
  jest.resetAllMocks();
  mocked.keptLessons.mockResolvedValue([lesson('a', 'owned', '2026-12-20T06:00:00.000Z'), lesson('b', 'refunded', '2026-12-20T06:00:00.000Z')]);
  mocked.removeKeptLesson.mockResolvedValue();
  mocked.renewKeptLesson.mockImplementation((kept) => Promise.resolve({ ...kept, keptUntil: '2026-12-29T06:00:00.000Z' }));
});

describe('the downloads on My Courses', () => {
  it('online, renews the lessons of courses still owned, removes the others, and shows until when each is kept', async () => {
    renderRoute(<DownloadsSection owned={['owned']} />, { language: 'bn' });
    expect(await screen.findByText('২৯ ডিসেম্বর, ২০২৬ পর্যন্ত রাখা থাকবে')).toBeInTheDocument();
    expect(mocked.renewKeptLesson).toHaveBeenCalledTimes(1);
    expect(mocked.renewKeptLesson.mock.calls[0][0].lessonId).toBe('a');
    expect(mocked.removeKeptLesson).toHaveBeenCalledWith('b');
    expect(screen.queryByText('Lesson b')).not.toBeInTheDocument();
  });

  it('offline, lists what is kept until its date without renewing it', async () => {
    renderRoute(<DownloadsSection />, { language: 'en' });
    expect(await screen.findAllByText('Kept until 20 December 2026')).toHaveLength(2);
    await waitFor(() => expect(screen.getByText('Lesson b')).toBeInTheDocument());
    expect(mocked.renewKeptLesson).not.toHaveBeenCalled();
    expect(mocked.removeKeptLesson).not.toHaveBeenCalled();
  });
});
