import type { DataSource } from 'typeorm';
import { notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { hitRateLimit, limits } from '../../shared/rate-limit';
import { normalizeEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../../kernel/viewer';
import { requireRole, roles } from '../auth/guards';
import { InboxKind, InboxMessage } from './inbox-message.entity';

export const MAX_FORM_FIELD = 200;
export const MAX_FORM_MESSAGE = 5000;
export const MAX_FORM_PHONE = 30;
export const INBOX_MESSAGE_NOT_FOUND = 'Message not found';

const trimmed = <T extends Record<string, string>>(fields: T): T =>
  Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, value.trim()])) as T;

/** A complaint from the complaint form (every field filled: ComplaintInput's rules). */
export async function submitComplaint(
  db: DataSource,
  clientAddress: string,
  fields: { name: string; email: string; phone: string; subject: string; message: string },
): Promise<InboxMessage> {
  const values = trimmed(fields);
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  return db.getRepository(InboxMessage).save({ kind: InboxKind.COMPLAINT, ...values, email: normalizeEmail(values.email), handled: false });
}

/** A message from the contact page (name, email and message filled: ContactInput's rules). */
export async function submitContactMessage(
  db: DataSource,
  clientAddress: string,
  fields: { name: string; email: string; message: string },
): Promise<InboxMessage> {
  const values = trimmed(fields);
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  return db.getRepository(InboxMessage).save({ kind: InboxKind.CONTACT, ...values, email: normalizeEmail(values.email), handled: false });
}

/** The footer's newsletter subscription; the same address twice is one subscription. */
export async function subscribe(db: DataSource, clientAddress: string, email: string): Promise<void> {
  const values = trimmed({ email });
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  await db
    .createQueryBuilder()
    .insert()
    .into(InboxMessage)
    .values({ kind: InboxKind.SUBSCRIPTION, email: normalizeEmail(values.email), handled: false })
    .orIgnore()
    .execute();
}

/** The admins' inbox of one kind, newest first, optionally only handled or only not handled. */
export async function listInbox(
  db: DataSource,
  viewer: Viewer,
  filter: { kind: InboxKind; handled?: boolean | null },
  paging: { offset?: number; limit?: number },
): Promise<Page<InboxMessage>> {
  requireRole(viewer, roles.admin);
  const page = parsePage(paging.offset, paging.limit, 20);
  const where = { kind: filter.kind, ...(filter.handled === null || filter.handled === undefined ? {} : { handled: filter.handled }) };
  const repository = db.getRepository(InboxMessage);
  return fetchPage(
    page,
    () => repository.find({ where, order: { createdAt: 'DESC', id: 'ASC' }, skip: page.offset, take: page.limit }),
    () => repository.count({ where }),
  );
}

export async function setInboxHandled(db: DataSource, viewer: Viewer, id: string, handled: boolean): Promise<InboxMessage> {
  requireRole(viewer, roles.admin);
  const message = await db.getRepository(InboxMessage).findOneBy({ id });
  if (!message) throw notFound(INBOX_MESSAGE_NOT_FOUND, 'INBOX_MESSAGE_NOT_FOUND');
  await db.getRepository(InboxMessage).update(message.id, { handled });
  return { ...message, handled };
}
