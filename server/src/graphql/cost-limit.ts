import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  getNullableType,
  GraphQLError,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  OperationTypeNode,
  valueFromAST,
  type DocumentNode,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The most one operation may cost. */
export const MAX_COST = 10_000;
/** How many items a list without a `limit` argument counts as (a course's lessons, for example). */
export const UNPAGED_LIST_SIZE = 20;

interface Walk {
  schema: GraphQLSchema;
  fragments: Map<string, { typeName: string; selectionSet: SelectionSetNode }>;
  variables: Record<string, unknown>;
}

/** The items a field stands for: its `limit` (given or default), a nominal size for other lists, else one. */
function itemsOf(node: FieldNode, field: GraphQLField<unknown, unknown>, insidePage: boolean, walk: Walk): { count: number; paged: boolean } {
  const limitArg = field.args.find((arg) => arg.name === 'limit');
  if (limitArg) {
    const given = node.arguments?.find((arg) => arg.name.value === 'limit');
    const value = given ? valueFromAST(given.value, limitArg.type, walk.variables) : limitArg.defaultValue;
    // A limit that is not a positive whole number is refused by the resolver's own check.
    return { count: typeof value === 'number' && Number.isInteger(value) && value > 0 ? value : 1, paged: true };
  }
  // The list of a page (its `items`) holds the page's limit, already counted on the page.
  if (isListType(getNullableType(field.type))) return { count: insidePage ? 1 : UNPAGED_LIST_SIZE, paged: false };
  return { count: 1, paged: false };
}

function selectionCost(selectionSet: SelectionSetNode, parent: GraphQLNamedType | undefined | null, insidePage: boolean, walk: Walk): number {
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      cost += fieldCost(selection, parent, insidePage, walk);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const type = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : parent;
      cost += selectionCost(selection.selectionSet, type, insidePage, walk);
    } else {
      // Validation has already refused unknown and cyclic fragments.
      const fragment = walk.fragments.get(selection.name.value);
      if (fragment) cost += selectionCost(fragment.selectionSet, walk.schema.getType(fragment.typeName), insidePage, walk);
    }
  }
  return cost;
}

function fieldCost(node: FieldNode, parent: GraphQLNamedType | undefined | null, insidePage: boolean, walk: Walk): number {
  if (node.name.value.startsWith('__')) return 0;
  const field = isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[node.name.value] : undefined;
  if (!field || !node.selectionSet) return 1;
  const items = itemsOf(node, field, insidePage, walk);
  return items.count * (1 + selectionCost(node.selectionSet, getNamedType(field.type), items.paged, walk));
}

/**
 * What an operation costs: one per field, with the cost of a field's selection multiplied by the
 * number of items it asks for, so `courses(limit: 50) { items { lessons { id } } }` counts every
 * course and every lesson it could load.
 */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, operation: OperationDefinitionNode, variables: Record<string, unknown>): number {
  const fragments = new Map(
    document.definitions.flatMap((definition) =>
      definition.kind === Kind.FRAGMENT_DEFINITION
        ? [[definition.name.value, { typeName: definition.typeCondition.name.value, selectionSet: definition.selectionSet }] as const]
        : [],
    ),
  );
  const root = operation.operation === OperationTypeNode.MUTATION ? schema.getMutationType() : schema.getQueryType();
  return selectionCost(operation.selectionSet, root, false, { schema, fragments, variables });
}

export const costLimitMessage = (cost: number) => `Query cost limit of ${MAX_COST} exceeded, found ${cost}. Ask for fewer items or fewer fields.`;

/** Refuses, with a 400, an operation costing more than MAX_COST once its variables are known. */
export function costLimitPlugin(): ApolloServerPlugin {
  return {
    requestDidStart() {
      return Promise.resolve({
        didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return Promise.resolve();
          const cost = operationCost(schema, document, operation, request.variables ?? {});
          if (cost > MAX_COST) {
            return Promise.reject(new GraphQLError(costLimitMessage(cost), { extensions: { code: 'GRAPHQL_VALIDATION_FAILED', http: { status: 400 } } }));
          }
          return Promise.resolve();
        },
      });
    },
  };
}
