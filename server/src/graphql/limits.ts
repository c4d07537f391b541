import { ApolloArmor } from '@escape.tech/graphql-armor';

/**
 * Limits on what one GraphQL document may ask: depth, cost, aliases, tokens and directives, each
 * refused with a clear error before anything runs. Field suggestions in error messages only when
 * configured (they help developers and reveal the schema to attackers).
 */
export function graphqlLimits(options: { suggestions: boolean }) {
  return new ApolloArmor({
    maxDepth: { n: 10, ignoreIntrospection: true, flattenFragments: true },
    costLimit: { maxCost: 1_000, objectCost: 2, scalarCost: 1, depthCostFactor: 1.5, ignoreIntrospection: true, flattenFragments: true },
    maxAliases: { n: 15 },
    maxTokens: { n: 5_000 },
    maxDirectives: { n: 50 },
    blockFieldSuggestion: { enabled: !options.suggestions },
  }).protect();
}
