import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LessonHiddenAfterFailedVideo1795679053942 implements MigrationInterface {
  name = 'LessonHiddenAfterFailedVideo1795679053942';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson" ADD "hiddenSince" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson" DROP COLUMN "hiddenSince"`);
  }
}
