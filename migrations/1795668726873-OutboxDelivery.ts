import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OutboxDelivery1795668726873 implements MigrationInterface {
  name = 'OutboxDelivery1795668726873';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "failedAttempts" integer NOT NULL DEFAULT '0'`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "lastError" text`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "gaveUpAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`CREATE INDEX "IDX_d0316bbd30ef93ee05bb39c7d7" ON "outbox_message"  ("gaveUpAt") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_d0316bbd30ef93ee05bb39c7d7"`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "gaveUpAt"`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "lastError"`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "failedAttempts"`);
  }
}
