/** Money is kept in integer minor units (cents, poisha) with its currency; these are the edges. */

export type Currency = 'usd' | 'bdt';

/** The documented default when USD_TO_BDT is not set: taka for one dollar. */
export const DEFAULT_USD_TO_BDT = 120;

/** Whole currency units to minor units (dollars to cents, taka to poisha), exactly. */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);

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

/** An amount for people to read in mail and logs: `$12.00`, `৳1,200` (Bangladeshi grouping). */
export function formatMoney(minor: number, currency: string, language: 'bn' | 'en' = 'en'): string {
  const amount = minor / 100;
  if (currency.toLowerCase() === 'bdt') {
    const digits = Number.isInteger(amount) ? 0 : 2;
    return `৳${amount.toLocaleString(language === 'bn' ? 'bn-BD' : 'en-IN', { minimumFractionDigits: digits, maximumFractionDigits: 2 })}`;
  }
  // Bangla writes the same figure with Bengali digits: $১২.৫০.
  return language === 'bn'
    ? `$${amount.toLocaleString('bn-BD', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false })}`
    : `$${amount.toFixed(2)}`;
}
