import { IsNull, type DataSource } from 'typeorm';
import { wayToPay } from '../../payments/registry';
import { AppError, badInput, notFound } from '../../shared/errors';
import { fromMinorUnits, toMinorUnits } from '../../shared/money';
import { isUuid } from '../../shared/validation';
import { validationMessages } from '../../shared/validation-messages';
import type { Viewer } from '../../kernel/viewer';
import { ONLY_STUDENTS_BUY, requireRole, roles } from '../auth/guards';
import { Course } from '../course/course.entity';
import { visibleCourse } from '../course/course-visibility';
import { Enrollment } from '../enrollment/enrollment.entity';
import { checkLocalBuyer, payForCourse, requirePayments, withFailureLimits } from '../payment/checkout.service';
import type { PurchaseDeps } from '../payment/payment-deps';
import { Payment, type PaymentBundle } from '../payment/payment.entity';
import { findActiveEnrollment } from '../enrollment/enrollment.service';
import { outcomeOf, PAYMENT_NOT_SUCCESSFUL, type PurchaseOutcome } from '../payment/purchase-outcome';
import type { BillingDetailsInput } from '../../payments/provider';
import { Bundle } from './bundle.entity';
import { usdPriceMinorForRest, splitByWeight, takaPriceForRest } from './bundle-price';

export const BUNDLE_NOT_FOUND = 'Bundle not found';
export const BUNDLE_NAME_RULE = 'Give the bundle a name of 3 to 120 characters';
export const BUNDLE_COURSES_RULE = 'A bundle has at least 2 different published paid courses';
export const BUNDLE_PRICE_RULE = 'The bundle price is a whole number of taka above 0 and below the sum of its courses’ prices';
export const BUNDLE_ALREADY_OWNED = 'You already own every course in this bundle';
export const BUNDLE_NO_DOLLAR_PRICE = 'A course in this bundle is sold in taka only: pay with bKash, Nagad, Rocket or a local card.';
export const ONLY_ADMINS_MAKE_BUNDLES = 'Only admins can make bundles';
export const ONLY_ADMINS_CHANGE_BUNDLES = 'Only admins can change bundles';

/** A bundle as its page shows it to one viewer: its courses (those still on sale) and its prices. */
export interface BundleView {
  bundle: Bundle;
  courses: Course[];
  /** Poisha. */
  listMinor: number;
  /** Poisha: the bundle's price for this viewer by the rule in bundle-price.ts. */
  priceForYouMinor: number;
  /** Dollar cents by card for this viewer; null when a course is sold in taka only or nothing is left. */
  cardPriceForYouMinor: number | null;
  ownedCourseIds: string[];
  /** Not withdrawn, and every course of it still sold. */
  onSale: boolean;
}

/** The published courses of these ids, in the order given (hidden ones left out). */
async function visibleCourses(db: DataSource, ids: readonly string[]): Promise<Course[]> {
  if (ids.length === 0) return [];
  const found = await db.getRepository(Course).createQueryBuilder('course').where(visibleCourse()).andWhere('course.id IN (:...ids)', { ids }).getMany();
  const byId = new Map(found.map((course) => [course.id, course]));
  return ids.map((id) => byId.get(id)).filter((course): course is Course => Boolean(course));
}

async function ownedOf(db: DataSource, viewer: Viewer | null, courseIds: readonly string[]): Promise<Set<string>> {
  if (!viewer || courseIds.length === 0) return new Set();
  const active = await db
    .getRepository(Enrollment)
    .createQueryBuilder('e')
    .select('e.courseId', 'courseId')
    .where('e.studentId = :id AND e.revokedAt IS NULL AND e.courseId IN (:...ids)', { id: viewer.id, ids: courseIds })
    .getRawMany<{ courseId: string }>();
  return new Set(active.map((row) => row.courseId));
}

/** A bundle as `viewer` sees it; null when it is not on sale, unless `evenOffSale` (an admin's list). */
async function viewOf(db: DataSource, viewer: Viewer | null, bundle: Bundle, evenOffSale = false): Promise<BundleView | null> {
  const courses = await visibleCourses(db, bundle.courseIds);
  // A bundle is on sale only while every one of its courses is.
  const onSale = !bundle.withdrawnAt && courses.length === bundle.courseIds.length;
  if (!onSale && !evenOffSale) return null;
  const owned = await ownedOf(db, viewer, bundle.courseIds);
  const priceBDT = fromMinorUnits(bundle.priceMinor);
  return {
    bundle,
    courses,
    listMinor: toMinorUnits(courses.reduce((sum, course) => sum + course.priceBDT, 0)),
    priceForYouMinor: toMinorUnits(takaPriceForRest(priceBDT, courses, owned)),
    cardPriceForYouMinor: usdPriceMinorForRest(priceBDT, courses, owned),
    ownedCourseIds: courses.filter((course) => owned.has(course.id)).map((course) => course.id),
    onSale,
  };
}

/** Every bundle on sale, newest first, for anyone. */
export async function listBundles(db: DataSource, viewer: Viewer | null): Promise<BundleView[]> {
  const bundles = await db.getRepository(Bundle).find({ where: { withdrawnAt: IsNull() }, order: { createdAt: 'DESC', id: 'ASC' } });
  const views = await Promise.all(bundles.map((bundle) => viewOf(db, viewer, bundle)));
  return views.filter((view): view is BundleView => view !== null);
}

/** Every bundle, those no longer on sale included (`onSale` says which), newest first: admins. */
export async function listAllBundles(db: DataSource, viewer: Viewer): Promise<BundleView[]> {
  requireRole(viewer, roles.admin, ONLY_ADMINS_CHANGE_BUNDLES);
  const bundles = await db.getRepository(Bundle).find({ order: { createdAt: 'DESC', id: 'ASC' } });
  return (await Promise.all(bundles.map((bundle) => viewOf(db, viewer, bundle, true)))).filter((view): view is BundleView => view !== null);
}

/** One bundle on sale, for anyone; "not found" for an unknown id or one whose course is no longer sold. */
export async function findBundle(db: DataSource, viewer: Viewer | null, id: string): Promise<BundleView> {
  const bundle = isUuid(id) ? await db.getRepository(Bundle).findOneBy({ id }) : null;
  const view = bundle && (await viewOf(db, viewer, bundle));
  if (!view) throw notFound(BUNDLE_NOT_FOUND, 'BUNDLE_NOT_FOUND');
  return view;
}

export interface BundleInput {
  name: string;
  courseIds: string[];
  priceBDT: number;
}

/** A bundle's name, courses and price by the rules: a name, at least 2 different published paid courses, and a whole taka price above 0 and below their sum. */
async function checkedBundle(db: DataSource, input: BundleInput) {
  const name = input.name.trim();
  if (name.length < 3 || name.length > 120) throw badInput(BUNDLE_NAME_RULE, { field: 'name' });
  const ids = [...new Set(input.courseIds)];
  if (ids.length < 2 || ids.length !== input.courseIds.length || !ids.every(isUuid)) throw badInput(BUNDLE_COURSES_RULE, { field: 'courseIds' });
  const courses = await visibleCourses(db, ids);
  if (courses.length !== ids.length || courses.some((course) => course.priceBDT <= 0)) throw badInput(BUNDLE_COURSES_RULE, { field: 'courseIds' });
  const sum = courses.reduce((total, course) => total + course.priceBDT, 0);
  if (!Number.isInteger(input.priceBDT) || input.priceBDT <= 0 || input.priceBDT >= sum) throw badInput(BUNDLE_PRICE_RULE, { field: 'priceBDT' });
  return { name, courseIds: ids, priceMinor: toMinorUnits(input.priceBDT) };
}

/** An admin's bundle, on sale or not; "not found" for an unknown id. */
async function bundleToChange(db: DataSource, viewer: Viewer, id: string): Promise<Bundle> {
  requireRole(viewer, roles.admin, ONLY_ADMINS_CHANGE_BUNDLES);
  const bundle = isUuid(id) ? await db.getRepository(Bundle).findOneBy({ id }) : null;
  if (!bundle) throw notFound(BUNDLE_NOT_FOUND, 'BUNDLE_NOT_FOUND');
  return bundle;
}

/** An admin makes a bundle (the rules of checkedBundle). */
export async function createBundle(db: DataSource, viewer: Viewer, input: BundleInput): Promise<BundleView> {
  requireRole(viewer, roles.admin, ONLY_ADMINS_MAKE_BUNDLES);
  const bundle = await db.getRepository(Bundle).save({ ...(await checkedBundle(db, input)), createdById: viewer.id, withdrawnAt: null });
  return (await viewOf(db, viewer, bundle, true))!;
}

/**
 * An admin changes a bundle's name, courses or price (the same rules as a new one). Only purchases
 * from now on pay the new price: a payment under way keeps the courses and amount it was opened for.
 */
export async function updateBundle(db: DataSource, viewer: Viewer, id: string, input: BundleInput): Promise<BundleView> {
  const bundle = await bundleToChange(db, viewer, id);
  const changed = await checkedBundle(db, input);
  await db.getRepository(Bundle).update({ id: bundle.id }, changed);
  return (await viewOf(db, viewer, { ...bundle, ...changed }, true))!;
}

/** An admin stops selling a bundle or sells it again; its buyers keep their courses either way. */
export async function setBundleOnSale(db: DataSource, viewer: Viewer, id: string, onSale: boolean): Promise<BundleView> {
  const bundle = await bundleToChange(db, viewer, id);
  const withdrawnAt = onSale ? null : (bundle.withdrawnAt ?? new Date());
  await db.getRepository(Bundle).update({ id: bundle.id }, { withdrawnAt });
  return (await viewOf(db, viewer, { ...bundle, withdrawnAt }, true))!;
}

export interface BundlePurchaseRequest {
  bundleId: string;
  provider?: string | null;
  paymentMethod?: string | null;
  billingDetails?: BillingDetailsInput | null;
  idempotencyKey?: string | null;
  address?: string | null;
}

/**
 * A student buys a bundle: one payment, at the price for the courses they do not own yet (the rule
 * in bundle-price.ts), through the same checkout as a course (payForCourse) for every way to pay, and
 * settled by the same settlement, which enrolls them in every one of those courses at once.
 */
export async function purchaseBundle(deps: PurchaseDeps, viewer: Viewer, request: BundlePurchaseRequest): Promise<PurchaseOutcome> {
  requireRole(viewer, roles.student, ONLY_STUDENTS_BUY);
  const view = await findBundle(deps.db, viewer, request.bundleId);
  const owned = new Set(view.ownedCourseIds);
  const rest = view.courses.filter((course) => !owned.has(course.id));
  if (rest.length === 0) {
    // A retried request of the purchase that bought them answers as the first did.
    const key = request.idempotencyKey?.trim();
    const first = key ? await deps.db.getRepository(Payment).findOneBy({ idempotencyKey: `${viewer.id}:${key}` }) : null;
    if (first?.bundle?.id === view.bundle.id) return outcomeOf(first, await findActiveEnrollment(deps.db, viewer.id, first.courseId));
    throw new AppError('BUNDLE_ALREADY_OWNED', BUNDLE_ALREADY_OWNED);
  }
  const way = wayToPay(request.provider);
  if (!way) throw badInput(PAYMENT_NOT_SUCCESSFUL, { field: 'provider' });
  const amountMinor = way.currency === 'bdt' ? view.priceForYouMinor : view.cardPriceForYouMinor;
  if (!amountMinor) throw badInput(BUNDLE_NO_DOLLAR_PRICE, { field: 'provider' });
  const hosted = way.capabilities.includes('hostedPaymentPage');
  const customer = hosted ? checkLocalBuyer(request.billingDetails, viewer) : null;
  if (way.capabilities.includes('cardConfirmation') && !request.paymentMethod?.trim())
    throw badInput(validationMessages.chooseCard, { field: 'paymentMethod' });
  requirePayments(deps);
  // The amount split over the courses bought by their list prices (in the currency paid).
  const shares = splitByWeight(
    amountMinor,
    rest.map((course) => (way.currency === 'bdt' ? course.priceBDT : course.price)),
  );
  const bundle: PaymentBundle = {
    id: view.bundle.id,
    name: view.bundle.name,
    courses: rest.map((course, index) => ({ courseId: course.id, name: course.name, amountCents: shares[index] })),
  };
  return withFailureLimits(deps, viewer, request.address, () =>
    payForCourse(
      deps,
      viewer,
      {
        courseId: rest[0].id,
        provider: request.provider,
        paymentMethod: request.paymentMethod,
        billingDetails: request.billingDetails,
        idempotencyKey: request.idempotencyKey,
      },
      { course: rest[0], amountMinor, currency: way.currency, customer, way, bundle },
    ),
  );
}
