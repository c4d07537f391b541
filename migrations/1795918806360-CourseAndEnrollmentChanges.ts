import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The changes feeds of courses and enrollments (`courses(updatedSince, after)`,
 * `enrollments(updatedSince, after)`): each row's `updatedAt`, kept by the database on every change
 * whatever writes it (TypeORM, plain SQL, a script), and an index in the feed's order.
 * - course: `updatedAt` is set on every update that changes the row (a save that changes nothing
 *   leaves it); `firstPublishedAt` remembers that a course was once
 *   on sale, so the feed shows a course taken off sale (a tombstone) but never a draft that was
 *   never published. Such a course deleted (only one nobody bought can be) leaves a row in
 *   `course_removal`, its last state, which the feed reads as a tombstone too.
 * - enrollment: a new `updatedAt`, set on every update but the student's study (`lastLessonId`,
 *   `lastStudiedAt`, written each time a lesson is opened): a refund moves it, reading does not.
 * Both use `now()`, the start of the writing transaction (what the feed's "settled" bound relies on,
 * db/change-feed.ts).
 */
export class CourseAndEnrollmentChanges1795918806360 implements MigrationInterface {
  name = 'CourseAndEnrollmentChanges1795918806360';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course" ADD "firstPublishedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "enrollment" ADD "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    // What was on sale before: published now, or published once by what the audit log and the sales tell.
    await queryRunner.query(`UPDATE "course" c SET "firstPublishedAt" = c."createdAt"
      WHERE c."published"
         OR EXISTS (SELECT 1 FROM "enrollment" e WHERE e."courseId" = c."id")
         OR EXISTS (SELECT 1 FROM "audit_entry" a WHERE a."targetId" = c."id"::text AND a."action" = 'PUBLISH_COURSE')`);
    await queryRunner.query(`UPDATE "enrollment" SET "updatedAt" = greatest("createdAt", coalesce("revokedAt", "createdAt"))`);
    await queryRunner.query(`CREATE INDEX "course_changes" ON "course"  ("updatedAt", "id") `);
    await queryRunner.query(`CREATE INDEX "enrollment_changes" ON "enrollment"  ("updatedAt", "id") `);

    await queryRunner.query(`CREATE FUNCTION "course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'UPDATE' THEN
          NEW."firstPublishedAt" := OLD."firstPublishedAt";
          IF (to_jsonb(NEW) - 'updatedAt') IS DISTINCT FROM (to_jsonb(OLD) - 'updatedAt') THEN
            NEW."updatedAt" := now();
          ELSE
            NEW."updatedAt" := OLD."updatedAt";
          END IF;
        END IF;
        IF NEW."published" AND NEW."firstPublishedAt" IS NULL THEN
          NEW."firstPublishedAt" := now();
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "course_changed" BEFORE INSERT OR UPDATE ON "course" FOR EACH ROW EXECUTE FUNCTION "course_changed"()`);

    await queryRunner.query(
      `CREATE TABLE "course_removal" ("id" uuid NOT NULL, "removedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "row" jsonb NOT NULL, CONSTRAINT "PK_ca6e6389280c7b30c01d0df0858" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE FUNCTION "course_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO "course_removal" ("id", "removedAt", "row") VALUES (OLD."id", now(), to_jsonb(OLD))
          ON CONFLICT ("id") DO NOTHING;
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "course_removed" AFTER DELETE ON "course" FOR EACH ROW WHEN (OLD."firstPublishedAt" IS NOT NULL) EXECUTE FUNCTION "course_removed"()`,
    );

    await queryRunner.query(`CREATE FUNCTION "enrollment_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF (to_jsonb(NEW) - 'lastLessonId' - 'lastStudiedAt' - 'updatedAt') IS DISTINCT FROM (to_jsonb(OLD) - 'lastLessonId' - 'lastStudiedAt' - 'updatedAt') THEN
          NEW."updatedAt" := now();
        ELSE
          NEW."updatedAt" := OLD."updatedAt";
        END IF;
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE TRIGGER "enrollment_changed" BEFORE UPDATE ON "enrollment" FOR EACH ROW EXECUTE FUNCTION "enrollment_changed"()`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "course_removed" ON "course"`);
    await queryRunner.query(`DROP FUNCTION "course_removed"()`);
    await queryRunner.query(`DROP TABLE "course_removal"`);
    await queryRunner.query(`DROP TRIGGER "enrollment_changed" ON "enrollment"`);
    await queryRunner.query(`DROP FUNCTION "enrollment_changed"()`);
    await queryRunner.query(`DROP TRIGGER "course_changed" ON "course"`);
    await queryRunner.query(`DROP FUNCTION "course_changed"()`);
    await queryRunner.query(`DROP INDEX "public"."enrollment_changes"`);
    await queryRunner.query(`DROP INDEX "public"."course_changes"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP COLUMN "updatedAt"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "firstPublishedAt"`);
  }
}
