/** Money travels in integer minor units (cents, poisha); these are the only conversions to and from whole dollars or taka. */

/** Whole currency units to minor units (dollars to cents, taka to poisha), exactly. */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);

/** An amount in minor units in its major units (dollars, taka). */
export const fromMinorUnits = (minor: number): number => minor / 100;
