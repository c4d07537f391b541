import { latinDigits } from './digits';

/**
 * Bangladeshi mobile numbers, in one place: sign-up, the profile and checkout read them here, and
 * a sign-in by phone will too. Whatever way it was typed (০১৭১২-৩৪৫৬৭৮, +880 1712 345678,
 * 8801712345678, 01712345678) a number is kept as +8801XXXXXXXXX.
 */

/** The operator codes in use: 013 to 019. */
const MOBILE = /^(?:(?:\+|00)?88)?0(1[3-9]\d{8})$/;

/** +8801XXXXXXXXX for a Bangladeshi mobile number typed any usual way, null for anything else. */
export function normalizeBangladeshMobile(typed: string | null | undefined): string | null {
  const compact = latinDigits(typed ?? '')
    .trim()
    .replace(/[\s\-().]/g, '');
  const match = MOBILE.exec(compact);
  return match ? `+880${match[1]}` : null;
}

/** The number as dialled inside Bangladesh (01XXXXXXXXX), for gateways that ask for that form. */
export function nationalMobile(normalized: string): string {
  return normalized.replace(/^\+880/, '0');
}

/**
 * A phone as a person typed it, stored: a Bangladeshi mobile becomes +8801XXXXXXXXX; any other
 * number keeps its form, with Latin digits.
 */
export function storedPhone(typed: string): string {
  return normalizeBangladeshMobile(typed) ?? latinDigits(typed).trim();
}

/** `Normalize` for a phone field: the stored form of typed text, anything else untouched. */
export const typedPhone = (value: unknown): unknown => (typeof value === 'string' ? storedPhone(value) : value);
