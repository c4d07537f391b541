import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LessonProgress1795314982427 implements MigrationInterface {
  name = 'LessonProgress1795314982427';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lesson_progress" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "studentId" uuid NOT NULL, "lessonId" uuid NOT NULL, "courseId" uuid NOT NULL, "completedAt" TIMESTAMP WITH TIME ZONE, "lastPositionSeconds" integer NOT NULL DEFAULT '0', "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_e6223ebbc5f8f5fce40e0193de1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_08ea29c5aca5109ece6d1e29d9" ON "lesson_progress"  ("courseId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "lesson_progress_student_lesson" ON "lesson_progress"  ("studentId", "lessonId") `);
    await queryRunner.query(`ALTER TABLE "enrollment" ADD "lastLessonId" uuid`);
    await queryRunner.query(
      `ALTER TABLE "lesson_progress" ADD CONSTRAINT "FK_4acd3150e1ad2b6db8448a89348" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson_progress" ADD CONSTRAINT "FK_df13299d2740b302dd44a368df9" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson_progress" DROP CONSTRAINT "FK_df13299d2740b302dd44a368df9"`);
    await queryRunner.query(`ALTER TABLE "lesson_progress" DROP CONSTRAINT "FK_4acd3150e1ad2b6db8448a89348"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP COLUMN "lastLessonId"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_progress_student_lesson"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_08ea29c5aca5109ece6d1e29d9"`);
    await queryRunner.query(`DROP TABLE "lesson_progress"`);
  }
}
