import { AppError } from '../../shared/errors';
import { validationMessages as m } from '../../shared/validation-messages';
import { isCommonPassword } from './common-passwords';
import { type Role, SIGN_UP_ROLES } from '../../kernel/role';

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

/** A sign-up whose fields passed their rules (the decorators on SignUpInput). */
export interface SignUpFields {
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
  if (!value) return m.required('Name');
  if (value.length > MAX_NAME_LENGTH) return m.atMost('Name', MAX_NAME_LENGTH);
  return null;
}

export function checkEmail(email: string | null | undefined, label = 'Email'): string | null {
  const value = email?.trim() ?? '';
  if (!value) return m.required(label);
  if (!EMAIL.test(value) || value.length > MAX_EMAIL_LENGTH) return m.email;
  return null;
}

export const MAX_PASSWORD_LENGTH = 128;
export const COMMON_PASSWORD = m.commonPassword;

/** Length counts characters as a person sees them (code points), so any language's letters are welcome. */
export function checkPassword(password: string | null | undefined): string | null {
  if (!password) return m.required('Password');
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return m.atLeast('Password', MIN_PASSWORD_LENGTH);
  if (length > MAX_PASSWORD_LENGTH) return m.atMost('Password', MAX_PASSWORD_LENGTH);
  if (isCommonPassword(password)) return COMMON_PASSWORD;
  return null;
}

/** 7 to 15 digits, with an optional leading + and spaces or dashes between: +880 1712-345678. */
export function checkPhone(phone: string | null | undefined): string | null {
  const value = phone?.trim() ?? '';
  if (!value) return m.required('Phone');
  if (!/^\+?[\d\s-]+$/.test(value)) return m.phone;
  const digits = value.replace(/\D/g, '').length;
  if (digits < 7 || digits > 15) return m.phone;
  return null;
}

/** A real calendar date, YYYY-MM-DD, of someone between 3 and 120 years old. */
export function checkBirthDate(date: string | null | undefined, today = new Date()): string | null {
  const value = date?.trim() ?? '';
  if (!value) return m.required('Date of birth');
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const parsed = match ? new Date(Date.UTC(+match[1], +match[2] - 1, +match[3])) : null;
  if (!parsed || parsed.toISOString().slice(0, 10) !== value) return m.birthDate;
  const age = (today.getTime() - parsed.getTime()) / (365.25 * 24 * 3600 * 1000);
  if (age < 3 || age > 120) return m.birthDate;
  return null;
}

/** Who may sign up: students and instructors (the field rules are on SignUpInput); trimmed and normalized. */
export function validateSignUp(input: SignUpFields): SignUpFields {
  if (!SIGN_UP_ROLES.includes(input.role)) {
    throw new AppError('FORBIDDEN', 'You can sign up as a student or an instructor only');
  }
  return {
    name: input.name.trim(),
    email: normalizeEmail(input.email),
    password: input.password,
    phone: input.phone.trim(),
    date: input.date.trim(),
    role: input.role,
  };
}
