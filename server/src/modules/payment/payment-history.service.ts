import type { DataSource, SelectQueryBuilder } from 'typeorm';
import { badInput } from '../../shared/errors';
import { CURSOR_UNKNOWN, fetchCursorPage, fromCursor, parsePage, toCursor, type Page } from '../../shared/paging';
import { fromMinorUnits, money, type Money } from '../../shared/money';
import { methodLabel } from './payment-method';
import { failureReasonOf, type PaymentFailureReason } from './payment-failure';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { User } from '../user/user.entity';
import { Payment, type PaymentStatus } from './payment.entity';
import { definitionOfStored, isImitationName, storedProviderNames } from '../../payments/registry';
import type { PaymentProviderChoice } from './purchase.input';
import { ApiScope } from '../integration/api-key.entity';
import { requireAdminOrScope, type Caller } from '../integration/api-key.service';

export const PAYMENT_CURSOR_UNKNOWN = CURSOR_UNKNOWN;

/** One payment as people see it: amounts in whole units of its own currency. */
export interface PaymentRecord {
  id: string;
  amount: number;
  amountPaid: Money;
  currency: string;
  /** How it was paid: "bKash", "Nagad", "Visa •••• 4242"; null while the provider has not said. */
  method: string | null;
  provider: string;
  /** Who took it: the `provider` without the test mode's own name. */
  gateway: PaymentProviderChoice;
  /** The offline card test mode took it: no card was charged. */
  testMode: boolean;
  status: PaymentStatus;
  failureMessage: string | null;
  /** Why it failed, in a word; null unless it failed. */
  failureReason: PaymentFailureReason | null;
  /** The provider's transaction id (bKash's TrxID through SSLCommerz, Stripe's charge); null until paid. */
  transactionId: string | null;
  courseId: string;
  courseName: string;
  studentName: string;
  studentEmail: string;
  enrollmentId: string | null;
  createdAt: Date;
}

export interface PaymentFilter {
  provider?: string | null;
  gateway?: PaymentProviderChoice | null;
  status?: PaymentStatus | null;
  currency?: string | null;
  /** A method's name as recorded: bKash, Nagad, Rocket, Visa, Mastercard... */
  method?: string | null;
  from?: Date | null;
  to?: Date | null;
}

/** How a list is read: newest first (people), or oldest first from a cursor (servers following it). */
export interface PaymentPaging {
  offset?: number;
  limit?: number;
  oldestFirst?: boolean | null;
  /** An endCursor of an earlier page read oldest first: the payments made after its last item. */
  after?: string | null;
}

export const PAYMENT_CURSOR_NEEDS_OLDEST_FIRST = 'after follows a list read oldest first: add oldestFirst: true';

/** The names stored on payments: each provider's, and its offline imitation's. */
export const PROVIDERS = storedProviderNames();
/** The stored provider names a way to pay of the PaymentProvider enum stands for. */
const storedNamesOf = (way: PaymentProviderChoice) => PROVIDERS.filter((name) => definitionOfStored(name)?.way === way);
const gatewayOf = (provider: string): PaymentProviderChoice => definitionOfStored(provider)?.way ?? provider.toUpperCase();
export const CURRENCIES = ['usd', 'bdt'];

function records(db: DataSource): SelectQueryBuilder<Payment> {
  return (
    db
      .getRepository(Payment)
      .createQueryBuilder('p')
      .innerJoin(Course, 'c', 'c.id = p."courseId"')
      .innerJoin(User, 'u', 'u.id = p."studentId"')
      // The enrollment of the payment's own course: a bundle's payment, which gives several, is one row (its first course's).
      .leftJoin('enrollment', 'e', 'e."paymentId" = p.id AND e."courseId" = p."courseId" AND e."revokedAt" IS NULL')
  );
}

async function readPage(db: DataSource, paging: PaymentPaging, narrow: (qb: SelectQueryBuilder<Payment>) => void): Promise<Page<PaymentRecord>> {
  const page = parsePage(paging.offset, paging.limit, 20);
  if (paging.after && !paging.oldestFirst) throw badInput(PAYMENT_CURSOR_NEEDS_OLDEST_FIRST, { field: 'after' });
  const after = paging.after ? fromCursor(paging.after) : null;
  if (after && !(await db.getRepository(Payment).existsBy({ id: after }))) throw badInput(PAYMENT_CURSOR_UNKNOWN, { field: 'after' });
  const order = paging.oldestFirst ? 'ASC' : 'DESC';
  /** `total` counts every payment the filter matches, whatever the cursor. */
  const query = (withCursor: boolean) => {
    const qb = records(db);
    narrow(qb);
    if (after && withCursor) qb.andWhere('(p."createdAt", p.id) > (SELECT a."createdAt", a.id FROM payment a WHERE a.id = :after)', { after });
    return qb;
  };
  return fetchCursorPage(
    page,
    async (limit) => {
      const rows = await query(true)
        .select([
          'p.id AS id',
          'p."amountCents" AS "amountMinor"',
          'p.currency AS currency',
          'p.method AS method',
          'p."methodLast4" AS "methodLast4"',
          'p.provider AS provider',
          'p.status AS status',
          'p."failureMessage" AS "failureMessage"',
          'p."transactionRef" AS "transactionId"',
          'p."courseId" AS "courseId"',
          `COALESCE(p.bundle->>'name', c.name) AS "courseName"`,
          'u.name AS "studentName"',
          'u.email AS "studentEmail"',
          'e.id AS "enrollmentId"',
          'p."createdAt" AS "createdAt"',
        ])
        .orderBy('p."createdAt"', order)
        .addOrderBy('p.id', 'ASC')
        .offset(page.offset)
        .limit(limit)
        .getRawMany<
          Omit<PaymentRecord, 'amount' | 'amountPaid' | 'gateway' | 'testMode' | 'failureReason'> & { amountMinor: number; methodLast4: string | null }
        >();
      return rows.map(({ amountMinor, methodLast4, ...row }) => ({
        ...row,
        amount: fromMinorUnits(amountMinor),
        amountPaid: money(amountMinor, row.currency),
        method: methodLabel(row.method, methodLast4),
        failureReason: failureReasonOf(row.status, row.failureMessage),
        gateway: gatewayOf(row.provider),
        testMode: isImitationName(row.provider),
      }));
    },
    () => query(false).getCount(),
    (record) => toCursor(record.id),
  );
}

/** The signed-in person's own payments, newest first. */
export function listMyPayments(db: DataSource, viewer: Viewer, paging: PaymentPaging): Promise<Page<PaymentRecord>> {
  return readPage(db, paging, (qb) => qb.where('p."studentId" = :id', { id: viewer.id }));
}

/**
 * Every payment, for admins and API keys with payments:read: newest first, or oldest first (and then
 * from a cursor, so a server reading on gets each new payment once); by provider, status, currency and date.
 */
export function listPayments(db: DataSource, caller: Caller, filter: PaymentFilter, paging: PaymentPaging): Promise<Page<PaymentRecord>> {
  requireAdminOrScope(caller, ApiScope.PAYMENTS_READ, 'Only admins can list every payment');
  return readPage(db, paging, (qb) => {
    qb.where('true');
    if (filter.provider) qb.andWhere('p.provider = :provider', { provider: filter.provider });
    if (filter.gateway) qb.andWhere('p.provider IN (:...gatewayProviders)', { gatewayProviders: storedNamesOf(filter.gateway) });
    if (filter.status) qb.andWhere('p.status = :status', { status: filter.status });
    if (filter.currency) qb.andWhere('p.currency = :currency', { currency: filter.currency });
    if (filter.method) qb.andWhere('lower(p.method) = lower(:method)', { method: filter.method });
    if (filter.from) qb.andWhere('p."createdAt" >= :from', { from: filter.from });
    if (filter.to) qb.andWhere('p."createdAt" < :to', { to: filter.to });
  });
}
