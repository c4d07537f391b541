import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LessonVideos1795452854958 implements MigrationInterface {
  name = 'LessonVideos1795452854958';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "lesson_video" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "lessonId" uuid NOT NULL, "uploadedById" uuid NOT NULL, "status" text NOT NULL, "progress" integer NOT NULL DEFAULT '0', "error" text, "fileName" text NOT NULL, "sizeBytes" bigint NOT NULL, "durationSeconds" integer, "renditions" text array NOT NULL DEFAULT '{}', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_ddfb00dc35a3c857190a78797a1" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "lesson_video_lesson" ON "lesson_video"  ("lessonId", "createdAt") `);
    await queryRunner.query(
      `ALTER TABLE "lesson_video" ADD CONSTRAINT "FK_ab7797b24495f7baea03e33cbec" FOREIGN KEY ("lessonId") REFERENCES "lesson"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "lesson_video" DROP CONSTRAINT "FK_ab7797b24495f7baea03e33cbec"`);
    await queryRunner.query(`DROP INDEX "public"."lesson_video_lesson"`);
    await queryRunner.query(`DROP TABLE "lesson_video"`);
  }
}
