import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Certificates1795442728868 implements MigrationInterface {
  name = 'Certificates1795442728868';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "certificate" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "number" text NOT NULL, "enrollmentId" uuid NOT NULL, "studentId" uuid NOT NULL, "courseId" uuid NOT NULL, "studentName" text NOT NULL, "course" text NOT NULL, "instructor" text NOT NULL, "issuedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "pdf" bytea NOT NULL, CONSTRAINT "PK_8daddfc65f59e341c2bbc9c9e43" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_6cacdcb9a0b6c4dd02bf699af8" ON "certificate"  ("number") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_f531d68488c762967073817d8b" ON "certificate"  ("enrollmentId") `);
    await queryRunner.query(`CREATE INDEX "IDX_a5b1acee8501273d8c777df4bc" ON "certificate"  ("studentId") `);
    await queryRunner.query(`ALTER TABLE "course" ADD "contentUpdatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    // Existing courses: their last change is the best record of when their content changed.
    await queryRunner.query(`UPDATE "course" SET "contentUpdatedAt" = "updatedAt"`);
    // Course pages show how many students a course has, so enrollments now change what visitors read.
    await queryRunner.query(
      `CREATE TRIGGER "enrollment_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "enrollment"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
    await queryRunner.query(`ALTER TABLE "enrollment" ADD "lastStudiedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(
      `UPDATE "enrollment" e SET "lastStudiedAt" = p.last FROM (SELECT "studentId", "courseId", max("updatedAt") AS last FROM "lesson_progress" GROUP BY 1, 2) p
       WHERE p."studentId" = e."studentId" AND p."courseId" = e."courseId"`,
    );
    await queryRunner.query(`ALTER TABLE "lesson" ADD "preview" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "lesson" ADD "durationSeconds" integer`);
    await queryRunner.query(`ALTER TABLE "lesson" ADD CONSTRAINT "lesson_duration_positive" CHECK ("durationSeconds" IS NULL OR "durationSeconds" > 0)`);
    await queryRunner.query(
      `ALTER TABLE "certificate" ADD CONSTRAINT "FK_f531d68488c762967073817d8be" FOREIGN KEY ("enrollmentId") REFERENCES "enrollment"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "certificate" ADD CONSTRAINT "FK_a5b1acee8501273d8c777df4bc1" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "certificate" DROP CONSTRAINT "FK_a5b1acee8501273d8c777df4bc1"`);
    await queryRunner.query(`ALTER TABLE "certificate" DROP CONSTRAINT "FK_f531d68488c762967073817d8be"`);
    await queryRunner.query(`ALTER TABLE "lesson" DROP CONSTRAINT "lesson_duration_positive"`);
    await queryRunner.query(`ALTER TABLE "lesson" DROP COLUMN "durationSeconds"`);
    await queryRunner.query(`ALTER TABLE "lesson" DROP COLUMN "preview"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP COLUMN "lastStudiedAt"`);
    await queryRunner.query(`DROP TRIGGER "enrollment_catalogue_changed" ON "enrollment"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "contentUpdatedAt"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a5b1acee8501273d8c777df4bc"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_f531d68488c762967073817d8b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6cacdcb9a0b6c4dd02bf699af8"`);
    await queryRunner.query(`DROP TABLE "certificate"`);
  }
}
