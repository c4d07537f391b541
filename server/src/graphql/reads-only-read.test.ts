import { Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { DataSource } from 'typeorm';
import type { GraphQLContext } from '../kernel/context';
import type { ProductModule } from '../kernel/product-module';
import { productModules } from '../modules';
import { startTestApp } from '../test/app';
import { closeTestDatabase, openTestDatabase } from '../test/database';

/** A query that writes, as a mistake would; and a mutation that does the same, as it may. */
@Resolver()
class WritingResolver {
  @Query(() => Boolean)
  async touchesAccounts(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.db.query(`UPDATE "user" SET name = name WHERE false`);
    return true;
  }

  @Mutation(() => Boolean)
  async touchesAccountsOnPurpose(@Ctx() ctx: GraphQLContext): Promise<boolean> {
    await ctx.db.query(`UPDATE "user" SET name = name WHERE false`);
    return true;
  }
}

const writing: ProductModule = { name: 'writing', resolvers: [WritingResolver] };

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(async () => {
  if (db) await closeTestDatabase(db);
});

describe('reads only read', () => {
  it('fails the tests of an app whose query wrote to the database, naming the query and the statement, over HTTP and in-process', async () => {
    const app = await startTestApp(db, {}, { modules: [...productModules, writing] });
    expect((await app.graphql(`query TouchOverHttp { touchesAccounts }`)).body.data).toEqual({ touchesAccounts: true });
    await app.execute(`query TouchInProcess { touchesAccounts }`);
    const closing = app.close();
    await expect(closing).rejects.toThrow(/TouchOverHttp: UPDATE "user" SET name = name WHERE false/);
    await expect(closing).rejects.toThrow(/TouchInProcess: UPDATE "user"/);
  });

  it('lets mutations write, and queries read', async () => {
    const app = await startTestApp(db, {}, { modules: [...productModules, writing] });
    expect((await app.graphql(`mutation { touchesAccountsOnPurpose }`)).body.data).toEqual({ touchesAccountsOnPurpose: true });
    expect((await app.graphql(`{ courses { total } }`)).body.errors).toBeUndefined();
    await expect(app.close()).resolves.toBeUndefined();
  });
});
