/** Money is kept in integer minor units (cents, poisha) with its currency; these are the edges. */

export type Currency = 'usd' | 'bdt';

/** An amount of one currency, in its minor units: never a bare number where money is meant. */
export interface Money {
  amount: number;
  currency: Currency;
}

export const money = (amount: number, currency: string): Money => ({ amount, currency: currency.toLowerCase() === 'bdt' ? 'bdt' : 'usd' });

/**
 * The one rule of what a course costs: free only when free in both currencies. A paid course has a
 * taka price (the database refuses a dollar price without one); a price of 0 in the currency a
 * buyer chose means that currency does not sell it, never that it is free.
 */
export const isFreeCourse = (course: { price: number; priceBDT: number }): boolean => course.price === 0 && course.priceBDT === 0;

/** isFreeCourse as SQL over the course table's columns. */
export const FREE_COURSE_SQL = '("price" = 0 AND "priceBDT" = 0)';

/** What a course costs in a currency: taka for bKash, Nagad, Rocket and local cards, dollars for international cards. */
export const coursePrice = (course: { price: number; priceBDT: number }, currency: Currency): Money =>
  currency === 'bdt' ? money(toMinorUnits(course.priceBDT), 'bdt') : money(toMinorUnits(course.price), 'usd');

/** The documented default when USD_TO_BDT is not set: taka for one dollar. */
export const DEFAULT_USD_TO_BDT = 120;

/** Whole currency units to minor units (dollars to cents, taka to poisha), exactly. */
export function toMinorUnits(amount: number): number {
  return Math.round(amount * 100);
}

/** An amount in minor units (cents, poisha) in its major units (dollars, taka). */
export const fromMinorUnits = (minor: number): number => minor / 100;

/**
 * A taka price proposed for a dollar price: converted at the configured rate and rounded to a tidy
 * figure (the nearest 10 taka below 500, the nearest 50 above), never below 10 for a paid course.
 */
export function proposeTakaPrice(dollars: number, usdToBdt: number): number {
  if (dollars <= 0) return 0;
  const taka = dollars * usdToBdt;
  const step = taka < 500 ? 10 : 50;
  return Math.max(10, Math.round(taka / step) * step);
}

/** A dollar price proposed for a taka price, for international cards: at the configured rate, to the whole dollar, at least $1 for a paid course. */
export function proposeDollarPrice(taka: number, usdToBdt: number): number {
  if (taka <= 0) return 0;
  return Math.max(1, Math.round(taka / usdToBdt));
}

/** An amount for people to read in mail and logs: `$12.00`, `৳1,200` (Bangladeshi grouping). */
export function formatMoney(minor: number, currency: string, language: 'bn' | 'en' = 'en'): string {
  const amount = fromMinorUnits(minor);
  if (currency.toLowerCase() === 'bdt') {
    const digits = Number.isInteger(amount) ? 0 : 2;
    return `৳${amount.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
  }
  // Bangla writes the same figure with Bengali digits: $১২.৫০.
  return language === 'bn'
    ? `$${amount.toLocaleString('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })}`
    : `$${amount.toFixed(2)}`;
}
