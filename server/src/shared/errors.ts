/** The small set of errors the services raise; transports map them to GraphQL codes and HTTP statuses. */
export type AppErrorCode = 'BAD_USER_INPUT' | 'UNAUTHENTICATED' | 'FORBIDDEN' | 'NOT_FOUND' | 'CONFLICT' | 'PAYMENT_FAILED' | 'TOO_MANY_REQUESTS';

const httpStatusOf: Record<AppErrorCode, number> = {
  BAD_USER_INPUT: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYMENT_FAILED: 402,
  TOO_MANY_REQUESTS: 429,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'AppError';
  }

  get httpStatus(): number {
    return httpStatusOf[this.code];
  }
}

export const badInput = (message: string, details?: Record<string, unknown>) => new AppError('BAD_USER_INPUT', message, details);
export const notFound = (message: string) => new AppError('NOT_FOUND', message);
