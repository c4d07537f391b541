import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CatalogueCounts1795908430624 implements MigrationInterface {
  name = 'CatalogueCounts1795908430624';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "catalogue_count" ("name" text NOT NULL, "count" integer NOT NULL, CONSTRAINT "PK_8aa7abf7afe9755fba44219bb87" PRIMARY KEY ("name"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "catalogue_instructor" ("key" text NOT NULL, "courses" integer NOT NULL, CONSTRAINT "PK_26729e393d77f15e9323acd4c2c" PRIMARY KEY ("key"))`,
    );

    // Courses shown (the catalogue's condition, visible-courses.json: "published") and their
    // instructors, kept once per statement from the rows it changed. Instructor rows are locked in
    // the order of their keys, then the counts, so two writers never wait on each other in a circle.
    await queryRunner.query(`CREATE FUNCTION "catalogue_count_courses"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added text[] := '{}';
  removed text[] := '{}';
  shown integer;
  gained integer;
  lost integer;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    added := ARRAY(SELECT coalesce("instructorId"::text, lower("instructor")) FROM new_rows WHERE "published");
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    removed := ARRAY(SELECT coalesce("instructorId"::text, lower("instructor")) FROM old_rows WHERE "published");
  END IF;
  shown := cardinality(added) - cardinality(removed);
  WITH changes AS (
    SELECT "key", sum("d")::int AS "d" FROM (SELECT unnest(added) AS "key", 1 AS "d" UNION ALL SELECT unnest(removed), -1) AS c
    WHERE "key" IS NOT NULL GROUP BY "key" HAVING sum("d") <> 0
  ), applied AS (
    INSERT INTO "catalogue_instructor" AS i ("key", "courses") SELECT "key", "d" FROM changes ORDER BY "key"
    ON CONFLICT ("key") DO UPDATE SET "courses" = i."courses" + EXCLUDED."courses"
    RETURNING i."key", i."courses"
  )
  SELECT count(*) FILTER (WHERE a."courses" > 0 AND a."courses" - c."d" <= 0), count(*) FILTER (WHERE a."courses" <= 0 AND a."courses" - c."d" > 0)
    INTO gained, lost FROM applied a JOIN changes c USING ("key");
  IF lost > 0 THEN
    DELETE FROM "catalogue_instructor" WHERE "courses" <= 0 AND "key" = ANY (added || removed);
  END IF;
  IF shown <> 0 THEN
    INSERT INTO "catalogue_count" AS k ("name", "count") VALUES ('courses', shown) ON CONFLICT ("name") DO UPDATE SET "count" = k."count" + EXCLUDED."count";
  END IF;
  IF gained - lost <> 0 THEN
    INSERT INTO "catalogue_count" AS k ("name", "count") VALUES ('instructors', gained - lost) ON CONFLICT ("name") DO UPDATE SET "count" = k."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_courses_inserted" AFTER INSERT ON "course" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_courses"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_courses_updated" AFTER UPDATE ON "course" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_courses"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_courses_deleted" AFTER DELETE ON "course" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_courses"()`,
    );

    // Students: accounts with the student role that are not closed.
    await queryRunner.query(`CREATE FUNCTION "catalogue_count_students"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer := 0;
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    delta := delta + (SELECT count(*) FROM new_rows WHERE "role" = 'STUDENT' AND "deletedAt" IS NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    delta := delta - (SELECT count(*) FROM old_rows WHERE "role" = 'STUDENT' AND "deletedAt" IS NULL);
  END IF;
  IF delta <> 0 THEN
    INSERT INTO "catalogue_count" AS k ("name", "count") VALUES ('students', delta) ON CONFLICT ("name") DO UPDATE SET "count" = k."count" + EXCLUDED."count";
  END IF;
  RETURN NULL;
END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_students_inserted" AFTER INSERT ON "user" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_students"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_students_updated" AFTER UPDATE ON "user" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_students"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "catalogue_count_students_deleted" AFTER DELETE ON "user" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_count_students"()`,
    );

    // The figures of the rows already there.
    await queryRunner.query(`INSERT INTO "catalogue_instructor" ("key", "courses")
      SELECT coalesce("instructorId"::text, lower("instructor")), count(*) FROM "course"
      WHERE "published" AND coalesce("instructorId"::text, lower("instructor")) IS NOT NULL GROUP BY 1`);
    await queryRunner.query(`INSERT INTO "catalogue_count" ("name", "count") VALUES
      ('courses', (SELECT count(*) FROM "course" WHERE "published")),
      ('students', (SELECT count(*) FROM "user" WHERE "role" = 'STUDENT' AND "deletedAt" IS NULL)),
      ('instructors', (SELECT count(*) FROM "catalogue_instructor"))`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    for (const moment of ['inserted', 'updated', 'deleted']) {
      await queryRunner.query(`DROP TRIGGER "catalogue_count_students_${moment}" ON "user"`);
      await queryRunner.query(`DROP TRIGGER "catalogue_count_courses_${moment}" ON "course"`);
    }
    await queryRunner.query(`DROP FUNCTION "catalogue_count_students"()`);
    await queryRunner.query(`DROP FUNCTION "catalogue_count_courses"()`);
    await queryRunner.query(`DROP TABLE "catalogue_instructor"`);
    await queryRunner.query(`DROP TABLE "catalogue_count"`);
  }
}
