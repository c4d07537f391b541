import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderRoute } from '../../test/render';
import type { DownloadPlan, KeptLesson } from '../../lib/lesson-downloads';
import * as downloads from '../../lib/lesson-downloads';
import { DownloadLesson } from './download-lesson';

// The phone's storage stands aside: what is tested is what the student is offered and when a download starts.
jest.mock('../../lib/lesson-downloads', () => ({
  ...jest.requireActual<object>('../../lib/lesson-downloads'),
  planDownloads: jest.fn(),
  downloadLesson: jest.fn(),
  keptLesson: jest.fn(),
  renewKeptLesson: jest.fn(),
  askToKeepDownloads: jest.fn(),
}));
const mocked = jest.mocked(downloads);

const MB = 1024 ** 2;
const plan = (choice: DownloadPlan['choice'], megabytes: number): DownloadPlan => ({
  rendition: choice,
  choice,
  master: '',
  playlist: '',
  segments: ['seg_000.ts', 'seg_001.ts'],
  estimatedBytes: megabytes * MB,
  source: '',
  poster: '',
});
const kept: KeptLesson = {
  lessonId: 'l1',
  courseId: 'c1',
  title: 'Fractions',
  courseName: 'Maths',
  rendition: '360p',
  bytes: 10 * MB,
  savedAt: '2026-11-01T06:00:00.000Z',
  keptUntil: '2026-12-01T06:00:00.000Z',
};

class FakeConnection extends EventTarget {
  constructor(
    public type?: string,
    public saveData = false,
  ) {
    super();
  }
}
let connection: FakeConnection | undefined;

beforeEach(() => {
  localStorage.clear();
  jest.resetAllMocks();
  mocked.planDownloads.mockResolvedValue([plan('240p', 5), plan('360p', 10), plan('audio', 1.5)]);
  mocked.keptLesson.mockResolvedValue(null);
  mocked.askToKeepDownloads.mockResolvedValue(true);
  mocked.downloadLesson.mockImplementation((_plan, _lesson, onProgress) => {
    onProgress(1, 2);
    onProgress(2, 2);
    return Promise.resolve(kept);
  });
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: { ready: Promise.resolve(), controller: null } });
  Object.defineProperty(navigator, 'connection', { configurable: true, get: () => connection });
});

const show = (language: 'bn' | 'en' = 'bn') =>
  renderRoute(
    <DownloadLesson
      lesson={{ id: 'l1', title: 'Fractions' }}
      course={{ id: 'c1', name: 'Maths' }}
      streamUrl="/media/lessons/v/sig/master.m3u8"
      onKept={() => undefined}
    />,
    { language },
  );

describe('downloading a lesson', () => {
  it('offers 240p by default, 360p and audio only, each with its size before downloading', async () => {
    connection = new FakeConnection('wifi');
    show();
    expect(await screen.findByRole('radio', { name: '২৪০p (৫.০ এমবি)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '৩৬০p (১০.০ এমবি)' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'শুধু অডিও (১.৫ এমবি)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ডাউনলোড (৫.০ এমবি)' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('radio', { name: '৩৬০p (১০.০ এমবি)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'ডাউনলোড (১০.০ এমবি)' }));
    expect(await screen.findByText('এই পাঠ আপনার ফোনে রাখা আছে (১০.০ এমবি), ইন্টারনেট ছাড়াই দেখা যাবে।')).toBeInTheDocument();
    expect(mocked.downloadLesson.mock.calls[0][0].choice).toBe('360p');
    // Persistent storage is asked for when a download starts (lib/lesson-downloads.ts asks once).
    expect(mocked.askToKeepDownloads).toHaveBeenCalled();
  });

  it('on mobile data with only on an unmetered connection on, says why it waits and starts once the phone is on Wi-Fi', async () => {
    connection = new FakeConnection('cellular');
    show();
    expect(await screen.findByRole('checkbox', { name: 'শুধু ওয়াই-ফাই বা তারের সংযোগে ডাউনলোড' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'ডাউনলোড (৫.০ এমবি)' }));
    expect(
      await screen.findByText(/^ওয়াই-ফাইয়ের অপেক্ষায়: এই সংযোগে ডেটার খরচ হতে পারে, এবং “শুধু ওয়াই-ফাই বা তারের সংযোগে ডাউনলোড” চালু আছে।/),
    ).toBeInTheDocument();
    expect(mocked.downloadLesson).not.toHaveBeenCalled();

    connection.type = 'wifi';
    act(() => void connection?.dispatchEvent(new Event('change')));
    expect(await screen.findByText('এই পাঠ আপনার ফোনে রাখা আছে (১০.০ এমবি), ইন্টারনেট ছাড়াই দেখা যাবে।')).toBeInTheDocument();
    expect(mocked.downloadLesson).toHaveBeenCalledTimes(1);
  });

  it('starts a waiting download on a metered connection when the student turns the setting off', async () => {
    connection = new FakeConnection('bluetooth');
    show('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Download (5.0 MB)' }));
    expect(await screen.findByTestId('download-waiting')).toHaveTextContent(
      'Waiting for Wi-Fi: this connection may cost you data, and “Download only on Wi-Fi or a wired connection” is on. The download (5.0 MB) starts when the phone joins Wi-Fi, or turn the setting off to use this connection.',
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'Download only on Wi-Fi or a wired connection' }));
    await waitFor(() => expect(mocked.downloadLesson).toHaveBeenCalledTimes(1));
    expect(localStorage.getItem('shikhon.downloads.wifiOnly')).toBe('false');
  });

  it('downloads at once on a wired connection', async () => {
    connection = new FakeConnection('ethernet');
    show('en');
    expect(await screen.findByRole('checkbox', { name: 'Download only on Wi-Fi or a wired connection' })).toBeChecked();
    fireEvent.click(screen.getByRole('button', { name: 'Download (5.0 MB)' }));
    await waitFor(() => expect(mocked.downloadLesson).toHaveBeenCalledTimes(1));
  });

  it('waits while the browser asks to save data, even where it names no connection', async () => {
    connection = new FakeConnection(undefined, true);
    show('en');
    fireEvent.click(await screen.findByRole('button', { name: 'Download (5.0 MB)' }));
    expect(await screen.findByTestId('download-waiting')).toHaveTextContent(
      'Waiting: your browser is set to save data, and “Download only on Wi-Fi or a wired connection” is on. Turn the setting off to download now (5.0 MB).',
    );
    expect(mocked.downloadLesson).not.toHaveBeenCalled();
  });

  it('says when the browser cannot tell Wi-Fi from mobile data, and downloads at once', async () => {
    connection = new FakeConnection('unknown');
    show('en');
    expect(
      await screen.findByText(
        'This browser does not say whether your connection is Wi-Fi or mobile data, so downloads start on any connection, once you have seen their size.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Download only on Wi-Fi or a wired connection' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download (5.0 MB)' }));
    await waitFor(() => expect(mocked.downloadLesson).toHaveBeenCalledTimes(1));
  });

  it('renews a kept lesson when the player is opened online', async () => {
    connection = new FakeConnection('wifi');
    mocked.keptLesson.mockResolvedValue(kept);
    mocked.renewKeptLesson.mockResolvedValue({ ...kept, keptUntil: '2027-01-01T00:00:00.000Z' });
    show('en');
    expect(await screen.findByText('This lesson is on your phone (10.0 MB) and plays without the internet.')).toBeInTheDocument();
    expect(mocked.renewKeptLesson).toHaveBeenCalledWith(kept);
  });
});
