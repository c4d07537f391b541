import { AuditAction } from './audit.entity';
import { auditSummary } from './audit-summary';

describe('an audit entry as a sentence', () => {
  it('says a refund in words, its reason and amount in the language of the page', () => {
    const detail = { student: 'rahim@example.com', course: 'Physics', refundCase: 'COURSE_CANCELLED', percent: 100, amountCents: 145000, currency: 'bdt' };
    expect(auditSummary(AuditAction.REFUND_ENROLLMENT, detail, 'en')).toBe(
      '৳1,450 (100%) refunded to rahim@example.com for “Physics”: the course was cancelled.',
    );
    expect(auditSummary(AuditAction.REFUND_ENROLLMENT, detail, 'bn')).toBe(
      '“Physics”-এর জন্য rahim@example.com-কে ৳১,৪৫০ (১০০%) ফেরত দেওয়া হয়েছে: কোর্সটি বাতিল হয়েছে।',
    );
  });

  it('names the changed details of a course in words, and says when none changed', () => {
    expect(auditSummary(AuditAction.UPDATE_COURSE, { name: 'Algebra', changed: ['priceBDT', 'name'], lessons: 4 }, 'en')).toBe(
      'The course “Algebra” was edited: taka price, name.',
    );
    expect(auditSummary(AuditAction.UPDATE_COURSE, { name: 'Algebra', changed: ['priceBDT'], lessons: 4 }, 'bn')).toBe(
      '“Algebra” কোর্সটি এডিট করা হয়েছে: টাকার দাম।',
    );
    expect(auditSummary(AuditAction.UPDATE_COURSE, { name: 'Algebra', changed: [], lessons: 4 }, 'en')).toBe(
      'The course “Algebra” was saved with no change to its details.',
    );
  });

  it('writes roles in words and counts in the language’s digits, never as codes', () => {
    expect(auditSummary(AuditAction.MAKE_ADMIN, { email: 'a@example.com', previousRole: 'INSTRUCTOR' }, 'en')).toBe(
      'a@example.com was made an admin (was instructor).',
    );
    expect(auditSummary(AuditAction.CREATE_COURSE, { name: 'Algebra', lessons: 12 }, 'bn')).toBe('“Algebra” কোর্সটি ১২টি পাঠ নিয়ে তৈরি করা হয়েছে।');
    for (const action of Object.values(AuditAction)) {
      expect(auditSummary(action, {}, 'bn')).not.toMatch(/[A-Z]{2,}_|\{|undefined|null/);
    }
  });
});
