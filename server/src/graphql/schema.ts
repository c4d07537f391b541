import 'reflect-metadata';
import { lexicographicSortSchema, printSchema, type GraphQLSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { productModules } from '../modules';
import type { ProductModule } from '../kernel/product-module';
import { authChecker } from './auth-checker';
import { MoneyResolver } from './money';
import { validateArgument } from '../shared/validation';

/** The schema of the `Money` type's resolver and every module's own. */
export async function createSchema(modules: readonly ProductModule[] = productModules): Promise<GraphQLSchema> {
  const resolvers = [MoneyResolver, ...modules.flatMap((module) => module.resolvers ?? [])] as const;
  const schema = await buildSchema({ resolvers, validateFn: validateArgument, authChecker });
  // type-graphql names the root types but cannot describe them.
  const query = schema.getQueryType();
  if (query) query.description = 'What can be read: the catalogue, the signed-in person’s learning, and admin and instructor views';
  const mutation = schema.getMutationType();
  if (mutation) mutation.description = 'What can be changed: accounts, purchases, learning progress, courses and the site’s administration';
  return schema;
}

/** The SDL committed as schema.graphql: sorted so the file only changes when the API does. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `# Generated from the server's type-graphql schema by \`npm run schema\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
