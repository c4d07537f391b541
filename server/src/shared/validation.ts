import { isUUID, registerDecorator, validate, type ValidationError, type ValidatorOptions } from 'class-validator';
import { AppError, type AppErrorCode } from './errors';
import { textLimitOf, validationMessages as m } from './validation-messages';
import { checkWebAddress, MAX_URL_LENGTH } from './text-rules';
import { typedDigits } from './digits';

/**
 * The input rules: class-validator decorators on the GraphQL input classes, which the REST paths
 * reuse through validateInput. type-graphql runs them on every argument (schema.ts), and both
 * transports report a failure the same way (inputError).
 */

/** A rule as a function: the message for a wrong value, null when it is fine. `input` is the whole object. */
export type Check = (value: unknown, input: Record<string, unknown>) => string | null;

/** Attaches a rule to an input field; its message is the rule's own. */
export function Rule(check: Check) {
  return (target: object, propertyName: string) =>
    registerDecorator({
      name: check.name || 'rule',
      target: target.constructor,
      propertyName,
      validator: {
        validate: (value, args) => check(value, args!.object as Record<string, unknown>) === null,
        defaultMessage: (args) => check(args!.value, args!.object as Record<string, unknown>) ?? '',
      },
    });
}

/** How a field's value is written before its rules run: Bangla digits as 0-9, a phone as +8801XXXXXXXXX. */
export type Normalizer = (value: unknown) => unknown;
const normalizers = new Map<object, Map<string, Normalizer>>();

/**
 * Rewrites a field's value before the rules see it, for GraphQL (schema.ts) and REST (validateInput)
 * alike: the service gets the normalised value whichever way the request came.
 */
export function Normalize(normalize: Normalizer = typedDigits) {
  return (target: object, propertyName: string) => {
    const fields = normalizers.get(target) ?? new Map<string, Normalizer>();
    fields.set(propertyName, normalize);
    normalizers.set(target, fields);
  };
}

/** Applies the `Normalize` rewrites to an input object and to the input objects inside it, in place. */
export function normalizeInput(input: unknown, depth = 0): void {
  if (input === null || typeof input !== 'object' || depth > 5) return;
  if (Array.isArray(input)) {
    for (const item of input) normalizeInput(item, depth + 1);
    return;
  }
  const record = input as Record<string, unknown>;
  for (let proto = Object.getPrototypeOf(input) as object | null; proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto) as object | null) {
    for (const [field, normalize] of normalizers.get(proto) ?? []) {
      if (record[field] !== undefined && record[field] !== null) record[field] = normalize(record[field]);
    }
  }
  for (const value of Object.values(record)) if (value !== null && typeof value === 'object') normalizeInput(value, depth + 1);
}

/** Any UUID; ids that cannot exist are answered like unknown ones. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && isUUID(value, 'all');

/** The code each IsId message answers with (COURSE_NOT_FOUND...), keyed by the message. */
const notFoundCodes = new Map<string, AppErrorCode>();

/**
 * An id field: one that is not an id at all is "not found", as an id nobody has would be, with the
 * same code (`code`, e.g. COURSE_NOT_FOUND) as the service gives an unknown id.
 */
export function IsId(notFoundMessage: string, code: AppErrorCode = 'NOT_FOUND') {
  if (code !== 'NOT_FOUND' || !notFoundCodes.has(notFoundMessage)) notFoundCodes.set(notFoundMessage, code);
  return Rule(function isId(value) {
    return isUuid(value) ? null : notFoundMessage;
  });
}
/** The code an IsId failure answers with, instead of BAD_USER_INPUT. */
const NOT_FOUND_RULES = new Set(['isId']);

const blank = (value: unknown) => typeof value !== 'string' || value.trim() === '';

/** Text that must be there (not blank), at most `max` characters once trimmed. */
export const requiredText = (label: string, max: number, missing = m.required(label)): Check =>
  function requiredText(value) {
    if (blank(value)) return missing;
    return (value as string).trim().length > max ? m.atMost(label, max) : null;
  };

/** Text that may be left out or blank, at most `max` characters once trimmed. */
export const optionalText = (label: string, max: number): Check =>
  function optionalText(value) {
    if (value === null || value === undefined) return null;
    if (typeof value !== 'string') return m.required(label);
    return value.trim().length > max ? m.atMost(label, max) : null;
  };

/** A picture or video address that may be left out: a path on this site or an http(s) address. */
export const optionalWebAddress = (label: string, max = MAX_URL_LENGTH): Check =>
  function optionalWebAddress(value) {
    if (blank(value)) return null;
    const text = (value as string).trim();
    return text.length > max ? m.atMost(label, max) : checkWebAddress(text, label);
  };

/** A whole number from min to max, or left out. */
export const optionalWholeNumber = (message: string, min: number, max: number): Check =>
  function optionalWholeNumber(value) {
    if (value === null || value === undefined) return null;
    return Number.isInteger(value) && (value as number) >= min && (value as number) <= max ? null : message;
  };

export const VALIDATOR_OPTIONS: ValidatorOptions = { skipMissingProperties: false, forbidUnknownValues: false, stopAtFirstError: true };

/**
 * One error for everything wrong with an input: the first message, the first field at fault under
 * `field`, and every field's own message under `fields` (`lessons.0.title`). `{n}` in a message becomes the position of the list item. The code
 * is the first failure's: TEXT_TOO_LONG (with `field` and `max`) for a text over its limit.
 */
export function inputError(errors: ValidationError[]): AppError {
  const fields: Record<string, string> = {};
  let code = 'BAD_USER_INPUT' as AppErrorCode;
  const walk = (list: ValidationError[], path: string[], item: number | null) => {
    for (const error of list) {
      const where = [...path, error.property];
      const position = /^\d+$/.test(error.property) ? Number(error.property) : item;
      const [rule, message] = Object.entries(error.constraints ?? {})[0] ?? [];
      if (message !== undefined) {
        if (Object.keys(fields).length === 0 && NOT_FOUND_RULES.has(rule)) code = 'NOT_FOUND';
        fields[where.join('.')] = message.replace('{n}', String((position ?? 0) + 1));
      }
      walk(error.children ?? [], where, position);
    }
  };
  walk(errors, [], null);
  const [field, first = 'The input is not valid'] = Object.entries(fields)[0] ?? [];
  if (code === 'NOT_FOUND') return new AppError(notFoundCodes.get(first) ?? 'NOT_FOUND', first);
  const max = textLimitOf(first);
  return max === undefined ? new AppError(code, first, { fields, ...(field ? { field } : {}) }) : new AppError('TEXT_TOO_LONG', first, { fields, field, max });
}

/** For the REST paths: the same rules as GraphQL, on an instance of the same input class. */
export async function validateInput<T extends object>(input: T, options: ValidatorOptions = {}): Promise<T> {
  normalizeInput(input);
  const errors = await validate(input, { ...VALIDATOR_OPTIONS, ...options });
  if (errors.length > 0) throw inputError(errors);
  return input;
}

/** type-graphql's check of every argument: the same normalising and rules as validateInput. */
export async function validateArgument(value: unknown): Promise<void> {
  if (value === null || typeof value !== 'object') return;
  for (const item of Array.isArray(value) ? (value as unknown[]) : [value]) {
    if (item !== null && typeof item === 'object') await validateInput(item);
  }
}

/** An instance of an input class with the given values, as type-graphql makes for GraphQL arguments. */
export function inputOf<T extends object>(type: new () => T, values: Partial<T>): T {
  return Object.assign(new type(), values);
}

/** A rule written for text (`checkEmail(value)`), given a value of any type: anything but text counts as missing. */
export const textRule = (check: (value: string | null) => string | null): Check =>
  Object.defineProperty((value: unknown) => check(typeof value === 'string' ? value : null), 'name', { value: check.name });

/** A field that may be left out or cleared (null, or blank text); anything else must pass `check`. */
export const blankOr = (check: Check): Check =>
  Object.defineProperty((value: unknown, input: Record<string, unknown>) => (blank(value) && typeof value !== 'number' ? null : check(value, input)), 'name', {
    value: check.name,
  });

/** One of a few words, or left out: "currency must be one of usd, bdt". */
export const oneOf = (name: string, allowed: readonly string[]): Check =>
  function oneOf(value) {
    if (value === null || value === undefined || (typeof value === 'string' && allowed.includes(value))) return null;
    return allowed.length === 2 ? `${name} must be ${allowed[0]} or ${allowed[1]}` : `${name} must be one of ${allowed.join(', ')}`;
  };
