import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A change to an account names it in its change notice (`user:<id>`) rather than emptying every
 * copy's public response cache: visitors see of the accounts only how many students there are (the
 * home page's figures, which may lag a few seconds), so a rush of sign-ups keeps the cache.
 * TRUNCATE has no rows; it still sends the plain table name, which empties the whole cache.
 */
export class AccountScopedChangeNotices1795700000000 implements MigrationInterface {
  name = 'AccountScopedChangeNotices1795700000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_row_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME || ':' || CASE WHEN TG_OP = 'DELETE' THEN OLD."id" ELSE NEW."id" END);
        RETURN NULL;
      END $$`);
    await queryRunner.query(`DROP TRIGGER "user_catalogue_changed" ON "user"`);
    await queryRunner.query(
      `CREATE TRIGGER "user_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "user"
       FOR EACH ROW EXECUTE FUNCTION "notify_row_changed"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "user_truncated_catalogue_changed" AFTER TRUNCATE ON "user"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "user_truncated_catalogue_changed" ON "user"`);
    await queryRunner.query(`DROP TRIGGER "user_catalogue_changed" ON "user"`);
    await queryRunner.query(
      `CREATE TRIGGER "user_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
    await queryRunner.query(`DROP FUNCTION "notify_row_changed"()`);
  }
}
