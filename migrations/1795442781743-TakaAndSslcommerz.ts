import type { MigrationInterface, QueryRunner } from 'typeorm';

export class TakaAndSslcommerz1795442781743 implements MigrationInterface {
  name = 'TakaAndSslcommerz1795442781743';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sslcommerz_sandbox_transaction" ("sessionKey" text NOT NULL, "tranId" text NOT NULL, "amountPoisha" integer NOT NULL, "paidPoisha" integer, "currency" text NOT NULL, "status" text NOT NULL, "valId" text, "bankTranId" text, "cardType" text, "riskLevel" smallint NOT NULL DEFAULT '0', "request" jsonb NOT NULL, "refunds" jsonb NOT NULL DEFAULT '[]', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_131ac678068b731022d2d70397b" PRIMARY KEY ("sessionKey"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_62d9a101a28bd98cc8b9b8b18b" ON "sslcommerz_sandbox_transaction"  ("tranId") `);
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_ce3dfe731ed5f1916dbcdee43c" ON "sslcommerz_sandbox_transaction"  ("valId") WHERE "valId" IS NOT NULL`);
    await queryRunner.query(`CREATE INDEX "IDX_d89de9a35f31c49834e0d62830" ON "sslcommerz_sandbox_transaction"  ("bankTranId") `);
    await queryRunner.query(`ALTER TABLE "course" ADD "priceBDT" integer NOT NULL DEFAULT '0'`);
    // Taka prices for the courses there are, at the default rate (120), rounded as the editor proposes.
    await queryRunner.query(
      `UPDATE "course" SET "priceBDT" = CASE WHEN price = 0 THEN 0 WHEN price * 120 < 500 THEN GREATEST(10, round(price * 120 / 10) * 10) ELSE round(price * 120 / 50) * 50 END`,
    );
    await queryRunner.query(`ALTER TABLE "payment" ADD "actionUrl" text`);
    await queryRunner.query(`ALTER TABLE "refund" ADD "status" text NOT NULL DEFAULT 'succeeded'`);
    await queryRunner.query(`ALTER TYPE "public"."payment_status" ADD VALUE 'HELD'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE TYPE "public"."payment_status_old" AS ENUM('PENDING', 'REQUIRES_ACTION', 'SUCCEEDED', 'FAILED', 'REFUNDED')`);
    await queryRunner.query(
      `ALTER TABLE "payment" ALTER COLUMN "status" TYPE "public"."payment_status_old" USING "status"::"text"::"public"."payment_status_old"`,
    );
    await queryRunner.query(`DROP TYPE "public"."payment_status"`);
    await queryRunner.query(`ALTER TYPE "public"."payment_status_old" RENAME TO "payment_status"`);
    await queryRunner.query(`ALTER TABLE "refund" DROP COLUMN "status"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP COLUMN "actionUrl"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "priceBDT"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_d89de9a35f31c49834e0d62830"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_ce3dfe731ed5f1916dbcdee43c"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_62d9a101a28bd98cc8b9b8b18b"`);
    await queryRunner.query(`DROP TABLE "sslcommerz_sandbox_transaction"`);
  }
}
