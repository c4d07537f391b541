import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Lesson quizzes: a lesson's questions from the bank, each student's answers in the round under way
 * and best result, and the course's pass mark. A course's "Total quiz" (Course.quizCount) counts its
 * lesson quizzes, so a change to their questions is a catalogue change.
 */
export class LessonQuizzes1795689756543 implements MigrationInterface {
  name = 'LessonQuizzes1795689756543';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lesson_quiz_question" ("lessonId" uuid NOT NULL, "questionId" uuid NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_a9d691494fd2919ebc360456531" PRIMARY KEY ("lessonId", "questionId"))`,
    );
    await queryRunner.query(`CREATE INDEX "lesson_quiz_question_question" ON "lesson_quiz_question"  ("questionId") `);
    await queryRunner.query(
      `CREATE TABLE "lesson_quiz_answer" ("studentId" uuid NOT NULL, "lessonId" uuid NOT NULL, "questionId" uuid NOT NULL, "optionId" uuid NOT NULL, "correct" boolean NOT NULL, "answeredAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_13a62e42862aceeda792308e474" PRIMARY KEY ("studentId", "lessonId", "questionId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "lesson_quiz_result" ("studentId" uuid NOT NULL, "lessonId" uuid NOT NULL, "courseId" uuid NOT NULL, "bestCorrect" integer, "bestTotal" integer, "rounds" integer NOT NULL DEFAULT '0', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8ef9fd51283fb8c3b5a3e3f0989" PRIMARY KEY ("studentId", "lessonId"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_3b79716820f570cd303bc0457a" ON "lesson_quiz_result"  ("courseId") `);
    await queryRunner.query(`ALTER TABLE "course" ADD "quizPassPercent" smallint`);
    await queryRunner.query(
      `ALTER TABLE "course" ADD CONSTRAINT "course_quiz_pass_percent_range" CHECK ("quizPassPercent" IS NULL OR ("quizPassPercent" BETWEEN 1 AND 100))`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_question" ADD CONSTRAINT "FK_5c2758f4d6c4180c0ed0b26c4f1" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_question" ADD CONSTRAINT "FK_8143d28288e9f948b5f1d893d29" FOREIGN KEY ("questionId") REFERENCES "question"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_answer" ADD CONSTRAINT "FK_4c7b68ae7367d9a4b7cc0e9868b" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_answer" ADD CONSTRAINT "FK_ac9ac907d168247e7b505742e51" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_result" ADD CONSTRAINT "FK_e030144bae9ff22674a7d004d99" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_quiz_result" ADD CONSTRAINT "FK_19f7b0d50087658ec8cffbb6179" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "lesson_quiz_question_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lesson_quiz_question"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "lesson_quiz_question_catalogue_changed" ON "lesson_quiz_question"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_result" DROP CONSTRAINT "FK_19f7b0d50087658ec8cffbb6179"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_result" DROP CONSTRAINT "FK_e030144bae9ff22674a7d004d99"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_answer" DROP CONSTRAINT "FK_ac9ac907d168247e7b505742e51"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_answer" DROP CONSTRAINT "FK_4c7b68ae7367d9a4b7cc0e9868b"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_question" DROP CONSTRAINT "FK_8143d28288e9f948b5f1d893d29"`);
    await queryRunner.query(`ALTER TABLE "lesson_quiz_question" DROP CONSTRAINT "FK_5c2758f4d6c4180c0ed0b26c4f1"`);
    await queryRunner.query(`ALTER TABLE "course" DROP CONSTRAINT "course_quiz_pass_percent_range"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "quizPassPercent"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3b79716820f570cd303bc0457a"`);
    await queryRunner.query(`DROP TABLE "lesson_quiz_result"`);
    await queryRunner.query(`DROP TABLE "lesson_quiz_answer"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_quiz_question_question"`);
    await queryRunner.query(`DROP TABLE "lesson_quiz_question"`);
  }
}
