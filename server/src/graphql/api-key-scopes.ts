import type { ApolloServerPlugin } from '@apollo/server';
import { GraphQLError, Kind, OperationTypeNode, type SelectionSetNode } from 'graphql';
import { ApiScope } from '../modules/integration/api-key.entity';
import { OUT_OF_SCOPE } from '../modules/integration/api-key.service';
import { AppError } from '../shared/errors';
import type { GraphQLContext } from '../kernel/context';

/** A root field any key may ask for, whatever its scopes: what a visitor may read too. */
export const ANY_KEY = 'any key';

/**
 * The only root fields an API key may ask for, with the scope each needs (or ANY_KEY). Anything
 * else is refused. The reads of instructor:read and practice:read reach the key owner's own
 * courses (every course for an admin's key): their services are given the owner (`readerOf`).
 */
export const API_KEY_FIELDS: Record<'query' | 'mutation', Record<string, ApiScope | typeof ANY_KEY>> = {
  query: {
    courses: ApiScope.CATALOG_READ,
    course: ApiScope.CATALOG_READ,
    courseSearch: ApiScope.CATALOG_READ,
    searchCourses: ApiScope.CATALOG_READ,
    similarCourses: ApiScope.CATALOG_READ,
    recommendedCourses: ApiScope.CATALOG_READ,
    reviews: ApiScope.CATALOG_READ,
    blogs: ApiScope.CATALOG_READ,
    blog: ApiScope.CATALOG_READ,
    certificate: ApiScope.CATALOG_READ,
    enrollments: ApiScope.ENROLLMENTS_READ,
    payments: ApiScope.PAYMENTS_READ,
    paymentSeries: ApiScope.PAYMENTS_READ,
    instructorOverview: ApiScope.INSTRUCTOR_READ,
    instructorStudents: ApiScope.INSTRUCTOR_READ,
    instructorRevenueSeries: ApiScope.INSTRUCTOR_READ,
    managedCourses: ApiScope.INSTRUCTOR_READ,
    managedCourse: ApiScope.INSTRUCTOR_READ,
    modelTests: ApiScope.PRACTICE_READ,
    modelTest: ApiScope.PRACTICE_READ,
    upcomingModelTests: ApiScope.PRACTICE_READ,
    authoredModelTests: ApiScope.PRACTICE_READ,
    modelTestResults: ApiScope.PRACTICE_READ,
    questionStatistics: ApiScope.PRACTICE_READ,
    modelTestScoreDistribution: ApiScope.PRACTICE_READ,
    leaderboard: ANY_KEY,
  },
  mutation: {
    enrollStudent: ApiScope.ENROLLMENTS_WRITE,
  },
};
const ALWAYS = new Set(['__typename', '__schema', '__type']);

function refuse(message: string): never {
  throw new GraphQLError(message, { originalError: new AppError('FORBIDDEN', message), extensions: { code: 'FORBIDDEN', http: { status: 403 } } });
}

/** Every root field of an operation, through its fragments. */
function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, SelectionSetNode>, names: string[] = []): string[] {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) names.push(selection.name.value);
    else if (selection.kind === Kind.INLINE_FRAGMENT) rootFields(selection.selectionSet, fragments, names);
    else {
      const fragment = fragments.get(selection.name.value);
      if (fragment) rootFields(fragment, fragments, names);
    }
  }
  return names;
}

/** An API key acts only within its scopes: an operation asking for anything else is refused whole (403). */
export const apiKeyScopes: ApolloServerPlugin<GraphQLContext> = {
  requestDidStart() {
    return Promise.resolve({
      didResolveOperation({ contextValue, operation, document }) {
        const key = contextValue.apiKey;
        if (!key || !operation) return Promise.resolve();
        const kind = operation.operation === OperationTypeNode.MUTATION ? 'mutation' : operation.operation === OperationTypeNode.QUERY ? 'query' : null;
        if (!kind) refuse('This API key may not do this.');
        const fragments = new Map(
          document.definitions.flatMap((definition) =>
            definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition.selectionSet] as const] : [],
          ),
        );
        for (const name of rootFields(operation.selectionSet, fragments)) {
          if (ALWAYS.has(name)) continue;
          const scope = API_KEY_FIELDS[kind][name];
          if (!scope) refuse(`This API key may not use ${name}.`);
          if (scope !== ANY_KEY && !key.scopes.includes(scope)) refuse(OUT_OF_SCOPE(scope));
        }
        return Promise.resolve();
      },
    });
  },
};
