import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sign-in codes asked for past the daily SMS budget wait in the outbox (`heldAt`) instead of being
 * refused; an SMS names the code it carries (`signInCodeId`), whose expiry is set only once the SMS is
 * handed over (null until then), so a code that waited still works for its full five minutes.
 */
export class CodesWaitForTheSmsBudget1795690116766 implements MigrationInterface {
  name = 'CodesWaitForTheSmsBudget1795690116766';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "signInCodeId" uuid`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "heldAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "sign_in_code" ALTER COLUMN "expiresAt" DROP NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_706016dc18acfe209d9b31424f" ON "outbox_message"  ("heldAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_706016dc18acfe209d9b31424f"`);
    // Codes never sent cannot work: they end when they were made.
    await queryRunner.query(`UPDATE "sign_in_code" SET "expiresAt" = "createdAt" WHERE "expiresAt" IS NULL`);
    await queryRunner.query(`ALTER TABLE "sign_in_code" ALTER COLUMN "expiresAt" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "heldAt"`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "signInCodeId"`);
  }
}
