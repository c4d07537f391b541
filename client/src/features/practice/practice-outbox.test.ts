import { CombinedGraphQLErrors } from '@apollo/client';
import { finishWaiting, forgetFinish, keepFinish, keepPracticeAnswer, sendWaitingAnswers, waitingAnswers, type KeptPracticeAnswer } from './practice-outbox';

const refusal = (code: string, category = code) => new CombinedGraphQLErrors({ errors: [{ message: 'refused', extensions: { code, category } }] });
const answer = (questionId: string, optionId = `${questionId}-a`, attemptId = 'set-1'): KeptPracticeAnswer => ({ attemptId, questionId, optionId });

beforeEach(() => localStorage.clear());

describe('practice answers kept on the phone with no network', () => {
  it('keeps them in the order given, the first answer of each question only, each attempt apart', () => {
    keepPracticeAnswer(answer('q1'));
    keepPracticeAnswer(answer('q2'));
    keepPracticeAnswer(answer('q1', 'q1-b'));
    keepPracticeAnswer(answer('q1', 'q1-c', 'set-2'));
    expect(waitingAnswers('set-1')).toEqual([answer('q1'), answer('q2')]);
    expect(waitingAnswers('set-2')).toEqual([answer('q1', 'q1-c', 'set-2')]);
    expect(waitingAnswers()).toHaveLength(3);
  });

  it('sends them in order and forgets each one the server took', async () => {
    for (const q of ['q1', 'q2', 'q3']) keepPracticeAnswer(answer(q));
    keepPracticeAnswer(answer('q9', 'q9-a', 'set-2'));
    const order: string[] = [];
    const round = await sendWaitingAnswers('set-1', (kept) => {
      order.push(kept.questionId);
      return Promise.resolve(kept.optionId);
    });
    expect(order).toEqual(['q1', 'q2', 'q3']);
    expect(round).toEqual({ sent: ['q1-a', 'q2-a', 'q3-a'], refused: [], stopped: false });
    expect(waitingAnswers('set-1')).toEqual([]);
    expect(waitingAnswers('set-2')).toHaveLength(1);
  });

  it('stops at the first answer that does not arrive and keeps it and the rest, in order, for the next round', async () => {
    for (const q of ['q1', 'q2', 'q3']) keepPracticeAnswer(answer(q));
    const round = await sendWaitingAnswers('set-1', (kept) =>
      kept.questionId === 'q2' ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve(kept.questionId),
    );
    expect(round).toEqual({ sent: ['q1'], refused: [], stopped: true });
    expect(waitingAnswers('set-1')).toEqual([answer('q2'), answer('q3')]);

    const again = await sendWaitingAnswers('set-1', (kept) => Promise.resolve(kept.questionId));
    expect(again.sent).toEqual(['q2', 'q3']);
    expect(waitingAnswers()).toEqual([]);
  });

  it('drops an answer the server refuses for good and goes on with the next', async () => {
    keepPracticeAnswer(answer('q1'));
    keepPracticeAnswer(answer('q2'));
    const closed = refusal('ATTEMPT_CLOSED', 'CONFLICT');
    const round = await sendWaitingAnswers('set-1', (kept) => (kept.questionId === 'q1' ? Promise.reject(closed) : Promise.resolve(kept.questionId)));
    expect(round).toEqual({ sent: ['q2'], refused: [closed], stopped: false });
    expect(waitingAnswers()).toEqual([]);
  });

  it('keeps an ended session or a server fault to send again', async () => {
    keepPracticeAnswer(answer('q1'));
    expect((await sendWaitingAnswers('set-1', () => Promise.reject(refusal('UNAUTHENTICATED')))).stopped).toBe(true);
    expect((await sendWaitingAnswers('set-1', () => Promise.reject(refusal('INTERNAL_SERVER_ERROR')))).stopped).toBe(true);
    expect(waitingAnswers('set-1')).toEqual([answer('q1')]);
  });

  it('notes a set finished offline until it is submitted', () => {
    keepFinish('set-1');
    keepFinish('set-1');
    expect(finishWaiting('set-1')).toBe(true);
    expect(finishWaiting('set-2')).toBe(false);
    forgetFinish('set-1');
    expect(finishWaiting('set-1')).toBe(false);
  });
});
