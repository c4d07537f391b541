import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every change to what anonymous visitors can read (courses, lessons, reviews, blogs, the users named
 * on them) sends a `catalogue_changed` notice, so each server copy empties its public response cache.
 */
const TABLES = ['course', 'lesson', 'review', 'blog', 'user'];

export class CatalogueChangeNotices1795400000000 implements MigrationInterface {
  name = 'CatalogueChangeNotices1795400000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "${table}_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) await queryRunner.query(`DROP TRIGGER "${table}_catalogue_changed" ON "${table}"`);
    await queryRunner.query(`DROP FUNCTION "notify_catalogue_changed"()`);
  }
}
