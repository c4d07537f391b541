import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CourseAnnouncements1795921552571 implements MigrationInterface {
  name = 'CourseAnnouncements1795921552571';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "course_announcement" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "courseId" uuid NOT NULL, "courseName" text NOT NULL, "authorId" uuid NOT NULL, "authorName" text NOT NULL, "title" text NOT NULL, "text" text NOT NULL, "sentAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_45de69eb3bfd84f866076a5342e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "course_announcement_course_newest" ON "course_announcement"  ("courseId", "createdAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."course_announcement_course_newest"`);
    await queryRunner.query(`DROP TABLE "course_announcement"`);
  }
}
