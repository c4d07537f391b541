import { categoryOf, httpStatusOf, type ErrorCategory, type ErrorCode } from './error-codes';

/**
 * The errors the services raise; transports map them to GraphQL `extensions` and HTTP statuses.
 * `code` is one of shared/error-codes.ts (a domain code such as COURSE_NOT_FOUND, or a bare
 * category); `details` travel beside it (`field`, `max`, `fields`).
 */
export type AppErrorCode = ErrorCode;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The broad class (NOT_FOUND for COURSE_NOT_FOUND), as clients read it before domain codes. */
  get category(): ErrorCategory {
    return categoryOf(this.code);
  }

  get httpStatus(): number {
    return httpStatusOf(this.code);
  }
}

export const badInput = (message: string, details?: Record<string, unknown>, code: ErrorCode = 'BAD_USER_INPUT') => new AppError(code, message, details);
/** Something asked for that is not there: `code` names what (COURSE_NOT_FOUND), so a client tells one from another. */
export const notFound = (message: string, code: ErrorCode) => new AppError(code, message);
/** A text over its limit: the client words it from `field` and `max`. */
export const textTooLong = (message: string, field: string, max: number) => new AppError('TEXT_TOO_LONG', message, { field, max });
