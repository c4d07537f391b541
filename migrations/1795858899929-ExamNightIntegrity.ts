import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Exam night's rules: the shared bank only for instructors an admin trusts, when a test's key is
 * reviewed, the grace window for answers held back by the network, questions drawn from a pool.
 */
export class ExamNightIntegrity1795858899929 implements MigrationInterface {
  name = 'ExamNightIntegrity1795858899929';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" ADD "sharedBankAccess" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "attempt_answer" ADD "chosenAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "model_test" ADD "reviewAfter" text NOT NULL DEFAULT 'AFTER_SUBMIT'`);
    await queryRunner.query(`UPDATE "model_test" SET "reviewAfter" = 'AFTER_CLOSE' WHERE "closesAt" IS NOT NULL`);
    await queryRunner.query(`ALTER TABLE "model_test" ADD "graceSeconds" integer NOT NULL DEFAULT '120'`);
    await queryRunner.query(`ALTER TABLE "model_test" ADD "questionsPerAttempt" integer`);
    await queryRunner.query(
      `ALTER TABLE "model_test" ADD CONSTRAINT "model_test_questions_per_attempt" CHECK ("questionsPerAttempt" IS NULL OR "questionsPerAttempt" >= 1)`,
    );
    await queryRunner.query(`ALTER TABLE "model_test" ADD CONSTRAINT "model_test_grace" CHECK ("graceSeconds" BETWEEN 0 AND 600)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "model_test" DROP CONSTRAINT "model_test_grace"`);
    await queryRunner.query(`ALTER TABLE "model_test" DROP CONSTRAINT "model_test_questions_per_attempt"`);
    await queryRunner.query(`ALTER TABLE "model_test" DROP COLUMN "questionsPerAttempt"`);
    await queryRunner.query(`ALTER TABLE "model_test" DROP COLUMN "graceSeconds"`);
    await queryRunner.query(`ALTER TABLE "model_test" DROP COLUMN "reviewAfter"`);
    await queryRunner.query(`ALTER TABLE "attempt_answer" DROP COLUMN "chosenAt"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "sharedBankAccess"`);
  }
}
