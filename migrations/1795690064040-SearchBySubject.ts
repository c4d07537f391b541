import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search uses the syllabus: a course's searched text ends with its subject's Bangla and English
 * names, so "গণিত" finds "Class 10 Higher Mathematics (SSC)" (subject উচ্চতর গণিত / Higher
 * Mathematics) and "physics" finds "পদার্থবিজ্ঞান ৯-১০" (subject পদার্থবিজ্ঞান / Physics). The
 * trigger of the SearchTextBangla migration reads the subject on every insert and update of a
 * course, so a course given a subject (or another one) is found by it at once; renaming a subject
 * writes its courses' searched text again. The names sit in "searchDocument" only, not in
 * "searchName": a course named after its subject still ranks above one that only teaches it.
 */
export class SearchBySubject1795690064040 implements MigrationInterface {
  name = 'SearchBySubject1795690064040';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "course_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        subject_names text;
      BEGIN
        IF NEW."subjectId" IS NOT NULL THEN
          SELECT s."nameBn" || ' ' || s."nameEn" INTO subject_names FROM "subject" s WHERE s."id" = NEW."subjectId";
        END IF;
        NEW."searchName" := search_text(NEW."name");
        NEW."searchDocument" := search_text(NEW."name" || ' ' || NEW."instructor" || ' ' || NEW."description" || coalesce(' ' || subject_names, ''));
        RETURN NEW;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION "subject_search_names"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE "course" SET "subjectId" = "subjectId" WHERE "subjectId" = NEW."id";
        RETURN NULL;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "subject_search_names" AFTER UPDATE OF "nameBn", "nameEn" ON "subject" FOR EACH ROW EXECUTE FUNCTION "subject_search_names"()`,
    );
    await queryRunner.query(`UPDATE "course" SET "subjectId" = "subjectId" WHERE "subjectId" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "subject_search_names" ON "subject"`);
    await queryRunner.query(`DROP FUNCTION "subject_search_names"()`);
    await queryRunner.query(`CREATE OR REPLACE FUNCTION "course_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."searchName" := search_text(NEW."name");
        NEW."searchDocument" := search_text(NEW."name" || ' ' || NEW."instructor" || ' ' || NEW."description");
        RETURN NEW;
      END $$`);
    await queryRunner.query(`UPDATE "course" SET "subjectId" = "subjectId" WHERE "subjectId" IS NOT NULL`);
  }
}
