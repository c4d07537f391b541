import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PracticeQuestionBank1795667993094 implements MigrationInterface {
  name = 'PracticeQuestionBank1795667993094';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "subject" ("id" text NOT NULL, "nameBn" text NOT NULL, "nameEn" text NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_12eee115462e38d62e5455fc054" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "chapter" ("id" uuid NOT NULL, "subjectId" text NOT NULL, "classLevel" smallint NOT NULL, "nameBn" text NOT NULL, "nameEn" text NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_275bd1c62bed7dff839680614ca" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "chapter_subject_class" ON "chapter"  ("subjectId", "classLevel", "position") `);
    await queryRunner.query(`CREATE TYPE "public"."question_difficulty" AS ENUM('EASY', 'MEDIUM', 'HARD')`);
    await queryRunner.query(
      `CREATE TABLE "question" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "text" text NOT NULL, "options" jsonb NOT NULL, "correctOptionId" uuid NOT NULL, "explanation" text NOT NULL DEFAULT '', "classLevel" smallint NOT NULL, "subjectId" text NOT NULL, "chapterId" uuid, "difficulty" "public"."question_difficulty" NOT NULL DEFAULT 'MEDIUM', "courseId" uuid, "authorId" uuid, "importKey" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "question_class_level_range" CHECK ("classLevel" BETWEEN 1 AND 13), CONSTRAINT "PK_21e5786aa0ea704ae185a79b2d5" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_5c2654a2f9b6631a764a6ce2a0" ON "question"  ("chapterId") `);
    await queryRunner.query(`CREATE INDEX "IDX_694aa041ca01a3df5b7c4f2fff" ON "question"  ("courseId") `);
    await queryRunner.query(`CREATE INDEX "question_subject_class" ON "question"  ("subjectId", "classLevel") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "question_author_import" ON "question"  ("authorId", "importKey") WHERE "importKey" IS NOT NULL`);
    await queryRunner.query(
      `CREATE TABLE "model_test" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "description" text NOT NULL DEFAULT '', "classLevel" smallint NOT NULL, "subjectId" text NOT NULL, "courseId" uuid, "free" boolean NOT NULL DEFAULT false, "durationMinutes" integer NOT NULL, "negativeMark" numeric(4,2) NOT NULL DEFAULT '0', "passMark" numeric(6,2) NOT NULL DEFAULT '0', "opensAt" TIMESTAMP WITH TIME ZONE, "closesAt" TIMESTAMP WITH TIME ZONE, "published" boolean NOT NULL DEFAULT false, "authorId" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "model_test_window" CHECK ("opensAt" IS NULL OR "closesAt" IS NULL OR "opensAt" < "closesAt"), CONSTRAINT "model_test_negative_mark" CHECK ("negativeMark" >= 0 AND "negativeMark" <= 1), CONSTRAINT "model_test_duration" CHECK ("durationMinutes" BETWEEN 1 AND 600), CONSTRAINT "PK_f1889f2897a3b9f84290abbb8ae" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_efbb65ed20057be4eddd266ff6" ON "model_test"  ("courseId") `);
    await queryRunner.query(`CREATE INDEX "model_test_listing" ON "model_test"  ("published", "classLevel", "subjectId") `);
    await queryRunner.query(
      `CREATE TABLE "model_test_question" ("testId" uuid NOT NULL, "questionId" uuid NOT NULL, "position" integer NOT NULL, CONSTRAINT "PK_450b026de0d23e54155ef7d9595" PRIMARY KEY ("testId", "questionId"))`,
    );
    await queryRunner.query(`CREATE INDEX "model_test_question_question" ON "model_test_question"  ("questionId") `);
    await queryRunner.query(
      `CREATE TABLE "attempt" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "testId" uuid NOT NULL, "userId" uuid NOT NULL, "startedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deadline" TIMESTAMP WITH TIME ZONE NOT NULL, "submittedAt" TIMESTAMP WITH TIME ZONE, "questionOrder" uuid array NOT NULL, "optionOrder" jsonb NOT NULL, "score" numeric(8,2), "correct" integer, "wrong" integer, "skipped" integer, "durationSeconds" integer, CONSTRAINT "PK_5f822b29b3128d1c65d3d6c193d" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "attempt_user" ON "attempt"  ("userId", "startedAt") `);
    await queryRunner.query(`CREATE INDEX "attempt_ranking" ON "attempt"  ("testId", "score", "durationSeconds") WHERE "submittedAt" IS NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "attempt_one_open" ON "attempt"  ("testId", "userId") WHERE "submittedAt" IS NULL`);
    await queryRunner.query(
      `CREATE TABLE "attempt_answer" ("attemptId" uuid NOT NULL, "questionId" uuid NOT NULL, "optionId" uuid NOT NULL, "answeredAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_83f2b302e5d6115e6690cd54985" PRIMARY KEY ("attemptId", "questionId"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "leaderboard_preference" ("userId" uuid NOT NULL, "hideName" boolean NOT NULL DEFAULT false, CONSTRAINT "PK_1317d4f7566f99e4a4c47f09e2b" PRIMARY KEY ("userId"))`,
    );
    await queryRunner.query(`ALTER TABLE "course" ADD "subjectId" text`);
    await queryRunner.query(`CREATE INDEX "IDX_33b8f63c3518fa33a82e377925" ON "course"  ("subjectId") `);
    // The syllabus: the national curriculum's main subjects and the first chapters (modules/practice/syllabus.ts).
    await queryRunner.query(
      `INSERT INTO "subject" ("id", "nameBn", "nameEn", "position") VALUES ('mathematics', 'গণিত', 'Mathematics', 1), ('higher-mathematics', 'উচ্চতর গণিত', 'Higher Mathematics', 2), ('physics', 'পদার্থবিজ্ঞান', 'Physics', 3), ('chemistry', 'রসায়ন', 'Chemistry', 4), ('biology', 'জীববিজ্ঞান', 'Biology', 5), ('bangla', 'বাংলা', 'Bangla', 6), ('english', 'ইংরেজি', 'English', 7), ('ict', 'তথ্য ও যোগাযোগ প্রযুক্তি', 'ICT', 8), ('general-science', 'সাধারণ বিজ্ঞান', 'General Science', 9), ('bangladesh-global-studies', 'বাংলাদেশ ও বিশ্বপরিচয়', 'Bangladesh and Global Studies', 10), ('accounting', 'হিসাববিজ্ঞান', 'Accounting', 11), ('general-knowledge', 'সাধারণ জ্ঞান', 'General Knowledge', 12)`,
    );
    await queryRunner.query(
      `INSERT INTO "chapter" ("id", "subjectId", "classLevel", "nameBn", "nameEn", "position") VALUES ('a0000000-0000-4000-8000-000000000901', 'physics', 9, 'ভৌত রাশি ও পরিমাপ', 'Physical quantities and measurement', 1), ('a0000000-0000-4000-8000-000000000902', 'physics', 9, 'গতি', 'Motion', 2), ('a0000000-0000-4000-8000-000000000903', 'physics', 9, 'বল', 'Force', 3), ('a0000000-0000-4000-8000-000000000904', 'physics', 9, 'কাজ, ক্ষমতা ও শক্তি', 'Work, power and energy', 4), ('a0000000-0000-4000-8000-000000000911', 'mathematics', 9, 'বীজগাণিতিক রাশি', 'Algebraic expressions', 1), ('a0000000-0000-4000-8000-000000000912', 'mathematics', 9, 'ত্রিকোণমিতি', 'Trigonometry', 2), ('a0000000-0000-4000-8000-000000000921', 'chemistry', 9, 'পদার্থের অবস্থা', 'States of matter', 1), ('a0000000-0000-4000-8000-000000000931', 'english', 9, 'Grammar', 'Grammar', 1), ('a0000000-0000-4000-8000-000000000941', 'general-knowledge', 13, 'বাংলাদেশ বিষয়াবলি', 'Bangladesh affairs', 1), ('a0000000-0000-4000-8000-000000000942', 'general-knowledge', 13, 'আন্তর্জাতিক বিষয়াবলি', 'International affairs', 2)`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_33b8f63c3518fa33a82e377925"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "subjectId"`);
    await queryRunner.query(`DROP TABLE "leaderboard_preference"`);
    await queryRunner.query(`DROP TABLE "attempt_answer"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_one_open"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_ranking"`);
    await queryRunner.query(`DROP INDEX "public"."attempt_user"`);
    await queryRunner.query(`DROP TABLE "attempt"`);
    await queryRunner.query(`DROP INDEX "public"."model_test_question_question"`);
    await queryRunner.query(`DROP TABLE "model_test_question"`);
    await queryRunner.query(`DROP INDEX "public"."model_test_listing"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_efbb65ed20057be4eddd266ff6"`);
    await queryRunner.query(`DROP TABLE "model_test"`);
    await queryRunner.query(`DROP INDEX "public"."question_author_import"`);
    await queryRunner.query(`DROP INDEX "public"."question_subject_class"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_694aa041ca01a3df5b7c4f2fff"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_5c2654a2f9b6631a764a6ce2a0"`);
    await queryRunner.query(`DROP TABLE "question"`);
    await queryRunner.query(`DROP TYPE "public"."question_difficulty"`);
    await queryRunner.query(`DROP INDEX "public"."chapter_subject_class"`);
    await queryRunner.query(`DROP TABLE "chapter"`);
    await queryRunner.query(`DROP TABLE "subject"`);
  }
}
