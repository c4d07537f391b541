import type { ApolloServerPlugin } from '@apollo/server';
import { OperationTypeNode } from 'graphql';
import { currentTally, type Tally } from '../db/query-counter';
import type { GraphQLContext } from '../kernel/context';

/** Told of a query operation that wrote to the database, with the statements. */
export type QueryWriteReport = (operation: string, statements: string[]) => void;

/**
 * Reads only read: the SQL a query operation runs is watched (through the request's statement
 * tally), and a statement changing data is logged as an error and reported to `report` (the tests
 * fail on one). Work a query only sets off on the job queue is not its own.
 */
export function readsOnlyRead(report?: QueryWriteReport): ApolloServerPlugin<GraphQLContext> {
  return {
    requestDidStart() {
      let tally: Tally | undefined;
      let from = 0;
      return Promise.resolve({
        executionDidStart({ operation }) {
          // No operation when a document of several names none: execution then only says so.
          if ((operation as typeof operation | undefined)?.operation !== OperationTypeNode.QUERY) return Promise.resolve();
          tally = currentTally();
          if (tally) {
            tally.writes ??= [];
            from = tally.writes.length;
          }
          return Promise.resolve();
        },
        willSendResponse({ operationName, contextValue }) {
          const writes = tally?.writes?.slice(from) ?? [];
          if (writes.length > 0) {
            contextValue.log.error({ operation: operationName, statements: writes }, 'a query wrote to the database');
            report?.(operationName ?? '(anonymous)', writes);
          }
          return Promise.resolve();
        },
      });
    },
  };
}
