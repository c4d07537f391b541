import { act, waitFor } from '@testing-library/react';
import { answer, renderRoute } from '../test/render';
import { createSession } from '../lib/session';
import { SessionProvider } from '../lib/session-context';
import { SEND_KEPT_CHANGES } from '../lib/kept-changes-sync';
import { keepChange, waitingChanges } from '../features/player/progress-outbox';
import { attemptsWaiting, keepFinish, keepPracticeAnswer } from '../features/practice/practice-outbox';
import { SaveLessonPositionDocument } from '../features/player/api/player.generated';
import { AnswerPracticeDocument, SubmitAttemptDocument } from '../features/practice/api/practice.generated';
import KeptChanges from './kept-changes';

const user = { id: 'u1', email: 'rahim@example.com', name: 'Rahim', role: 'STUDENT', image: null } as unknown as Parameters<
  ReturnType<typeof createSession>['signedIn']
>[0]['user'];

// The page's end of the service worker: where its messages arrive, and its Background Sync.
const sync = { register: jest.fn(() => Promise.resolve()) };
const worker = Object.assign(new EventTarget(), { startMessages: jest.fn(), ready: Promise.resolve({ sync }) });
Object.defineProperty(navigator, 'serviceWorker', { value: worker, configurable: true });

/** The worker's Background Sync asking the page to send; resolves with the page's answer. */
function workerAsks(): Promise<unknown> {
  return new Promise((resolve) => {
    const port = { postMessage: resolve };
    act(() => void worker.dispatchEvent(Object.assign(new Event('message'), { data: { type: SEND_KEPT_CHANGES }, ports: [port] })));
  });
}

const mocks = [
  answer(SaveLessonPositionDocument, { lessonId: 'l1', seconds: 42 }, { saveLessonPosition: { lessonId: 'l1', lastPosition: 42 } }),
  answer(
    AnswerPracticeDocument,
    { attemptId: 's1', questionId: 'q1', optionId: 'o1' },
    {
      answerPractice: {
        questionId: 'q1',
        chosenOptionId: 'o1',
        answeredCorrectly: true,
        correctOptionId: 'o1',
        explanation: '',
        boardTag: null,
      },
    },
  ),
  answer(SubmitAttemptDocument, { attemptId: 's1' }, { submitAttempt: { score: 1 } }),
];

function keepSome() {
  keepChange({ kind: 'position', lessonId: 'l1', seconds: 42 });
  keepPracticeAnswer({ attemptId: 's1', questionId: 'q1', optionId: 'o1' });
  keepFinish('s1');
}

describe('what the phone kept, sent by the app from any page', () => {
  beforeEach(() => {
    localStorage.clear();
    sync.register.mockClear();
  });

  it('asks the browser for a Background Sync when a change is kept with no network', async () => {
    keepChange({ kind: 'completed', lessonId: 'l1', completed: true });
    await waitFor(() => expect(sync.register).toHaveBeenCalledWith(SEND_KEPT_CHANGES));
  });

  it('sends it when the app starts for someone signed in, and tells the worker nothing is left', async () => {
    keepSome();
    const session = createSession({ shareAcrossTabs: false });
    session.signedIn({ accessToken: 'token', user });
    renderRoute(
      <SessionProvider session={session}>
        <KeptChanges />
      </SessionProvider>,
      { mocks },
    );
    await waitFor(() => expect(waitingChanges()).toEqual([]));
    await waitFor(() => expect(attemptsWaiting()).toEqual([]));
    await expect(workerAsks()).resolves.toEqual({ sent: true });
  });

  it('sends nothing while nobody is signed in, keeps it, and tells the worker it could not', async () => {
    keepSome();
    renderRoute(<KeptChanges />, { mocks });
    await expect(workerAsks()).resolves.toEqual({ sent: false });
    act(() => void window.dispatchEvent(new Event('online')));
    expect(waitingChanges()).toHaveLength(1);
    expect(attemptsWaiting()).toEqual(['s1']);
  });
});
