import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Password reset and email confirmation links run out a set time after their mail is handed to the
 * SMTP server, not after the request: `expiresAt` is null until then, and the outbox message names
 * the link it carries (`linkKind`, `linkId`) so its delivery starts the link.
 */
export class LinksRunFromDelivery1795870000000 implements MigrationInterface {
  name = 'LinksRunFromDelivery1795870000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "password_reset" ALTER COLUMN "expiresAt" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "email_verification" ALTER COLUMN "expiresAt" DROP NOT NULL`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "linkKind" character varying(32)`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "linkId" uuid`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "linkId"`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "linkKind"`);
    // A link still waiting for its mail gets the lifetime it would have had from its request.
    await queryRunner.query(`UPDATE "password_reset" SET "expiresAt" = "createdAt" + interval '30 minutes' WHERE "expiresAt" IS NULL`);
    await queryRunner.query(`UPDATE "email_verification" SET "expiresAt" = "createdAt" + interval '48 hours' WHERE "expiresAt" IS NULL`);
    await queryRunner.query(`ALTER TABLE "email_verification" ALTER COLUMN "expiresAt" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "password_reset" ALTER COLUMN "expiresAt" SET NOT NULL`);
  }
}
