import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1795313475683 implements MigrationInterface {
  name = 'Accounts1795313475683';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."user_role" AS ENUM('STUDENT', 'INSTRUCTOR', 'ADMIN')`);
    await queryRunner.query(
      `CREATE TABLE "user" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "email" text NOT NULL, "passwordHash" text NOT NULL, "phone" text, "date" date, "role" "public"."user_role" NOT NULL DEFAULT 'STUDENT', "previousRole" "public"."user_role", "image" text, "eduQualification" text, "contactEmail" text, "deletedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_cace4a159ff9f2512dd42373760" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "user_email_unique" ON "user"  ("email") `);
    await queryRunner.query(
      `CREATE TABLE "password_reset" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "tokenHash" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8515e60a2cc41584fa4784f52ce" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_05baebe80e9f8fab8207eda250" ON "password_reset"  ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_dc6908de54eb09f588adfdb285" ON "password_reset"  ("tokenHash") `);
    await queryRunner.query(
      `CREATE TABLE "refresh_token" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "familyId" uuid NOT NULL, "secretHash" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "revokedAt" TIMESTAMP WITH TIME ZONE, "replacedBy" uuid, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b575dd3c21fb0831013c909e7fe" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_8e913e288156c133999341156a" ON "refresh_token"  ("userId") `);
    await queryRunner.query(`CREATE INDEX "IDX_b803086815f2d539fe7a0349d1" ON "refresh_token"  ("familyId") `);
    await queryRunner.query(
      `CREATE TABLE "outbox_message" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "to" text NOT NULL, "subject" text NOT NULL, "text" text NOT NULL, "sentAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_2f36ee5236f2793f3e7bd554589" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_3f635cd555fc67fb1f9f347b8a" ON "outbox_message"  ("to") `);
    await queryRunner.query(`CREATE INDEX "IDX_6c93ddfdef67a9b53966ccaaed" ON "outbox_message"  ("createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "rate_limit" ("key" text NOT NULL, "hits" integer NOT NULL, "resetAt" TIMESTAMP WITH TIME ZONE NOT NULL, CONSTRAINT "PK_e6c0c0608decdf78e4d4b263397" PRIMARY KEY ("key"))`,
    );
    await queryRunner.query(
      `ALTER TABLE "password_reset" ADD CONSTRAINT "FK_05baebe80e9f8fab8207eda250c" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "refresh_token" ADD CONSTRAINT "FK_8e913e288156c133999341156ad" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "refresh_token" DROP CONSTRAINT "FK_8e913e288156c133999341156ad"`);
    await queryRunner.query(`ALTER TABLE "password_reset" DROP CONSTRAINT "FK_05baebe80e9f8fab8207eda250c"`);
    await queryRunner.query(`DROP TABLE "rate_limit"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_6c93ddfdef67a9b53966ccaaed"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_3f635cd555fc67fb1f9f347b8a"`);
    await queryRunner.query(`DROP TABLE "outbox_message"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b803086815f2d539fe7a0349d1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_8e913e288156c133999341156a"`);
    await queryRunner.query(`DROP TABLE "refresh_token"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_dc6908de54eb09f588adfdb285"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_05baebe80e9f8fab8207eda250"`);
    await queryRunner.query(`DROP TABLE "password_reset"`);
    await queryRunner.query(`DROP INDEX "public"."user_email_unique"`);
    await queryRunner.query(`DROP TABLE "user"`);
    await queryRunner.query(`DROP TYPE "public"."user_role"`);
  }
}
