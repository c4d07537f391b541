import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Enrollments and reviews name their course in their change notice (`enrollment:<courseId>`), so
 * the public response cache forgets only the answers that show that course rather than everything:
 * during an exam-season rush of purchases, visitors keep being answered from the cache.
 * TRUNCATE has no rows; it still sends the plain table name, which empties the whole cache.
 */
const TABLES = ['enrollment', 'review'];

export class CourseScopedChangeNotices1795681806114 implements MigrationInterface {
  name = 'CourseScopedChangeNotices1795681806114';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "notify_course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        course uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD."courseId" ELSE NEW."courseId" END;
      BEGIN
        PERFORM pg_notify('catalogue_changed', CASE WHEN course IS NULL THEN TG_TABLE_NAME ELSE TG_TABLE_NAME || ':' || course END);
        IF TG_OP = 'UPDATE' AND OLD."courseId" IS DISTINCT FROM NEW."courseId" AND OLD."courseId" IS NOT NULL THEN
          PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME || ':' || OLD."courseId");
        END IF;
        RETURN NULL;
      END $$`);
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER IF EXISTS "${table}_catalogue_changed" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE ON "${table}"
         FOR EACH ROW EXECUTE FUNCTION "notify_course_changed"()`,
      );
      await queryRunner.query(
        `CREATE TRIGGER "${table}_truncated_catalogue_changed" AFTER TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
      );
    }
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of TABLES) {
      await queryRunner.query(`DROP TRIGGER "${table}_truncated_catalogue_changed" ON "${table}"`);
      await queryRunner.query(`DROP TRIGGER "${table}_catalogue_changed" ON "${table}"`);
      await queryRunner.query(
        `CREATE TRIGGER "${table}_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}"
         FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
      );
    }
    await queryRunner.query(`DROP FUNCTION "notify_course_changed"()`);
  }
}
