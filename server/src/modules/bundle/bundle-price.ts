import { toMinorUnits } from '../../shared/money';
/**
 * What a bundle costs, in one place. A bundle has one price in taka; its courses have their own.
 *
 * The rule for a student who owns some of the courses already (said the same on the bundle's page
 * and in the GraphQL description of `Bundle.priceForYou`): they pay the bundle's price scaled by the
 * share of the list price of the courses not yet owned, rounded to whole taka, and never more than
 * the sum of those courses' own prices. Owning none, that is the bundle's price; owning all, nothing
 * is left to buy.
 *
 * By card (charged in dollars), the same saving is kept: the dollar prices of the courses left are
 * scaled by what the taka price for them is of their taka list price, to the cent. A course sold in
 * taka only (no dollar price) makes the bundle taka-only.
 *
 * The amount paid is split over the courses it buys by their list prices (the last takes what
 * rounding leaves, so the parts add up to the amount): each enrollment records its part, and each
 * instructor's revenue counts only the parts of their own courses (payment/revenue.ts).
 */

/** A course as the price rule sees it: its taka price (whole taka) and dollar price (dollars). */
export interface PricedCourse {
  id: string;
  priceBDT: number;
  price: number;
}

/** The taka price (whole taka) for the courses not owned, by the rule above; 0 when none is left. */
export function takaPriceForRest(bundlePriceBDT: number, courses: readonly PricedCourse[], owned: ReadonlySet<string>): number {
  const listAll = courses.reduce((sum, course) => sum + course.priceBDT, 0);
  const rest = courses.filter((course) => !owned.has(course.id));
  const listRest = rest.reduce((sum, course) => sum + course.priceBDT, 0);
  if (rest.length === 0 || listAll <= 0) return 0;
  return Math.min(Math.round((bundlePriceBDT * listRest) / listAll), listRest);
}

/** The dollar price in cents for the courses not owned, keeping the taka saving; null when one of them has no dollar price. */
export function usdPriceMinorForRest(bundlePriceBDT: number, courses: readonly PricedCourse[], owned: ReadonlySet<string>): number | null {
  const rest = courses.filter((course) => !owned.has(course.id));
  if (rest.length === 0 || rest.some((course) => course.price <= 0)) return null;
  const listRestTaka = rest.reduce((sum, course) => sum + course.priceBDT, 0);
  const listRestMinor = rest.reduce((sum, course) => sum + toMinorUnits(course.price), 0);
  if (listRestTaka <= 0) return null;
  return Math.round((listRestMinor * takaPriceForRest(bundlePriceBDT, courses, owned)) / listRestTaka);
}

/** `amount` split over `weights` in proportion, whole minor units that add up to `amount`. */
export function splitByWeight(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (total <= 0) return weights.map((_, index) => (index === weights.length - 1 ? amount : 0));
  let given = 0;
  return weights.map((weight, index) => {
    if (index === weights.length - 1) return amount - given;
    const part = Math.floor((amount * weight) / total);
    given += part;
    return part;
  });
}
