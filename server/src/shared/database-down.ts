/** Errors that mean the database cannot be reached right now (down, restarting, refusing connections). */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03', '08000', '08001', '08003', '08006']);

export const DATABASE_UNAVAILABLE = 'The service is briefly unavailable. Please try again in a moment.';
/** What a 503 for an unavailable database tells clients in `Retry-After`. */
export const RETRY_AFTER_SECONDS = '5';

export function isDatabaseUnavailable(error: unknown): boolean {
  type Cause = { code?: string; message?: string; cause?: unknown; driverError?: unknown; thrownValue?: unknown };
  for (let current = error as Cause | undefined; current;) {
    if (current.code && UNREACHABLE_CODES.has(current.code)) return true;
    if (
      /Connection terminated|timeout exceeded when trying to connect|Connection is not established|connection error and is not queryable|Cannot use a pool after calling end/i.test(
        current.message ?? '',
      )
    )
      return true;
    // TypeORM keeps the driver's error; graphql-js wraps values that are not Errors (pg throws some).
    current = (current.driverError ?? current.cause ?? current.thrownValue) as Cause | undefined;
  }
  return false;
}
