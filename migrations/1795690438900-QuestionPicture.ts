import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A bank question's optional picture, kept in the database like the certificates' PDFs (question-picture.ts). */
export class QuestionPicture1795690438900 implements MigrationInterface {
  name = 'QuestionPicture1795690438900';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question" ADD "picture" bytea`);
    await queryRunner.query(`ALTER TABLE "question" ADD "pictureType" text`);
    await queryRunner.query(`ALTER TABLE "question" ADD "pictureDigest" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "pictureDigest"`);
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "pictureType"`);
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "picture"`);
  }
}
