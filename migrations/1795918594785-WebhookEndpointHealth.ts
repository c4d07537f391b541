import type { MigrationInterface, QueryRunner } from 'typeorm';

export class WebhookEndpointHealth1795918594785 implements MigrationInterface {
  name = 'WebhookEndpointHealth1795918594785';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "failingSince" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" ADD "disabledAt" TIMESTAMP WITH TIME ZONE`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "disabledAt"`);
    await queryRunner.query(`ALTER TABLE "webhook_endpoint" DROP COLUMN "failingSince"`);
  }
}
