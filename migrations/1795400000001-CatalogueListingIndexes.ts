import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The home page's sections and the newest reviews read "the newest few published rows matching a
 * filter"; these indexes let PostgreSQL walk them in order instead of sorting the whole catalogue.
 */
export class CatalogueListingIndexes1795400000001 implements MigrationInterface {
  name = 'CatalogueListingIndexes1795400000001';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "course_newest" ON "course" ("createdAt" DESC, "id") WHERE "published"`);
    await queryRunner.query(`CREATE INDEX "course_newest_by_category" ON "course" ("category", "createdAt" DESC, "id") WHERE "published"`);
    await queryRunner.query(`CREATE INDEX "course_newest_free" ON "course" ("createdAt" DESC, "id") WHERE "published" AND "price" = 0`);
    await queryRunner.query(`CREATE INDEX "course_newest_trending" ON "course" ("createdAt" DESC, "id") WHERE "published" AND "trending"`);
    await queryRunner.query(`CREATE INDEX "review_newest_shown" ON "review" ("createdAt" DESC, "id") WHERE NOT "hidden"`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const index of ['course_newest', 'course_newest_by_category', 'course_newest_free', 'course_newest_trending', 'review_newest_shown']) {
      await queryRunner.query(`DROP INDEX "${index}"`);
    }
  }
}
