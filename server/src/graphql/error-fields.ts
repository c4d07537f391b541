import type { ApolloServerPlugin } from '@apollo/server';
import {
  getNamedType,
  isInputObjectType,
  Kind,
  type GraphQLArgument,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql';

/**
 * One way of naming the field an error is about: `extensions.field` is its input path, from the
 * operation's arguments (`input.title`, `input.lessons.0.title`, `email` for an argument of its
 * own). Validation (`extensions.fields`, keyed within the input) and services (`field`, a name in
 * the input) say where the problem is relative to the input; this answers each with the path an
 * integrator wrote, once, for every operation. A request refused before execution names the
 * variable's path itself (http/text-limits.ts).
 */
export const inputPathOfFields: ApolloServerPlugin = {
  requestDidStart() {
    return Promise.resolve({
      willSendResponse({ response, schema, operation }) {
        if (response.body.kind === 'single' && response.body.singleResult.errors && operation) {
          response.body.singleResult.errors = response.body.singleResult.errors.map((error) => withInputPath(error, schema, operation));
        }
        return Promise.resolve();
      },
    });
  },
};

function withInputPath(error: GraphQLFormattedError, schema: GraphQLSchema, operation: OperationDefinitionNode): GraphQLFormattedError {
  const extensions = error.extensions;
  const fields = extensions?.fields;
  const named = typeof extensions?.field === 'string' ? extensions.field : fields && typeof fields === 'object' ? Object.keys(fields)[0] : undefined;
  // Only a root field's error: its arguments are the operation's.
  if (!named || error.path?.length !== 1) return error;
  const selection = operation.selectionSet.selections.find((node) => node.kind === Kind.FIELD && (node.alias?.value ?? node.name.value) === error.path![0]);
  const definition = selection?.kind === Kind.FIELD ? schema.getRootType(operation.operation)?.getFields()[selection.name.value] : undefined;
  if (!definition) return error;
  return { ...error, extensions: { ...extensions, field: inputPath(definition.args, named) } };
}

/** `name` (relative to an input object, or an argument's own name) as a path from the arguments. */
export function inputPath(args: readonly GraphQLArgument[], name: string): string {
  const head = name.split('.')[0];
  if (args.some((arg) => arg.name === head)) return name;
  const holder = args.find((arg) => {
    const type = getNamedType(arg.type);
    return isInputObjectType(type) && Object.hasOwn(type.getFields(), head);
  });
  return holder ? `${holder.name}.${name}` : name;
}
