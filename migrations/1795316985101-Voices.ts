import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Voices1795316985101 implements MigrationInterface {
  name = 'Voices1795316985101';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."inbox_kind" AS ENUM('COMPLAINT', 'CONTACT', 'SUBSCRIPTION')`);
    await queryRunner.query(
      `CREATE TABLE "inbox_message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "kind" "public"."inbox_kind" NOT NULL, "name" text, "email" text NOT NULL, "phone" text, "subject" text, "message" text, "handled" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_bbd15267b116fd3c45f459a65fa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_3dce3d200c91d5df5608092fec" ON "inbox_message"  ("kind") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "inbox_subscription_email" ON "inbox_message"  ("email") WHERE "kind" = 'SUBSCRIPTION'`);
    await queryRunner.query(`ALTER TABLE "blog" ADD "authorId" uuid`);
    await queryRunner.query(`ALTER TABLE "blog" ADD "hidden" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "review" ADD "authorId" uuid`);
    await queryRunner.query(`ALTER TABLE "review" ADD "courseId" uuid`);
    await queryRunner.query(`ALTER TABLE "review" ADD "rating" smallint`);
    await queryRunner.query(`ALTER TABLE "review" ADD "title" text`);
    await queryRunner.query(`ALTER TABLE "review" ADD "hidden" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`ALTER TABLE "review" ADD "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now()`);
    await queryRunner.query(`CREATE INDEX "IDX_a5db1fc5911a8cbe6d7570ea50" ON "review"  ("courseId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "review_author_course" ON "review"  ("authorId", "courseId") WHERE "authorId" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."review_author_course"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a5db1fc5911a8cbe6d7570ea50"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "updatedAt"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "hidden"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "title"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "rating"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "courseId"`);
    await queryRunner.query(`ALTER TABLE "review" DROP COLUMN "authorId"`);
    await queryRunner.query(`ALTER TABLE "blog" DROP COLUMN "hidden"`);
    await queryRunner.query(`ALTER TABLE "blog" DROP COLUMN "authorId"`);
    await queryRunner.query(`DROP INDEX "public"."inbox_subscription_email"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3dce3d200c91d5df5608092fec"`);
    await queryRunner.query(`DROP TABLE "inbox_message"`);
    await queryRunner.query(`DROP TYPE "public"."inbox_kind"`);
  }
}
