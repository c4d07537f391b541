import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PracticeSetsAndSavedQuestions1795869361599 implements MigrationInterface {
  name = 'PracticeSetsAndSavedQuestions1795869361599';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "practice_set" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "source" text NOT NULL, "classLevel" smallint, "subjectId" text, "chapterIds" uuid array NOT NULL DEFAULT '{}', "difficulty" "public"."question_difficulty", "fromAttemptId" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_496e2968c345b177d564726a0c9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "practice_set_user" ON "practice_set"  ("userId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "saved_question" ("userId" uuid NOT NULL, "questionId" uuid NOT NULL, "savedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_542528ee2f15a2002e33060bbf0" PRIMARY KEY ("userId", "questionId"))`,
    );
    await queryRunner.query(`CREATE INDEX "saved_question_user" ON "saved_question"  ("userId", "savedAt") `);
    await queryRunner.query(`ALTER TABLE "question" ADD "usableInPractice" boolean NOT NULL DEFAULT true`);
    await queryRunner.query(`ALTER TABLE "attempt" ADD "practiceSetId" uuid`);
    await queryRunner.query(`DROP INDEX "public"."attempt_ranking"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_one_open"`);
    await queryRunner.query(`ALTER TABLE "attempt" ALTER COLUMN "testId" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "attempt" ALTER COLUMN "deadline" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_4c4a88b8aefa94a4187812cd5a" ON "attempt"  ("practiceSetId") `);
    await queryRunner.query(`CREATE INDEX "attempt_ranking" ON "attempt"  ("testId", "score", "durationSeconds") WHERE "submittedAt" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "attempt_one_open" ON "attempt"  ("testId", "userId") WHERE "submittedAt" IS NULL`);
    await queryRunner.query(`ALTER TABLE "attempt" ADD CONSTRAINT "attempt_test_deadline" CHECK ("testId" IS NULL OR "deadline" IS NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "attempt" ADD CONSTRAINT "attempt_test_or_practice" CHECK (("testId" IS NULL) <> ("practiceSetId" IS NULL))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "attempt" DROP CONSTRAINT "attempt_test_or_practice"`);
    await queryRunner.query(`ALTER TABLE "attempt" DROP CONSTRAINT "attempt_test_deadline"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_one_open"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_ranking"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_4c4a88b8aefa94a4187812cd5a"`);
    await queryRunner.query(`ALTER TABLE "attempt" ALTER COLUMN "deadline" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "attempt" ALTER COLUMN "testId" SET NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "attempt_one_open" ON "attempt" USING btree ("testId", "userId") WHERE ("submittedAt" IS NULL)`);
    await queryRunner.query(`CREATE INDEX "attempt_ranking" ON "attempt" USING btree ("testId", "score", "durationSeconds") WHERE ("submittedAt" IS NOT NULL)`);
    await queryRunner.query(`ALTER TABLE "attempt" DROP COLUMN "practiceSetId"`);
    await queryRunner.query(`ALTER TABLE "question" DROP COLUMN "usableInPractice"`);
    await queryRunner.query(`DROP INDEX "public"."saved_question_user"`);
    await queryRunner.query(`DROP TABLE "saved_question"`);
    await queryRunner.query(`DROP INDEX "public"."practice_set_user"`);
    await queryRunner.query(`DROP TABLE "practice_set"`);
  }
}
