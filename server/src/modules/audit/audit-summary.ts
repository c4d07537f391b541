import { text, type TextKey } from '../../i18n/translate';
import type { Language } from '../../i18n/languages';
import { formatMoney } from '../../shared/money';
import { AuditAction, type AuditDetail } from './audit.entity';

const str = (value: AuditDetail[string] | undefined) => (value === null || value === undefined ? '' : Array.isArray(value) ? value.join(', ') : String(value));
const num = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);

const list = (values: string[]) => values.join(', ');

/**
 * One audit entry's facts as a sentence in `language` (server catalogues audit.*): names, emails
 * and amounts in their place, codes (roles, refund cases, field names) in words, never raw keys.
 */
export function auditSummary(action: AuditAction, detail: AuditDetail, language: Language): string {
  const say = (key: TextKey, values: Record<string, string | number> = {}) => text(language, key, values);
  const amount = () => formatMoney(num(detail.amountCents), detail.currency === 'bdt' ? 'bdt' : 'usd', language);
  const role = (value: AuditDetail[string] | undefined) => say('audit.role', { role: str(value) });
  const name = str(detail.name);
  // An account made with a mobile number has no email: its entries keep the number instead.
  const account = () => str(detail.email) || str(detail.phone);
  switch (action) {
    case AuditAction.MAKE_ADMIN:
      return say('audit.MAKE_ADMIN', { email: account(), role: role(detail.previousRole) });
    case AuditAction.REMOVE_ADMIN:
      return say('audit.REMOVE_ADMIN', { email: account(), role: role(detail.newRole) });
    case AuditAction.CLOSE_ACCOUNT:
      return say('audit.CLOSE_ACCOUNT', { email: account(), role: role(detail.role) });
    case AuditAction.REOPEN_ACCOUNT:
      return say('audit.REOPEN_ACCOUNT', { email: account() });
    case AuditAction.REFUND_ENROLLMENT:
      return say('audit.REFUND_ENROLLMENT', {
        amount: amount(),
        percent: num(detail.percent),
        student: str(detail.student),
        course: str(detail.course),
        reason: say('audit.refundCase', { refundCase: str(detail.refundCase) }),
      });
    case AuditAction.APPROVE_HELD_PAYMENT:
      return say('audit.APPROVE_HELD_PAYMENT', { amount: amount(), student: str(detail.student), course: str(detail.course) });
    case AuditAction.CREATE_COURSE:
      return say('audit.CREATE_COURSE', { name, lessons: num(detail.lessons) });
    case AuditAction.UPDATE_COURSE: {
      const changed = Array.isArray(detail.changed) ? detail.changed : [];
      if (changed.length > 0) return say('audit.UPDATE_COURSE', { name, changed: list(changed.map((field) => say('audit.field', { field }))) });
      // The entry does not say whether the lessons changed: only that no detail did.
      return say('audit.UPDATE_COURSE.nothing', { name });
    }
    case AuditAction.PUBLISH_COURSE:
    case AuditAction.UNPUBLISH_COURSE:
    case AuditAction.DELETE_COURSE:
    case AuditAction.SUBMIT_COURSE_FOR_REVIEW:
    case AuditAction.APPROVE_COURSE_REVIEW:
      return say(`audit.${action}`, { name });
    case AuditAction.REJECT_COURSE_REVIEW:
      return say('audit.REJECT_COURSE_REVIEW', { name, reason: str(detail.reason) });
    case AuditAction.CREATE_API_KEY:
      return say('audit.CREATE_API_KEY', { name, prefix: str(detail.prefix), scopes: str(detail.scopes) });
    case AuditAction.REVOKE_API_KEY:
      return say('audit.REVOKE_API_KEY', { name, prefix: str(detail.prefix) });
    case AuditAction.CREATE_WEBHOOK_ENDPOINT:
      return say('audit.CREATE_WEBHOOK_ENDPOINT', { url: str(detail.url), events: str(detail.events) });
    case AuditAction.DELETE_WEBHOOK_ENDPOINT:
      return say('audit.DELETE_WEBHOOK_ENDPOINT', { url: str(detail.url) });
    case AuditAction.ROTATE_WEBHOOK_SECRET:
      return say('audit.ROTATE_WEBHOOK_SECRET', { url: str(detail.url), until: str(detail.previousSecretExpiresAt) });
    case AuditAction.ENABLE_WEBHOOK_ENDPOINT:
      return say('audit.ENABLE_WEBHOOK_ENDPOINT', { url: str(detail.url) });
    case AuditAction.RESEND_WEBHOOK_DELIVERY:
      return say('audit.RESEND_WEBHOOK_DELIVERY', { type: str(detail.type), eventId: str(detail.eventId) });
    case AuditAction.ENROLL_STUDENT:
      return say('audit.ENROLL_STUDENT', { email: str(detail.email), course: str(detail.course) });
  }
}
