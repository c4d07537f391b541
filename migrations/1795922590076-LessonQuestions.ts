import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Questions to the instructor under each lesson: the questions (pinned, hidden, their upvote count and
 * whether the instructor's notice took them in), the answers, one upvote per student and question, and
 * each instructor's notice of new questions (when the one waiting is due).
 */
export class LessonQuestions1795922590076 implements MigrationInterface {
  name = 'LessonQuestions1795922590076';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lesson_question" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "lessonId" uuid NOT NULL, "courseId" uuid NOT NULL, "askerId" uuid NOT NULL, "text" text NOT NULL, "pinned" boolean NOT NULL DEFAULT false, "hidden" boolean NOT NULL DEFAULT false, "upvotes" integer NOT NULL DEFAULT '0', "noticedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_c96594730ed52da2cfb92168902" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "lesson_question_not_noticed" ON "lesson_question"  ("courseId") WHERE "noticedAt" IS NULL`);
    await queryRunner.query(`CREATE INDEX "lesson_question_lesson_newest" ON "lesson_question"  ("lessonId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "lesson_answer" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "questionId" uuid NOT NULL, "authorId" uuid NOT NULL, "text" text NOT NULL, "byInstructor" boolean NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_87b904c7ec4b432fc44f8c55398" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "lesson_answer_question" ON "lesson_answer"  ("questionId", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "lesson_question_vote" ("questionId" uuid NOT NULL, "studentId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_3b4dc3ecd4f9ea3fff4204b6fb8" PRIMARY KEY ("questionId", "studentId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lesson_question_notice" ("instructorId" uuid NOT NULL, "dueAt" TIMESTAMP WITH TIME ZONE, "lastSentAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_5b7de284565f3464893978676e7" PRIMARY KEY ("instructorId"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_question" ADD CONSTRAINT "FK_184711f885c46a799e9efc34a36" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_question" ADD CONSTRAINT "FK_28bb219dd1bb7694885f782f375" FOREIGN KEY ("askerId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_answer" ADD CONSTRAINT "FK_7c682f420e7d3e9c1c708cb9d87" FOREIGN KEY ("questionId") REFERENCES "lesson_question"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_answer" ADD CONSTRAINT "FK_db741a35c8d9c8a7dad23433a1b" FOREIGN KEY ("authorId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_question_vote" ADD CONSTRAINT "FK_657ca1fc3d0e96e767a26b8f42f" FOREIGN KEY ("questionId") REFERENCES "lesson_question"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_question_vote" ADD CONSTRAINT "FK_9c9c819d2a414c635bf671fc806" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_question_notice" ADD CONSTRAINT "FK_5b7de284565f3464893978676e7" FOREIGN KEY ("instructorId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson_question_notice" DROP CONSTRAINT "FK_5b7de284565f3464893978676e7"`);
    await queryRunner.query(`ALTER TABLE "lesson_question_vote" DROP CONSTRAINT "FK_9c9c819d2a414c635bf671fc806"`);
    await queryRunner.query(`ALTER TABLE "lesson_question_vote" DROP CONSTRAINT "FK_657ca1fc3d0e96e767a26b8f42f"`);
    await queryRunner.query(`ALTER TABLE "lesson_answer" DROP CONSTRAINT "FK_db741a35c8d9c8a7dad23433a1b"`);
    await queryRunner.query(`ALTER TABLE "lesson_answer" DROP CONSTRAINT "FK_7c682f420e7d3e9c1c708cb9d87"`);
    await queryRunner.query(`ALTER TABLE "lesson_question" DROP CONSTRAINT "FK_28bb219dd1bb7694885f782f375"`);
    await queryRunner.query(`ALTER TABLE "lesson_question" DROP CONSTRAINT "FK_184711f885c46a799e9efc34a36"`);
    await queryRunner.query(`DROP TABLE "lesson_question_notice"`);
    await queryRunner.query(`DROP TABLE "lesson_question_vote"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_answer_question"`);
    await queryRunner.query(`DROP TABLE "lesson_answer"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_question_lesson_newest"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_question_not_noticed"`);
    await queryRunner.query(`DROP TABLE "lesson_question"`);
  }
}
