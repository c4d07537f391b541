import type { ApolloServerPlugin } from '@apollo/server';
import type { GraphQLContext } from '../kernel/context';

/**
 * Names the operation in the request's access log line (every GraphQL request has the same path):
 * the name the client sent, then the operation actually run (`anonymous query` when it has no name).
 */
export const operationLogPlugin: ApolloServerPlugin<GraphQLContext> = {
  requestDidStart({ request, contextValue }) {
    const fields = contextValue.logFields;
    if (!fields) return Promise.resolve();
    if (request.operationName) fields.operation = request.operationName;
    return Promise.resolve({
      didResolveOperation({ operationName, operation }) {
        fields.operation = operationName ?? `anonymous ${operation?.operation ?? 'operation'}`;
        return Promise.resolve();
      },
    });
  },
};
