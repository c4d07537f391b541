import { screen } from '@testing-library/react';
import { AuditLogDocument } from './api/audit-log.generated';
import AuditLogPage from './audit-log-page';
import { answer, renderRoute } from '../../test/render';

const entry = (summary: string) => ({
  id: 'entry-1',
  action: 'REFUND_ENROLLMENT' as const,
  actorEmail: 'admin@shikhon.test',
  targetType: 'ENROLLMENT' as const,
  targetId: '6f1f7b0e-4c8a-4a53-9a4e-0d6b3f3f2a11',
  summary,
  address: '203.0.113.7',
  createdAt: '2026-11-20T10:00:00.000Z',
});
const log = (summary: string) =>
  answer(AuditLogDocument, { action: null, offset: 0, limit: 20 }, { auditLog: { total: 1, offset: 0, limit: 20, items: [entry(summary)] } });

describe('the audit log', () => {
  it('reads each entry as the sentence the server wrote in the page’s language, with no raw keys', async () => {
    const sentence = '“Physics”-এর জন্য rahim@example.com-কে ৳১,৪৫০ (১০০%) ফেরত দেওয়া হয়েছে: কোর্সটি বাতিল হয়েছে।';
    renderRoute(<AuditLogPage />, { language: 'bn', mocks: [log(sentence)] });
    expect(await screen.findByText(sentence)).toBeInTheDocument();
    const row = screen.getByTestId('audit-row').textContent ?? '';
    expect(row).toContain('টাকা ফেরত দেওয়া হয়েছে');
    expect(row).not.toMatch(/refundCase|COURSE_CANCELLED|changed:|enrollment /);
  });
});
