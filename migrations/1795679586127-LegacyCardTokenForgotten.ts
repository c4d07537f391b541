import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LegacyCardTokenForgotten1795679586127 implements MigrationInterface {
  name = 'LegacyCardTokenForgotten1795679586127';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "legacy_charge_request" ALTER COLUMN "paymentMethod" DROP NOT NULL`);
    // Card tokens of requests already used are not kept.
    await queryRunner.query(`UPDATE "legacy_charge_request" SET "paymentMethod" = NULL WHERE "usedAt" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    // A used request's token is gone for good; an empty text stands in for it.
    await queryRunner.query(`UPDATE "legacy_charge_request" SET "paymentMethod" = '' WHERE "paymentMethod" IS NULL`);
    await queryRunner.query(`ALTER TABLE "legacy_charge_request" ALTER COLUMN "paymentMethod" SET NOT NULL`);
  }
}
