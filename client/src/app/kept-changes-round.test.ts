import { CombinedGraphQLErrors } from '@apollo/client';
import { keepChange, waitingChanges, type ProgressChange } from '../features/player/progress-outbox';
import { attemptsWaiting, finishWaiting, keepFinish, keepPracticeAnswer, waitingAnswers, type KeptPracticeAnswer } from '../features/practice/practice-outbox';
import { isGraphQLErrors } from '../lib/data';
import { sendKeptChanges, type KeptChangesSenders } from './kept-changes-round';

const refusal = (code: string) => new CombinedGraphQLErrors({ errors: [{ message: 'refused', extensions: { code, category: code } }] });

/** A server that records what reached it, as the real one does: a lesson set done, a position set, a question's first answer, a set submitted once. */
function fakeServer() {
  const calls: string[] = [];
  const lessons = new Map<string, boolean>();
  const answers = new Map<string, string>();
  const submitted = new Set<string>();
  let online = true;
  const reach = () => {
    if (!online) return Promise.reject(new TypeError('Failed to fetch'));
    return Promise.resolve();
  };
  const senders: KeptChangesSenders = {
    progress: async (change: ProgressChange) => {
      await reach();
      calls.push(`${change.kind}:${change.lessonId}`);
      if (change.kind === 'completed') lessons.set(change.lessonId, change.completed);
    },
    refusedForGood: isGraphQLErrors,
    answer: async (kept: KeptPracticeAnswer) => {
      await reach();
      calls.push(`answer:${kept.questionId}`);
      const key = `${kept.attemptId}/${kept.questionId}`;
      if (!answers.has(key)) answers.set(key, kept.optionId);
    },
    finish: async (attemptId: string) => {
      await reach();
      calls.push(`finish:${attemptId}`);
      if (submitted.has(attemptId)) throw refusal('ATTEMPT_CLOSED');
      submitted.add(attemptId);
    },
  };
  return { calls, lessons, answers, submitted, senders, goOffline: () => (online = false), goOnline: () => (online = true) };
}

describe('sending what the phone kept, from any page', () => {
  beforeEach(() => localStorage.clear());

  it('sends the progress first, then the practice answers and the finished set, each in order', async () => {
    const server = fakeServer();
    keepChange({ kind: 'completed', lessonId: 'l1', completed: true });
    keepPracticeAnswer({ attemptId: 's1', questionId: 'q1', optionId: 'o1' });
    keepPracticeAnswer({ attemptId: 's1', questionId: 'q2', optionId: 'o2' });
    keepFinish('s1');
    keepChange({ kind: 'position', lessonId: 'l1', seconds: 30 });

    await expect(sendKeptChanges(server.senders)).resolves.toBe(true);

    expect(server.calls).toEqual(['completed:l1', 'position:l1', 'answer:q1', 'answer:q2', 'finish:s1']);
    expect(waitingChanges()).toEqual([]);
    expect(attemptsWaiting()).toEqual([]);
    expect(server.submitted).toEqual(new Set(['s1']));
  });

  it('sends nothing twice when asked twice at once (start and `online` together)', async () => {
    const server = fakeServer();
    keepChange({ kind: 'completed', lessonId: 'l1', completed: true });
    keepPracticeAnswer({ attemptId: 's1', questionId: 'q1', optionId: 'o1' });
    keepFinish('s1');

    const rounds = await Promise.all([sendKeptChanges(server.senders), sendKeptChanges(server.senders)]);

    expect(rounds).toEqual([true, true]);
    expect(server.calls).toEqual(['completed:l1', 'answer:q1', 'finish:s1']);
  });

  it('keeps what found no network, in order, and sends it on the next round', async () => {
    const server = fakeServer();
    keepChange({ kind: 'completed', lessonId: 'l1', completed: true });
    keepPracticeAnswer({ attemptId: 's1', questionId: 'q1', optionId: 'o1' });
    keepFinish('s1');
    server.goOffline();

    await expect(sendKeptChanges(server.senders)).resolves.toBe(false);
    expect(waitingChanges()).toHaveLength(1);
    expect(waitingAnswers('s1')).toHaveLength(1);
    expect(finishWaiting('s1')).toBe(true);

    server.goOnline();
    await expect(sendKeptChanges(server.senders)).resolves.toBe(true);
    expect(server.calls).toEqual(['completed:l1', 'answer:q1', 'finish:s1']);
    expect(server.lessons.get('l1')).toBe(true);
  });

  it('forgets a set the server says was finished elsewhere, and a change it refuses for good', async () => {
    const server = fakeServer();
    server.submitted.add('s1');
    keepFinish('s1');
    keepChange({ kind: 'completed', lessonId: 'l1', completed: true });
    const progress = server.senders.progress;
    server.senders.progress = () => Promise.reject(refusal('FORBIDDEN'));

    await expect(sendKeptChanges(server.senders)).resolves.toBe(true);

    expect(waitingChanges()).toEqual([]);
    expect(finishWaiting('s1')).toBe(false);
    server.senders.progress = progress;
  });
});
