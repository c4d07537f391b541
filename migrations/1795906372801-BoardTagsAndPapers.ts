import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BoardTagsAndPapers1795906372801 implements MigrationInterface {
  name = 'BoardTagsAndPapers1795906372801';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TYPE "public"."education_board" AS ENUM('DHAKA', 'RAJSHAHI', 'CUMILLA', 'JASHORE', 'CHATTOGRAM', 'BARISHAL', 'SYLHET', 'DINAJPUR', 'MYMENSINGH', 'MADRASAH', 'TECHNICAL')`,
    );
    await queryRunner.query(`ALTER TABLE "question" ADD "board" "public"."education_board"`);
    await queryRunner.query(`ALTER TABLE "question" ADD "boardYear" smallint`);
    await queryRunner.query(`ALTER TABLE "chapter" ADD "paper" smallint`);
    await queryRunner.query(`ALTER TABLE "practice_set" ADD "boardQuestionsOnly" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`CREATE INDEX "question_board" ON "question"  ("subjectId", "classLevel") WHERE "board" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "question" ADD CONSTRAINT "question_board_tag" CHECK (("board" IS NULL) = ("boardYear" IS NULL))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "question" DROP CONSTRAINT "question_board_tag"`);
    await queryRunner.query(`DROP INDEX "public"."question_board"`);
    await queryRunner.query(`ALTER TABLE "practice_set" DROP COLUMN "boardQuestionsOnly"`);
    await queryRunner.query(`ALTER TABLE "chapter" DROP COLUMN "paper"`);
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "boardYear"`);
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "board"`);
    await queryRunner.query(`DROP TYPE "public"."education_board"`);
  }
}
