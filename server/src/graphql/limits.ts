import { ApolloArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, OperationTypeNode, type ValidationRule } from 'graphql';
import { costLimitPlugin } from './cost-limit';

/** Tokens one document may have; graphql-js stops parsing beyond it, which answers as a syntax error (400). */
export const MAX_TOKENS = 5_000;

export const SUBSCRIPTIONS_UNSUPPORTED = 'Subscriptions are not supported: send a query or a mutation';

/** The schema has no subscriptions; without this rule graphql-js fails one only when executing it (a 500). */
export const queriesAndMutationsOnly: ValidationRule = (context) => ({
  OperationDefinition(node) {
    if (node.operation === OperationTypeNode.SUBSCRIPTION) context.reportError(new GraphQLError(SUBSCRIPTIONS_UNSUPPORTED, { nodes: [node] }));
  },
});

/**
 * Limits on what one GraphQL document may ask: tokens, depth, aliases, directives and cost (list
 * sizes included), each refused with a clear error and a 400 before anything runs. Field
 * suggestions in error messages only when configured (they help developers and reveal the schema).
 */
export function graphqlLimits(options: { suggestions: boolean }) {
  // Armor's own token limit re-parses every document in a plugin hook, where any syntax error
  // (not only too many tokens) became a 500; graphql-js counts tokens in the one real parse.
  const armor = new ApolloArmor({
    maxDepth: { n: 10, ignoreIntrospection: true, flattenFragments: true },
    costLimit: { enabled: false },
    maxAliases: { n: 15 },
    maxTokens: { enabled: false },
    maxDirectives: { n: 50 },
    blockFieldSuggestion: { enabled: !options.suggestions },
  }).protect();
  return {
    parseOptions: { maxTokens: MAX_TOKENS },
    validationRules: [...armor.validationRules, queriesAndMutationsOnly],
    plugins: [...armor.plugins, costLimitPlugin()],
  };
}
