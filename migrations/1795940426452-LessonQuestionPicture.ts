import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LessonQuestionPicture1795940426452 implements MigrationInterface {
  name = 'LessonQuestionPicture1795940426452';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson_question" ADD "picture" bytea`);
    await queryRunner.query(`ALTER TABLE "lesson_question" ADD "pictureType" text`);
    await queryRunner.query(`ALTER TABLE "lesson_question" ADD "pictureDigest" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson_question" DROP COLUMN "pictureDigest"`);
    await queryRunner.query(`ALTER TABLE "lesson_question" DROP COLUMN "pictureType"`);
    await queryRunner.query(`ALTER TABLE "lesson_question" DROP COLUMN "picture"`);
  }
}
