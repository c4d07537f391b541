import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LegacyChargeRequests1795441328593 implements MigrationInterface {
  name = 'LegacyChargeRequests1795441328593';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "legacy_charge_request" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "studentId" uuid NOT NULL, "amountCents" integer NOT NULL, "paymentMethod" text NOT NULL, "billingDetails" jsonb, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_63ab6eb01e694b6d89733d103aa" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_b24ea7a8f68a1bd6eecde9055e" ON "legacy_charge_request"  ("studentId") `);
    await queryRunner.query(
      `ALTER TABLE "legacy_charge_request" ADD CONSTRAINT "FK_b24ea7a8f68a1bd6eecde9055e1" FOREIGN KEY ("studentId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "legacy_charge_request" DROP CONSTRAINT "FK_b24ea7a8f68a1bd6eecde9055e1"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b24ea7a8f68a1bd6eecde9055e"`);
    await queryRunner.query(`DROP TABLE "legacy_charge_request"`);
  }
}
