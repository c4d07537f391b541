import type { MigrationInterface, QueryRunner } from 'typeorm';

export class BundleWithdrawal1795942053764 implements MigrationInterface {
  name = 'BundleWithdrawal1795942053764';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bundle" ADD "withdrawnAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "bundle" DROP COLUMN "withdrawnAt"`);
  }
}
