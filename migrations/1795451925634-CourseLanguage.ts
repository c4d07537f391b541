import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The language a course is taught in; every course before it was taught in English. */
export class CourseLanguage1795451925634 implements MigrationInterface {
  name = 'CourseLanguage1795451925634';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."course_language" AS ENUM('bn', 'en')`);
    await queryRunner.query(`ALTER TABLE "course" ADD "language" "public"."course_language" NOT NULL DEFAULT 'en'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "language"`);
    await queryRunner.query(`DROP TYPE "public"."course_language"`);
  }
}
