import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from '../test/database';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));

describe('migrations', () => {
  it('bring an empty database exactly to the entities (run `npm run migration:generate -- Name` after changing one)', async () => {
    const pending = await db.driver.createSchemaBuilder().log();
    expect(pending.upQueries.map((q) => q.query)).toEqual([]);
  });

  it('can be undone and applied again', async () => {
    const count = db.migrations.length;
    for (let i = 0; i < count; i++) await db.undoLastMigration();
    const tables = await db.query<Array<{ table_name: string }>>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_name <> 'migrations'`,
    );
    expect(tables).toEqual([]);
    await db.runMigrations();
    expect((await db.driver.createSchemaBuilder().log()).upQueries).toEqual([]);
  });
});
