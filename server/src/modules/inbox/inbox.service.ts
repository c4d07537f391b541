import type { DataSource } from 'typeorm';
import { AppError, badInput, notFound } from '../../shared/errors';
import { fetchPage, parsePage, type Page } from '../../shared/paging';
import { hitRateLimit, limits } from '../../shared/rate-limit';
import { checkEmail, normalizeEmail } from '../auth/sign-up-rules';
import type { Viewer } from '../auth/viewer';
import { isUuid } from '../course/course.service';
import { Role } from '../user/role';
import { InboxKind, InboxMessage } from './inbox-message.entity';

export const EMPTY_FIELDS = 'Please fill up all the fields';

type Fields = Record<string, string | null | undefined>;

function required(fields: Fields, names: string[], max: Record<string, number>): Record<string, string> {
  const values: Record<string, string> = {};
  const problems: Record<string, string> = {};
  for (const name of names) {
    const value = fields[name]?.trim() ?? '';
    if (!value) problems[name] = EMPTY_FIELDS;
    else if (value.length > (max[name] ?? 200)) problems[name] = `${name} must be at most ${max[name] ?? 200} characters`;
    values[name] = value;
  }
  if (values.email && !problems.email) {
    const problem = checkEmail(values.email);
    if (problem) problems.email = problem;
  }
  const first = Object.values(problems)[0];
  if (first) throw badInput(first, { fields: problems });
  return values;
}

/** A complaint from the complaint form: every field required. */
export async function submitComplaint(db: DataSource, clientAddress: string, fields: Fields): Promise<InboxMessage> {
  const values = required(fields, ['name', 'email', 'phone', 'subject', 'message'], { message: 5000, phone: 30 });
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  return db.getRepository(InboxMessage).save({ kind: InboxKind.COMPLAINT, ...values, email: normalizeEmail(values.email), handled: false });
}

/** A message from the contact page: name, email and message required. */
export async function submitContactMessage(db: DataSource, clientAddress: string, fields: Fields): Promise<InboxMessage> {
  const values = required(fields, ['name', 'email', 'message'], { message: 5000 });
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  return db.getRepository(InboxMessage).save({ kind: InboxKind.CONTACT, ...values, email: normalizeEmail(values.email), handled: false });
}

/** The footer's newsletter subscription; the same address twice is one subscription. */
export async function subscribe(db: DataSource, clientAddress: string, email: string | null | undefined): Promise<void> {
  const values = required({ email }, ['email'], {});
  await hitRateLimit(db, limits.formsPerAddress, clientAddress);
  await db
    .createQueryBuilder()
    .insert()
    .into(InboxMessage)
    .values({ kind: InboxKind.SUBSCRIPTION, email: normalizeEmail(values.email), handled: false })
    .orIgnore()
    .execute();
}

function requireAdmin(viewer: Viewer): void {
  if (viewer.role !== Role.ADMIN) throw new AppError('FORBIDDEN', 'Only admins can read the inbox');
}

/** The admins' inbox of one kind, newest first, optionally only handled or only not handled. */
export async function listInbox(
  db: DataSource,
  viewer: Viewer,
  filter: { kind: InboxKind; handled?: boolean | null },
  paging: { offset?: number; limit?: number },
): Promise<Page<InboxMessage>> {
  requireAdmin(viewer);
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
  requireAdmin(viewer);
  const message = isUuid(id) ? await db.getRepository(InboxMessage).findOneBy({ id }) : null;
  if (!message) throw notFound('Message not found');
  await db.getRepository(InboxMessage).update(message.id, { handled });
  return { ...message, handled };
}
