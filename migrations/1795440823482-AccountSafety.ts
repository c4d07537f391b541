import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AccountSafety1795440823482 implements MigrationInterface {
  name = 'AccountSafety1795440823482';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "email_verification" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "userId" uuid NOT NULL, "tokenHash" text NOT NULL, "email" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b985a8362d9dac51e3d6120d40e" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_95b3bd492c85e471cd5e72277b" ON "email_verification"  ("userId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_204ae4f04c2c003ab9d42b1b7c" ON "email_verification"  ("tokenHash") `);
    await queryRunner.query(`ALTER TABLE "user" ADD "emailVerifiedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "user" ADD "sessionVersion" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "user" ADD "instructorApprovedAt" TIMESTAMP WITH TIME ZONE`);
    // Instructors who already had their courses on sale keep publishing directly.
    await queryRunner.query(
      `UPDATE "user" u SET "instructorApprovedAt" = now() WHERE u.role = 'INSTRUCTOR' AND EXISTS (SELECT 1 FROM course c WHERE c."instructorId" = u.id AND c.published)`,
    );
    await queryRunner.query(`ALTER TABLE "course" ADD "reviewRequestedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "course" ADD "reviewNote" text`);
    await queryRunner.query(`ALTER TABLE "user" ALTER COLUMN "passwordHash" DROP NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "email_verification" ADD CONSTRAINT "FK_95b3bd492c85e471cd5e72277be" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "email_verification" DROP CONSTRAINT "FK_95b3bd492c85e471cd5e72277be"`);
    await queryRunner.query(`ALTER TABLE "user" ALTER COLUMN "passwordHash" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "reviewNote"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "reviewRequestedAt"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "instructorApprovedAt"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "sessionVersion"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "emailVerifiedAt"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_204ae4f04c2c003ab9d42b1b7c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_95b3bd492c85e471cd5e72277b"`);
    await queryRunner.query(`DROP TABLE "email_verification"`);
  }
}
