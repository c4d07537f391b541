import { decideRefund, RefundCase } from './refund-policy';

const start = new Date('2026-12-10T09:00:00Z');
const at = (iso: string) => new Date(iso);

describe('the refund policy', () => {
  it('gives 100% when a course, recorded or live, is cancelled or withdrawn, whenever it is, and says so', () => {
    expect(decideRefund({ refundCase: RefundCase.COURSE_CANCELLED, startsAt: start, requestedAt: at('2026-12-20T00:00:00Z') })).toEqual({
      percent: 100,
      rule: 'A course cancelled or withdrawn, recorded or live, gives a 100% refund within 7-10 working days.',
    });
  });

  it('gives a full refund to a learner cancelling at least 1 day before the start', () => {
    expect(decideRefund({ refundCase: RefundCase.LEARNER_CANCELLED, startsAt: start, requestedAt: at('2026-12-09T09:00:00Z') }).percent).toBe(100);
    expect(decideRefund({ refundCase: RefundCase.LEARNER_CANCELLED, startsAt: start, requestedAt: at('2026-12-09T09:00:01Z') }).percent).toBe(0);
  });

  it('gives 80% for a schedule issue reported within 2 days of the start', () => {
    const decision = decideRefund({
      refundCase: RefundCase.SCHEDULE_ISSUE,
      startsAt: start,
      requestedAt: at('2026-12-20T00:00:00Z'),
      reportedAt: at('2026-12-12T09:00:00Z'),
    });
    expect(decision.percent).toBe(80);
    expect(decideRefund({ refundCase: RefundCase.SCHEDULE_ISSUE, startsAt: start, requestedAt: at('2026-12-12T09:00:01Z') }).percent).toBe(0);
  });

  it('gives nothing once 2 days have passed since the start', () => {
    const decision = decideRefund({ refundCase: RefundCase.LEARNER_CANCELLED, startsAt: start, requestedAt: at('2026-12-13T00:00:00Z') });
    expect(decision).toEqual({ percent: 0, rule: 'No refund once 2 days have passed since the start.' });
  });
});
