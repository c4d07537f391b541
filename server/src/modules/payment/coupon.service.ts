import { In, type DataSource, type EntityManager } from 'typeorm';
import { AppError, badInput } from '../../shared/errors';
import { coursePrice, formatMoney, toMinorUnits } from '../../shared/money';
import { countFailure, refuseWhenLimited, type Limit } from '../../shared/rate-limit';
import { isAdmin, requireRole, roles } from '../auth/guards';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import { Coupon, CouponRedemption } from './coupon.entity';
import { PaymentStatus } from './payment.entity';

export const COUPON_NOT_FOUND = 'No coupon has this code. Check it and try again.';
export const COUPON_EXPIRED = 'This coupon has expired.';
export const COUPON_USED_UP = 'This coupon has been used up.';
export const COUPON_ALREADY_USED = 'You have already used this coupon.';
export const COUPON_NOT_FOR_COURSE = 'This coupon is not for this course.';
export const COUPON_TAKA_ONLY = 'This coupon takes taka off: pay in taka, with bKash, Nagad, Rocket or a local card.';
export const COUPON_MIN_PRICE = 'This coupon is for courses priced at least {min}.';
export const COUPON_CODE_RULE = 'A coupon code is 3 to 30 Latin letters and digits, like EID25';
export const COUPON_CODE_TAKEN = 'A coupon with this code already exists';
export const COUPON_ONE_DISCOUNT = 'Give either a percentage off (1 to 100) or an amount of taka off, not both';
export const COUPON_PERCENT_RULE = 'The percentage off is a whole number from 1 to 100';
export const COUPON_AMOUNT_RULE = 'The taka off is a whole number from 1 to 2000000';
export const COUPON_COURSES_RULE = 'Choose the courses the coupon is for: instructors make coupons for their own courses';
export const COUPON_NOT_YOUR_COURSE = 'You can make coupons only for your own courses';
export const COUPON_EXPIRY_RULE = 'The end must be in the future';
export const COUPON_USES_RULE = 'Uses must be a whole number from 1 to 1000000';
export const COUPON_MIN_PRICE_RULE = 'The minimum price is a whole number of taka from 0 to 2000000';

const CODE = /^[A-Za-z0-9]{3,30}$/;
/** Wrong codes per account: a student mistyping a few times is not held up, someone guessing codes is. */
export const couponGuesses: Limit = { name: 'coupon-guess-account', max: 10, windowSeconds: 60 * 60 };

export interface CouponInputValues {
  code: string;
  percentOff?: number | null;
  amountOffBDT?: number | null;
  courseIds?: string[] | null;
  expiresAt?: Date | null;
  maxUses?: number | null;
  maxUsesPerStudent?: number | null;
  minPriceBDT?: number | null;
}

const wholeIn = (value: number | null | undefined, min: number, max: number) =>
  value === null || value === undefined || (Number.isInteger(value) && value >= min && value <= max);

/** An admin's coupon (site-wide or for some courses), or an instructor's for their own courses. */
export async function createCoupon(db: DataSource, viewer: Viewer, input: CouponInputValues): Promise<Coupon> {
  requireRole(viewer, roles.staff);
  const code = input.code.trim();
  if (!CODE.test(code)) throw badInput(COUPON_CODE_RULE, { field: 'code' });
  const percent = input.percentOff ?? null;
  const taka = input.amountOffBDT ?? null;
  if ((percent === null) === (taka === null)) throw badInput(COUPON_ONE_DISCOUNT, { field: 'percentOff' });
  if (!wholeIn(percent, 1, 100)) throw badInput(COUPON_PERCENT_RULE, { field: 'percentOff' });
  if (!wholeIn(taka, 1, 2_000_000)) throw badInput(COUPON_AMOUNT_RULE, { field: 'amountOffBDT' });
  if (input.expiresAt && input.expiresAt.getTime() <= Date.now()) throw badInput(COUPON_EXPIRY_RULE, { field: 'expiresAt' });
  if (!wholeIn(input.maxUses, 1, 1_000_000)) throw badInput(COUPON_USES_RULE, { field: 'maxUses' });
  if (!wholeIn(input.maxUsesPerStudent, 1, 1_000_000)) throw badInput(COUPON_USES_RULE, { field: 'maxUsesPerStudent' });
  if (!wholeIn(input.minPriceBDT, 0, 2_000_000)) throw badInput(COUPON_MIN_PRICE_RULE, { field: 'minPriceBDT' });
  const courseIds = [...new Set(input.courseIds ?? [])];
  if (courseIds.length === 0 && !isAdmin(viewer)) throw badInput(COUPON_COURSES_RULE, { field: 'courseIds' });
  if (courseIds.length > 0) {
    const courses = await db.getRepository(Course).find({ where: { id: In(courseIds) }, select: { id: true, instructorId: true } });
    if (courses.length !== courseIds.length) throw badInput(COUPON_NOT_FOR_COURSE, { field: 'courseIds' });
    if (!isAdmin(viewer) && courses.some((course) => course.instructorId !== viewer.id)) throw new AppError('FORBIDDEN', COUPON_NOT_YOUR_COURSE);
  }
  const repo = db.getRepository(Coupon);
  if (await repo.existsBy({ code: code.toUpperCase() })) throw new AppError('COUPON_CODE_TAKEN', COUPON_CODE_TAKEN, { field: 'code' });
  return repo.save(
    repo.create({
      code: code.toUpperCase(),
      percentOff: percent,
      amountOffMinor: taka === null ? null : toMinorUnits(taka),
      courseIds,
      expiresAt: input.expiresAt ?? null,
      maxUses: input.maxUses ?? null,
      maxUsesPerStudent: input.maxUsesPerStudent ?? 1,
      minPriceMinor: input.minPriceBDT === null || input.minPriceBDT === undefined ? null : toMinorUnits(input.minPriceBDT),
      createdById: viewer.id,
    }),
  );
}

/** A coupon's uses: its redemptions whose payment did not fail (a payment still on the gateway's page holds its use). */
async function usesOf(manager: EntityManager | DataSource, couponId: string, studentId?: string): Promise<number> {
  const [row] = await manager.query<Array<{ uses: number }>>(
    `SELECT count(*)::int AS uses FROM coupon_redemption r LEFT JOIN payment p ON p.id = r."paymentId"
     WHERE r."couponId" = $1 AND ($2::uuid IS NULL OR r."studentId" = $2) AND (r."paymentId" IS NULL OR p.status <> '${PaymentStatus.FAILED}')`,
    [couponId, studentId ?? null],
  );
  return row.uses;
}

export interface CouponPrice {
  coupon: Coupon;
  /** What the coupon takes off, in minor units. */
  discountMinor: number;
  /** What is left to pay, in minor units of the same currency. */
  amountMinor: number;
}

/**
 * The price of `course` for `studentId` in `currency` with the coupon `code`, or the reason it does
 * not apply. A percentage is of the price, rounded down to the poisha (cent); taka off never goes
 * below nothing. An unknown code counts against the student's wrong guesses.
 */
export async function priceWithCoupon(
  db: DataSource,
  { code, course, studentId, currency }: { code: string; course: Course; studentId: string; currency: 'usd' | 'bdt' },
): Promise<CouponPrice> {
  await refuseWhenLimited(db, couponGuesses, studentId);
  const typed = code.trim().toUpperCase();
  const coupon = CODE.test(typed) ? await db.getRepository(Coupon).findOneBy({ code: typed }) : null;
  if (!coupon) {
    await countFailure(db, couponGuesses, studentId);
    throw new AppError('COUPON_NOT_FOUND', COUPON_NOT_FOUND, { field: 'couponCode' });
  }
  if (coupon.expiresAt && coupon.expiresAt.getTime() <= Date.now()) throw new AppError('COUPON_EXPIRED', COUPON_EXPIRED, { field: 'couponCode' });
  if (coupon.courseIds.length > 0 && !coupon.courseIds.includes(course.id))
    throw new AppError('COUPON_NOT_FOR_COURSE', COUPON_NOT_FOR_COURSE, { field: 'couponCode' });
  const taka = coursePrice(course, 'bdt').amount;
  if (coupon.minPriceMinor !== null && taka < coupon.minPriceMinor) {
    throw new AppError('COUPON_NOT_FOR_COURSE', COUPON_MIN_PRICE.replace('{min}', formatMoney(coupon.minPriceMinor, 'bdt')), { field: 'couponCode' });
  }
  if (coupon.amountOffMinor !== null && currency !== 'bdt') throw new AppError('COUPON_NOT_FOR_COURSE', COUPON_TAKA_ONLY, { field: 'couponCode' });
  if (coupon.maxUses !== null && (await usesOf(db, coupon.id)) >= coupon.maxUses) throw new AppError('COUPON_USED_UP', COUPON_USED_UP, { field: 'couponCode' });
  if ((await usesOf(db, coupon.id, studentId)) >= coupon.maxUsesPerStudent) throw new AppError('COUPON_USED_UP', COUPON_ALREADY_USED, { field: 'couponCode' });
  const price = coursePrice(course, currency).amount;
  const discountMinor = coupon.percentOff !== null ? Math.floor((price * coupon.percentOff) / 100) : Math.min(coupon.amountOffMinor ?? 0, price);
  return { coupon, discountMinor, amountMinor: price - discountMinor };
}

/**
 * Records one use of a coupon in the purchase's transaction: its limits are checked again under a
 * lock on the coupon, so two students racing for the last use get one use between them.
 */
export async function redeemCoupon(
  manager: EntityManager,
  applied: CouponPrice,
  use: { studentId: string; courseId: string; paymentId: string | null; currency: string },
): Promise<void> {
  const { coupon } = applied;
  await manager.query(`SELECT pg_advisory_xact_lock(hashtext('coupon:' || $1))`, [coupon.id]);
  if (coupon.maxUses !== null && (await usesOf(manager, coupon.id)) >= coupon.maxUses)
    throw new AppError('COUPON_USED_UP', COUPON_USED_UP, { field: 'couponCode' });
  if ((await usesOf(manager, coupon.id, use.studentId)) >= coupon.maxUsesPerStudent)
    throw new AppError('COUPON_USED_UP', COUPON_ALREADY_USED, { field: 'couponCode' });
  await manager.getRepository(CouponRedemption).insert({ couponId: coupon.id, ...use, discountMinor: applied.discountMinor });
}

export interface CouponReport {
  coupon: Coupon;
  uses: number;
  /** Received through it less refunds, per currency, in minor units. */
  revenue: Array<{ amount: number; currency: string }>;
}

/** Coupons with their uses and revenue: every one for admins, their own for instructors; newest first. */
export async function listCoupons(db: DataSource, viewer: Viewer): Promise<CouponReport[]> {
  requireRole(viewer, roles.staff);
  const coupons = await db.getRepository(Coupon).find({ where: isAdmin(viewer) ? {} : { createdById: viewer.id }, order: { createdAt: 'DESC' }, take: 200 });
  if (coupons.length === 0) return [];
  const ids = coupons.map((coupon) => coupon.id);
  const uses = await db.query<Array<{ couponId: string; uses: number }>>(
    `SELECT r."couponId", count(*)::int AS uses FROM coupon_redemption r LEFT JOIN payment p ON p.id = r."paymentId"
     WHERE r."couponId" = ANY($1) AND (r."paymentId" IS NULL OR p.status <> '${PaymentStatus.FAILED}') GROUP BY r."couponId"`,
    [ids],
  );
  const revenue = await db.query<Array<{ couponId: string; currency: string; minor: string }>>(
    `SELECT r."couponId", p.currency, SUM(p."amountCents" - p."refundedCents")::bigint AS minor FROM coupon_redemption r JOIN payment p ON p.id = r."paymentId"
     WHERE r."couponId" = ANY($1) AND p.status IN ('${PaymentStatus.SUCCEEDED}', '${PaymentStatus.REFUNDED}') GROUP BY r."couponId", p.currency ORDER BY p.currency DESC`,
    [ids],
  );
  return coupons.map((coupon) => ({
    coupon,
    uses: uses.find((row) => row.couponId === coupon.id)?.uses ?? 0,
    revenue: revenue.filter((row) => row.couponId === coupon.id).map((row) => ({ amount: Number(row.minor), currency: row.currency })),
  }));
}
