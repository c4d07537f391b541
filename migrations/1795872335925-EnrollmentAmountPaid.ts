import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An enrollment says what was paid with its currency (`amountPaidMinor`, `amountPaidCurrency`):
 * from its payment where it has one, in dollars for an old platform record with an amount (the
 * import kept dollar amounts only), nothing for a free course.
 */
export class EnrollmentAmountPaid1795872335925 implements MigrationInterface {
  name = 'EnrollmentAmountPaid1795872335925';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "enrollment" ADD "amountPaidMinor" integer`);
    await queryRunner.query(`ALTER TABLE "enrollment" ADD "amountPaidCurrency" character varying(3)`);
    await queryRunner.query(
      `UPDATE "enrollment" e SET "amountPaidMinor" = p."amountCents", "amountPaidCurrency" = CASE WHEN lower(p."currency") = 'usd' THEN 'usd' ELSE 'bdt' END FROM "payment" p WHERE p."id" = e."paymentId"`,
    );
    await queryRunner.query(
      `UPDATE "enrollment" SET "amountPaidMinor" = round("transactionAmount" * 100), "amountPaidCurrency" = CASE WHEN "transactionAmount" = 0 THEN 'bdt' ELSE 'usd' END WHERE "paymentId" IS NULL AND "transactionAmount" IS NOT NULL`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "enrollment" DROP COLUMN "amountPaidCurrency"`);
    await queryRunner.query(`ALTER TABLE "enrollment" DROP COLUMN "amountPaidMinor"`);
  }
}
