import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search answers in tiers by name (see course.search.ts): a name index in "C" order walks the
 * prefix tier and, for common words, every tier in order until enough rows match; a trigram
 * index on the lower-cased name finds the names containing a rare phrase.
 *
 * Both trigram indexes write straight into the index (fastupdate off): with PostgreSQL's default,
 * new rows wait in a pending list of up to 4 MB that every search reads in full until a vacuum,
 * which made a one-course search read ~450 pages. Courses change rarely; searches are constant.
 */
export class SearchIndexes1795400000002 implements MigrationInterface {
  name = 'SearchIndexes1795400000002';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "course_search_name_order" ON "course" ((lower("name") COLLATE "C"), "id") WHERE "published"`);
    await queryRunner.query(
      `CREATE INDEX "course_search_name_trgm" ON "course" USING gin ((lower("name") COLLATE "C") gin_trgm_ops) WITH (fastupdate = off) WHERE "published"`,
    );
    await queryRunner.query(`ALTER INDEX "course_search_trgm" SET (fastupdate = off)`);
    await queryRunner.query(`SELECT gin_clean_pending_list('course_search_trgm')`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER INDEX "course_search_trgm" RESET (fastupdate)`);
    await queryRunner.query(`DROP INDEX "course_search_name_trgm"`);
    await queryRunner.query(`DROP INDEX "course_search_name_order"`);
  }
}
