import 'reflect-metadata';
import { GraphQLEnumType, GraphQLSchema, lexicographicSortSchema, printSchema } from 'graphql';
import { buildSchema } from 'type-graphql';
import { productModules } from '../modules';
import type { ProductModule } from '../kernel/product-module';
import { authChecker } from './auth-checker';
import { MoneyResolver } from './money';
import { validateArgument } from '../shared/validation';
import { errorCodes } from '../shared/error-codes';

/** The schema of the `Money` type's resolver and every module's own. */
export async function createSchema(modules: readonly ProductModule[] = productModules): Promise<GraphQLSchema> {
  const resolvers = [MoneyResolver, ...modules.flatMap((module) => module.resolvers ?? [])] as const;
  const schema = await buildSchema({ resolvers, validateFn: validateArgument, authChecker });
  // type-graphql names the root types but cannot describe them.
  const query = schema.getQueryType();
  if (query) query.description = 'What can be read: the catalogue, the signed-in person’s learning, and admin and instructor views';
  const mutation = schema.getMutationType();
  if (mutation) mutation.description = 'What can be changed: accounts, purchases, learning progress, courses and the site’s administration';
  // Published though no field returns it, so clients generate and check the codes they branch on.
  const config = schema.toConfig();
  return new GraphQLSchema({ ...config, types: [...config.types, errorCodeEnum] });
}

/** Every code `extensions.code` can carry (`shared/error-codes.ts`), each with its category. */
const errorCodeEnum = new GraphQLEnumType({
  name: 'ErrorCode',
  description: 'Every code an error can carry in `extensions.code`; the category (`extensions.category`) decides the HTTP status',
  values: Object.fromEntries(
    Object.entries(errorCodes).map(([code, category]) => [code, { description: code === category ? 'A category itself' : `Of the category ${category}` }]),
  ),
});

/** The SDL committed as schema.graphql: sorted so the file only changes when the API does. */
export function printSchemaFile(schema: GraphQLSchema): string {
  return `# Generated from the server's type-graphql schema by \`npm run schema\`. Do not edit.\n\n${printSchema(lexicographicSortSchema(schema))}\n`;
}
