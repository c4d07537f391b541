import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Catalogue1795312340537 implements MigrationInterface {
  name = 'Catalogue1795312340537';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await queryRunner.query(
      `CREATE TABLE "blog" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "title" text NOT NULL, "img" text, "description" text NOT NULL, "author" text NOT NULL, "reads" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_85c6532ad065a448e9de7638571" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_cba14b9ef77ef8c8d35ff283f0" ON "blog"  ("createdAt") `);
    await queryRunner.query(`CREATE TYPE "public"."course_category" AS ENUM('SCHOOL', 'PROFESSIONAL')`);
    await queryRunner.query(
      `CREATE TABLE "course" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "description" text NOT NULL, "price" numeric(10,2) NOT NULL, "photoURL" text, "ratings" text, "instructor" text NOT NULL, "instructorEmail" text, "keyPoints" text array NOT NULL DEFAULT '{}', "targetedPeoples" text, "whyNeed" text, "category" "public"."course_category" NOT NULL, "classLevel" smallint, "trending" boolean NOT NULL DEFAULT false, "published" boolean NOT NULL DEFAULT true, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "course_class_level_range" CHECK ("classLevel" IS NULL OR ("classLevel" BETWEEN 1 AND 12)), CONSTRAINT "course_price_not_negative" CHECK ("price" >= 0), CONSTRAINT "PK_bf95180dd756fd204fb01ce4916" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_1bbd38968b7ceca0726aa08af1" ON "course"  ("category") `);
    await queryRunner.query(`CREATE INDEX "IDX_b3f54f76574352192621fd2e49" ON "course"  ("classLevel") `);
    await queryRunner.query(
      `CREATE TABLE "lesson" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "courseId" uuid NOT NULL, "title" text NOT NULL, "videoURL" text, "position" integer NOT NULL, CONSTRAINT "PK_0ef25918f0237e68696dee455bd" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "lesson_course_position" ON "lesson"  ("courseId", "position") `);
    await queryRunner.query(
      `CREATE TABLE "review" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "img" text, "text" text NOT NULL, "info" text, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2e4299a343a81574217255c00ca" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_34968765df5f6f3946c2e4573a" ON "review"  ("createdAt") `);
    // Course search: one trigram index over the lower-cased name, instructor and description.
    // The expression must match searchDocumentSql in course.search.ts.
    await queryRunner.query(
      `CREATE INDEX "course_search_trgm" ON "course" USING gin ((lower("name" || ' ' || "instructor" || ' ' || "description")) gin_trgm_ops)`,
    );
    await queryRunner.query(
      `ALTER TABLE "lesson" ADD CONSTRAINT "FK_3801ccf9533a8627c1dcb1e33bf" FOREIGN KEY ("courseId") REFERENCES "course"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."course_search_trgm"`);
    await queryRunner.query(`ALTER TABLE "lesson" DROP CONSTRAINT "FK_3801ccf9533a8627c1dcb1e33bf"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_34968765df5f6f3946c2e4573a"`);
    await queryRunner.query(`DROP TABLE "review"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_course_position"`);
    await queryRunner.query(`DROP TABLE "lesson"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b3f54f76574352192621fd2e49"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1bbd38968b7ceca0726aa08af1"`);
    await queryRunner.query(`DROP TABLE "course"`);
    await queryRunner.query(`DROP TYPE "public"."course_category"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_cba14b9ef77ef8c8d35ff283f0"`);
    await queryRunner.query(`DROP TABLE "blog"`);
  }
}
