import { AppError, badInput } from '../../shared/errors';
import { isCommonPassword } from './common-passwords';
import { type Role, SIGN_UP_ROLES } from '../user/role';

export const SELECT_ROLE = 'You should select your role';
export const MIN_PASSWORD_LENGTH = 8;

export interface SignUpFields {
  name?: string | null;
  email?: string | null;
  password?: string | null;
  phone?: string | null;
  date?: string | null;
  role?: Role | null;
}

export interface ValidSignUp {
  name: string;
  email: string;
  password: string;
  phone: string;
  date: string;
  role: Role;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function checkName(name: string | null | undefined): string | null {
  const value = name?.trim() ?? '';
  if (!value) return 'Name is required';
  if (value.length > 100) return 'Name must be at most 100 characters';
  return null;
}

export function checkEmail(email: string | null | undefined, label = 'Email'): string | null {
  const value = email?.trim() ?? '';
  if (!value) return `${label} is required`;
  if (!EMAIL.test(value) || value.length > 254) return 'Enter a valid email address';
  return null;
}

export const MAX_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORD = 'This password is one of the most common ones. Choose one that is harder to guess.';

/** Length counts characters as a person sees them (code points), so any language's letters are welcome. */
export function checkPassword(password: string | null | undefined): string | null {
  if (!password) return 'Password is required';
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `Password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `Password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  return null;
}

/** 7 to 15 digits, with an optional leading + and spaces or dashes between: +880 1712-345678. */
export function checkPhone(phone: string | null | undefined): string | null {
  const value = phone?.trim() ?? '';
  if (!value) return 'Phone is required';
  if (!/^\+?[\d\s-]+$/.test(value)) return 'Enter a valid phone number';
  const digits = value.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return 'Enter a valid phone number';
  return null;
}

/** A real calendar date, YYYY-MM-DD, of someone between 3 and 120 years old. */
export function checkBirthDate(date: string | null | undefined, today = new Date()): string | null {
  const value = date?.trim() ?? '';
  if (!value) return 'Date of birth is required';
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const parsed = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== value) return 'Enter a valid date of birth';
  const age = (today.getTime() - parsed.getTime()) / (365.25 * 24 * 3600 * 1000);
  if (age < 3 || age > 120) return 'Enter a valid date of birth';
  return null;
}

/** Raises one error that names every field that is wrong, each with its own message. */
export function raiseFieldErrors(fields: Record<string, string | null>): void {
  const wrong = Object.fromEntries(Object.entries(fields).filter(([, problem]) => problem !== null)) as Record<string, string>;
  const first = Object.values(wrong)[0];
  if (first) throw badInput(first, { fields: wrong });
}

export function validateSignUp(input: SignUpFields): ValidSignUp {
  if (!input.role) throw badInput(SELECT_ROLE, { fields: { role: SELECT_ROLE } });
  if (!SIGN_UP_ROLES.includes(input.role)) {
    throw new AppError('FORBIDDEN', 'You can sign up as a student or an instructor only');
  }
  raiseFieldErrors({
    name: checkName(input.name),
    email: checkEmail(input.email),
    password: checkPassword(input.password),
    phone: checkPhone(input.phone),
    date: checkBirthDate(input.date),
  });
  return {
    name: input.name!.trim(),
    email: normalizeEmail(input.email!),
    password: input.password!,
    phone: input.phone!.trim(),
    date: input.date!.trim(),
    role: input.role,
  };
}
