import { IsNull, MoreThan, type DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import type { MailService } from './mailer';
import { OutboxMessage } from './outbox-message.entity';

export const MAIL_NOT_FOUND = 'No such undelivered mail';

/** Mail not delivered yet after at least one failed attempt, newest first: the admins' view of SMTP trouble. */
export async function listUndeliveredMail(db: DataSource, viewer: Viewer, paging: { offset?: number; limit?: number }): Promise<Page<OutboxMessage>> {
  requireRole(viewer, roles.admin);
  const page = parsePage(paging.offset, paging.limit, 20);
  const where = { sentAt: IsNull(), failedAttempts: MoreThan(0) };
  const outbox = db.getRepository(OutboxMessage);
  return fetchPage(
    page,
    // The body is never read: it carries single-use links.
    () =>
      outbox.find({
        where,
        select: { id: true, to: true, subject: true, createdAt: true, failedAttempts: true, lastError: true, gaveUpAt: true },
        order: { createdAt: 'DESC', id: 'ASC' },
        skip: page.offset,
        take: page.limit,
      }),
    () => outbox.countBy(where),
  );
}

/** Queues a message whose retries all failed once more (an admin, once SMTP is fixed). */
export async function sendMailAgain(mail: MailService, viewer: Viewer, outboxId: string): Promise<boolean> {
  requireRole(viewer, roles.admin);
  if (!(await mail.sendAgain(outboxId))) throw notFound(MAIL_NOT_FOUND, 'MAIL_NOT_FOUND');
  return true;
}
