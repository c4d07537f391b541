import { registerEnumType } from 'type-graphql';

/** Why a refund is asked for; the refund policy gives each case its share. */
export enum RefundCase {
  COURSE_CANCELLED = 'COURSE_CANCELLED',
  LEARNER_CANCELLED = 'LEARNER_CANCELLED',
  SCHEDULE_ISSUE = 'SCHEDULE_ISSUE',
}
registerEnumType(RefundCase, {
  name: 'RefundCase',
  description: 'Why a refund is asked for; the refund policy gives each case its share',
  valuesConfig: {
    COURSE_CANCELLED: { description: 'The course was cancelled: 100%' },
    LEARNER_CANCELLED: { description: 'The learner cancelled: 100% at least 1 day before the start, otherwise nothing' },
    SCHEDULE_ISSUE: { description: 'A schedule issue that cannot be accommodated: 80% if reported within 2 days of the start, otherwise nothing' },
  },
});

const DAY_MS = 24 * 3600 * 1000;

export interface RefundDecision {
  percent: 0 | 80 | 100;
  rule: string;
}

/**
 * The refund policy, in one place:
 * - a course cancelled or withdrawn, recorded or live: 100%;
 * - a learner cancelling at least 1 day before the start: 100%;
 * - schedule issues reported within 2 days of the start that cannot be accommodated: 80%;
 * - no refund once 2 days have passed since the start.
 * Refunds are paid within 7-10 working days. A course without a start date starts at enrollment.
 */
export function decideRefund(input: { refundCase: RefundCase; startsAt: Date; requestedAt: Date; reportedAt?: Date | null }): RefundDecision {
  const { refundCase, startsAt, requestedAt } = input;
  const reportedAt = input.reportedAt ?? requestedAt;
  switch (refundCase) {
    case RefundCase.COURSE_CANCELLED:
      return { percent: 100, rule: 'A course cancelled or withdrawn, recorded or live, gives a 100% refund within 7-10 working days.' };
    case RefundCase.LEARNER_CANCELLED:
      if (startsAt.getTime() - requestedAt.getTime() >= DAY_MS) {
        return { percent: 100, rule: 'A learner cancelling at least 1 day before the start gets a full refund within 7-10 working days.' };
      }
      if (requestedAt.getTime() - startsAt.getTime() > 2 * DAY_MS) return { percent: 0, rule: 'No refund once 2 days have passed since the start.' };
      return { percent: 0, rule: 'A cancellation less than 1 day before the start gets no refund.' };
    case RefundCase.SCHEDULE_ISSUE:
      if (reportedAt.getTime() - startsAt.getTime() <= 2 * DAY_MS) {
        return {
          percent: 80,
          rule: 'Schedule issues reported within 2 days of the start that cannot be accommodated get an 80% refund within 7-10 working days.',
        };
      }
      return { percent: 0, rule: 'Schedule issues must be reported within 2 days of the start. No refund once 2 days have passed since the start.' };
  }
}
