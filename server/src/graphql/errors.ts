import crypto from 'node:crypto';
import type { ApolloServerPlugin } from '@apollo/server';
import { unwrapResolverError } from '@apollo/server/errors';
import { GraphQLError, type GraphQLFormattedError } from 'graphql';
import { ArgumentValidationError } from 'type-graphql';
import { AppError } from '../shared/errors';
import { errorCodes, INTERNAL_SERVER_ERROR, SERVICE_UNAVAILABLE, type ErrorCode } from '../shared/error-codes';
import { inputError } from '../shared/validation';
import { DATABASE_UNAVAILABLE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../shared/database-down';
import type { AppLogger } from '../logger';
import type { Language } from '../i18n/languages';
import { translateMessage } from '../i18n/translate';

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

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === 'string' && Object.hasOwn(errorCodes, code);

/**
 * Domain errors keep their message, code (shared/error-codes.ts), category and data (`field`,
 * `max`, `fields`); malformed requests keep graphql-js's message; anything else is logged with a
 * reference id and masked.
 */
export function createErrorFormatter(log: AppLogger, options: { stacktraces: boolean }) {
  return (formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError => {
    let original = unwrapResolverError(error);
    // A refusal raised before execution (an API key out of its scopes) carries its AppError inside.
    if (original instanceof GraphQLError && original.originalError instanceof AppError) original = original.originalError;
    // type-graphql's report of the input rules (shared/validation.ts), in the same shape as REST's.
    if (original instanceof ArgumentValidationError) original = inputError(original.extensions.validationErrors);
    if (original instanceof AppError) {
      return {
        message: original.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code: original.code, category: original.category, ...(original.details ?? {}) },
      };
    }
    // The document's own limits (http/text-limits.ts): a coded refusal with its data. Apollo Server
    // gives every validation error GRAPHQL_VALIDATION_FAILED and keeps the rule's own error inside.
    const ruleError = original instanceof GraphQLError && original.originalError instanceof GraphQLError ? original.originalError : null;
    // A domain code (TEXT_TOO_LONG) is kept; a bare category stays GRAPHQL_VALIDATION_FAILED as before.
    const ruleCode = ruleError?.extensions.code;
    const code = isErrorCode(ruleCode) && errorCodes[ruleCode] !== ruleCode ? ruleCode : formatted.extensions?.code;
    if (isErrorCode(code)) {
      const { field, max } = formatted.extensions ?? {};
      return {
        message: formatted.message,
        locations: formatted.locations,
        path: formatted.path,
        extensions: { code, category: errorCodes[code], ...(field !== undefined ? { field } : {}), ...(max !== undefined ? { max } : {}) },
      };
    }
    if (typeof code === 'string' && clientErrorCodes.has(code)) {
      return { message: formatted.message, locations: formatted.locations, path: formatted.path, extensions: { code, category: 'BAD_USER_INPUT' } };
    }
    if (isDatabaseUnavailable(original)) {
      return { message: DATABASE_UNAVAILABLE, path: formatted.path, extensions: { code: SERVICE_UNAVAILABLE, category: SERVICE_UNAVAILABLE } };
    }
    const reference = crypto.randomUUID();
    log.error({ err: original, reference, path: formatted.path }, 'unexpected GraphQL error');
    return {
      message: `Something went wrong on our side. Reference: ${reference}`,
      path: formatted.path,
      extensions: {
        code: INTERNAL_SERVER_ERROR,
        category: INTERNAL_SERVER_ERROR,
        reference,
        ...(options.stacktraces && original instanceof Error ? { stacktrace: original.stack?.split('\n') } : {}),
      },
    };
  };
}

/** A field-by-field map of messages (`extensions.fields`), each in `language`. */
function translateFields(language: Language, fields: unknown): unknown {
  if (typeof fields !== 'object' || fields === null) return fields;
  return Object.fromEntries(
    Object.entries(fields).map(([field, message]) => [field, typeof message === 'string' ? translateMessage(language, message) : message]),
  );
}

/**
 * Error messages leave in the request's language. Services and validation write them in English
 * (the API's reference language); server/src/i18n/messages.bn.json says them in Bangla.
 */
export const translatedErrors: ApolloServerPlugin<{ language?: Language }> = {
  requestDidStart() {
    return Promise.resolve({
      willSendResponse({ response, contextValue }) {
        const language = contextValue.language ?? 'en';
        if (language !== 'en' && response.body.kind === 'single' && response.body.singleResult.errors) {
          response.body.singleResult.errors = response.body.singleResult.errors.map((error) => ({
            ...error,
            message: translateMessage(language, error.message),
            ...(error.extensions?.fields ? { extensions: { ...error.extensions, fields: translateFields(language, error.extensions.fields) } } : {}),
          }));
        }
        return Promise.resolve();
      },
    });
  },
};

/** An answer that failed because the database is unavailable is a 503 with `Retry-After`, as on REST. */
export const serviceUnavailableStatus: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      willSendResponse({ response }) {
        if (response.body.kind === 'single' && response.body.singleResult.errors?.some((error) => error.extensions?.code === SERVICE_UNAVAILABLE)) {
          response.http.status = 503;
          response.http.headers.set('retry-after', RETRY_AFTER_SECONDS);
        }
        return Promise.resolve();
      },
    });
  },
};
