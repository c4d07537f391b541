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

/**
 * The address that stands for an account made with a mobile number and no email, where code written
 * for email needs one (the viewer, an enrollment's record, a payment gateway's buyer). The `.invalid`
 * domain never receives mail (RFC 2606): the outbox sends such messages as an SMS to the number instead.
 */
const PHONE_ONLY_DOMAIN = 'phone.shikhon.invalid';

export function phoneOnlyAddress(normalized: string): string {
  return `${normalized.replace(/^\+/, '')}@${PHONE_ONLY_DOMAIN}`;
}

/** The +8801XXXXXXXXX number a phone-only address stands for, or null for a real address. */
export function phoneOfAddress(address: string): string | null {
  const match = /^(8801[3-9]\d{8})@phone\.shikhon\.invalid$/i.exec(address.trim());
  return match ? `+${match[1]}` : null;
}

/** The address an account is reached at by code written for email: its email, else its number's stand-in. */
export function accountAddress(user: { email: string | null; phone: string | null }): string {
  if (user.email) return user.email;
  return user.phone ? phoneOnlyAddress(user.phone) : '';
}
