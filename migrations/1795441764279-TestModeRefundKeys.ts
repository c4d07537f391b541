import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TestModeRefundKeys1795441764279 implements MigrationInterface {
  name = 'TestModeRefundKeys1795441764279';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "test_mode_payment" ADD "refundsByKey" jsonb NOT NULL DEFAULT '{}'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "test_mode_payment" DROP COLUMN "refundsByKey"`);
  }
}
