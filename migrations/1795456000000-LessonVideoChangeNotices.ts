import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A lesson's processed video is part of what visitors read (its stream, its length), so it empties the public answer cache too. */
export class LessonVideoChangeNotices1795456000000 implements MigrationInterface {
  name = 'LessonVideoChangeNotices1795456000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "lesson_video_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_video"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "lesson_video_catalogue_changed" ON "lesson_video"`);
  }
}
