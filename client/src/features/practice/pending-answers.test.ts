import { CombinedGraphQLErrors, ServerError } from '@apollo/client';
import { keepPending, markLate, outcomeOf, readLate, readPending, retryDelay, settlePending } from './pending-answers';

const refusal = (code: string, category = code) => new CombinedGraphQLErrors({ errors: [{ message: 'refused', extensions: { code, category } }] });

describe('what becomes of an answer the server did not save', () => {
  it('drops it only on a refusal that will never change', () => {
    expect(outcomeOf(refusal('ATTEMPT_CLOSED', 'CONFLICT'))).toBe('late');
    expect(outcomeOf(refusal('ANSWER_TOO_LATE', 'CONFLICT'))).toBe('late');
    expect(outcomeOf(refusal('BAD_USER_INPUT'))).toBe('refused');
    expect(outcomeOf(refusal('ATTEMPT_NOT_FOUND', 'NOT_FOUND'))).toBe('refused');
  });

  it('keeps it to send again on no connection, a 5xx, a database restart, an unexpected fault, an ended session or a rate limit', () => {
    expect(outcomeOf(new TypeError('Failed to fetch'))).toBe('retry');
    expect(outcomeOf(new ServerError('Service Unavailable', { response: { status: 503 } as unknown as Response, bodyText: '' }))).toBe('retry');
    expect(outcomeOf(refusal('SERVICE_UNAVAILABLE'))).toBe('retry');
    expect(outcomeOf(refusal('INTERNAL_SERVER_ERROR'))).toBe('retry');
    expect(outcomeOf(refusal('UNAUTHENTICATED'))).toBe('retry');
    expect(outcomeOf(refusal('RATE_LIMITED', 'TOO_MANY_REQUESTS'))).toBe('retry');
  });

  it('waits longer after each try, at most half a minute', () => {
    expect([1, 2, 3, 4, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 30_000]);
  });
});

describe('answers kept on the phone', () => {
  beforeEach(() => localStorage.clear());

  it('keeps when each was chosen, and forgets one once settled unless another was chosen meanwhile', () => {
    const first = { optionId: 'o1', chosenAt: '2026-11-28T10:00:00.000Z' };
    const second = { optionId: 'o2', chosenAt: '2026-11-28T10:00:05.000Z' };
    keepPending('a1', 'q1', first);
    keepPending('a1', 'q1', second);
    settlePending('a1', 'q1', first);
    expect(readPending('a1')).toEqual({ q1: second });
    settlePending('a1', 'q1', second);
    expect(readPending('a1')).toEqual({});
  });

  it('reads an answer kept by an earlier version of the page, a bare option id', () => {
    localStorage.setItem('practice:pending:a1', JSON.stringify({ q1: 'o1' }));
    expect(readPending('a1').q1.optionId).toBe('o1');
  });

  it('remembers the answers that came too late, once each', () => {
    markLate('a1', 'q2');
    markLate('a1', 'q2');
    markLate('a1', 'q3');
    expect(readLate('a1')).toEqual(['q2', 'q3']);
  });
});
