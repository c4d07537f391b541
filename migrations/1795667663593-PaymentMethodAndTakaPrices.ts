import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PaymentMethodAndTakaPrices1795667663593 implements MigrationInterface {
  name = 'PaymentMethodAndTakaPrices1795667663593';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "payment" ADD "method" text`);
    await queryRunner.query(`ALTER TABLE "payment" ADD "methodLast4" text`);
    await queryRunner.query(`CREATE INDEX "IDX_1fe3212a0fc1e58f4760f5da8c" ON "payment"  ("method") `);
    // Paid courses without a taka price (the old import never set one) get the price the editor and
    // the import propose: dollars at USD_TO_BDT, to the nearest 10 taka below 500 and 50 above, at least 10.
    const configured = Number(process.env.USD_TO_BDT);
    const usdToBdt = Number.isFinite(configured) && configured > 0 ? configured : 120;
    await queryRunner.query(
      `UPDATE "course" SET "priceBDT" = GREATEST(10, CASE WHEN "price" * $1 < 500 THEN round("price" * $1 / 10) * 10 ELSE round("price" * $1 / 50) * 50 END)
       WHERE "price" > 0 AND "priceBDT" = 0`,
      [usdToBdt],
    );
    // Refunds were audited with their amount but not its currency: it is the payment's.
    await queryRunner.query(
      `UPDATE "audit_entry" a SET "detail" = a."detail" || jsonb_build_object('currency', p."currency")
       FROM "enrollment" e JOIN "payment" p ON p."id" = e."paymentId"
       WHERE a."action" = 'REFUND_ENROLLMENT' AND a."targetId" = e."id"::text AND a."detail" ? 'amountCents' AND NOT a."detail" ? 'currency'`,
    );
    await queryRunner.query(`ALTER TABLE "course" ADD CONSTRAINT "course_paid_has_taka_price" CHECK ("price" = 0 OR "priceBDT" > 0)`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course" DROP CONSTRAINT "course_paid_has_taka_price"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_1fe3212a0fc1e58f4760f5da8c"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP COLUMN "methodLast4"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP COLUMN "method"`);
  }
}
