import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookSecretRotation1795875206563 implements MigrationInterface {
  name = 'WebhookSecretRotation1795875206563';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previousSecretEncrypted" text`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "previousSecretExpiresAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previousSecretExpiresAt"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "previousSecretEncrypted"`);
  }
}
