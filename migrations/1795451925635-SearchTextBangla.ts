import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search compares texts in one form (server/src/modules/course/search-text.ts, which holds the
 * same rule for the visitor's text): NFC, no invisible marks, lower case, Latin digits, and Bangla
 * class words as "class N". `search_text` is that rule in SQL; a trigger keeps the course's
 * "searchName" and "searchDocument" in that form on every insert and update, whoever writes, and
 * the search indexes move onto them. Stored columns rather than expression indexes: search tests
 * many rows outside the index (the common words, the walk along the names), and those rows then
 * read the stored text instead of computing it again. A later change of the rule runs
 * `UPDATE "course" SET "name" = "name"` after replacing the function.
 */
const INVISIBLE = '\u00AD\u034F\u200B\u200C\u200D\u200E\u200F\u202A\u202B\u202C\u202D\u202E\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068\u2069\uFEFF';
const CLASS_WORDS = ['শ্রেণি', 'শ্রেণী', 'ক্লাস'];
const ORDINALS = ['প্রথম', 'দ্বিতীয়', 'তৃতীয়', 'চতুর্থ', 'পঞ্চম', 'ষষ্ঠ', 'সপ্তম', 'অষ্টম', 'নবম', 'দশম', 'একাদশ', 'দ্বাদশ'];
const BANGLA = 'ঀ-৿';

function searchTextSql(): string {
  let sql = `lower(normalize(translate($1, '${INVISIBLE}', ''), NFC))`;
  sql = `translate(${sql}, '০১২৩৪৫৬৭৮৯', '0123456789')`;
  for (const word of CLASS_WORDS) sql = `replace(${sql}, '${word}', 'class')`;
  sql = `regexp_replace(${sql}, '([0-9]+)(ম|য়|র্থ|ষ্ঠ|শ)(?![${BANGLA}])', 'class \\1', 'g')`;
  ORDINALS.forEach((word, i) => {
    sql = `regexp_replace(${sql}, '(?<![${BANGLA}])${word}(?![${BANGLA}])', 'class ${i + 1}', 'g')`;
  });
  sql = `regexp_replace(${sql}, 'class( class)+(?![a-z])', 'class', 'g')`;
  sql = `regexp_replace(${sql}, 'class ([0-9]+) class(?![a-z]| [0-9])', 'class \\1', 'g')`;
  return sql.normalize('NFC');
}

export class SearchTextBangla1795451925635 implements MigrationInterface {
  name = 'SearchTextBangla1795451925635';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE FUNCTION "search_text"(text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$ SELECT ${searchTextSql()} $$`);
    await queryRunner.query(`ALTER TABLE "course" ADD "searchName" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`ALTER TABLE "course" ADD "searchDocument" text NOT NULL DEFAULT ''`);
    await queryRunner.query(`CREATE FUNCTION "course_search_columns"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        NEW."searchName" := search_text(NEW."name");
        NEW."searchDocument" := search_text(NEW."name" || ' ' || NEW."instructor" || ' ' || NEW."description");
        RETURN NEW;
      END $$`);
    await queryRunner.query(
      `CREATE TRIGGER "course_search_columns" BEFORE INSERT OR UPDATE ON "course" FOR EACH ROW EXECUTE FUNCTION "course_search_columns"()`,
    );
    await queryRunner.query(`UPDATE "course" SET "name" = "name"`);
    await queryRunner.query(`DROP INDEX "course_search_trgm"`);
    await queryRunner.query(`DROP INDEX "course_search_name_order"`);
    await queryRunner.query(`DROP INDEX "course_search_name_trgm"`);
    // fastupdate off, as before: see the SearchIndexes migration.
    await queryRunner.query(`CREATE INDEX "course_search_trgm" ON "course" USING gin ("searchDocument" gin_trgm_ops) WITH (fastupdate = off)`);
    await queryRunner.query(`CREATE INDEX "course_search_name_order" ON "course" (("searchName" COLLATE "C"), "id") WHERE "published"`);
    await queryRunner.query(
      `CREATE INDEX "course_search_name_trgm" ON "course" USING gin (("searchName" COLLATE "C") gin_trgm_ops) WITH (fastupdate = off) WHERE "published"`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "course_search_name_trgm"`);
    await queryRunner.query(`DROP INDEX "course_search_name_order"`);
    await queryRunner.query(`DROP INDEX "course_search_trgm"`);
    await queryRunner.query(
      `CREATE INDEX "course_search_trgm" ON "course" USING gin ((lower("name" || ' ' || "instructor" || ' ' || "description")) gin_trgm_ops) WITH (fastupdate = off)`,
    );
    await queryRunner.query(`CREATE INDEX "course_search_name_order" ON "course" ((lower("name") COLLATE "C"), "id") WHERE "published"`);
    await queryRunner.query(
      `CREATE INDEX "course_search_name_trgm" ON "course" USING gin ((lower("name") COLLATE "C") gin_trgm_ops) WITH (fastupdate = off) WHERE "published"`,
    );
    await queryRunner.query(`DROP TRIGGER "course_search_columns" ON "course"`);
    await queryRunner.query(`DROP FUNCTION "course_search_columns"()`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "searchDocument"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "searchName"`);
    await queryRunner.query(`DROP FUNCTION "search_text"(text)`);
  }
}
