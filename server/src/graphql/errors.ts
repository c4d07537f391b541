import crypto from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import type { GraphQLFormattedError } from 'graphql';
import type { ValidationError } from 'class-validator';
import { ArgumentValidationError } from 'type-graphql';
import { AppError } from '../shared/errors';
import { inputError } from '../shared/validation';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../shared/database-down';
import type { AppLogger } from '../logger';

/** Codes that Apollo Server and graphql-js give to requests that are malformed, safe to show as they are. */
const clientErrorCodes = new Set([
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_USER_INPUT',
  'BAD_REQUEST',
  'PERSISTED_QUERY_NOT_FOUND',
  'PERSISTED_QUERY_NOT_SUPPORTED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Domain errors keep their message and code; malformed requests keep graphql-js's message;
 * anything else is logged with a reference id and masked.
 */
export function createErrorFormatter(log: AppLogger, options: { stacktraces: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    let original = unwrapResolverError(error);
    // type-graphql's report of the input rules (shared/validation.ts), in the same shape as REST's.
    if (original instanceof ArgumentValidationError) original = inputError(original.extensions.validationErrors as ValidationError[]);
    if (original instanceof AppError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: original.code, ...(original.details ?? {}) },
      };
    }
    const code = formatted.extensions?.code;
    if (typeof code === 'string' && clientErrorCodes.has(code)) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code } };
    }
    if (isDatabaseUnavailable(original)) {
      return { message: DATABASE_UNAVAILABLE, path: formatted.path, extensions: { code: 'SERVICE_UNAVAILABLE' } };
    }
    const reference = crypto.randomUUID();
    log.error({ err: original, reference, path: formatted.path }, 'unexpected GraphQL error');
    return {
      message: `Something went wrong on our side. Reference: ${reference}`,
      path: formatted.path,
      extensions: {
        code: 'INTERNAL_SERVER_ERROR',
        reference,
        ...(options.stacktraces && original instanceof Error ? { stacktrace: original.stack?.split('\n') } : {}),
      },
    };
  };
}

/** An answer that failed because the database is unavailable is a 503 with `Retry-After`, as on REST. */
export const serviceUnavailableStatus: ApolloServerPlugin = {
  async requestDidStart() {
    return {
      async willSendResponse({ response }) {
        if (response.body.kind !== 'single') return;
        if (!response.body.singleResult.errors?.some((error) => error.extensions?.code === 'SERVICE_UNAVAILABLE')) return;
        response.http.status = 503;
        response.http.headers.set('retry-after', RETRY_AFTER_SECONDS);
      },
    };
  },
};
