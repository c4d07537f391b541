import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Coupons1795920595463 implements MigrationInterface {
  name = 'Coupons1795920595463';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "coupon" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "code" text NOT NULL, "percentOff" integer, "amountOffCents" integer, "courseIds" uuid array NOT NULL DEFAULT '{}', "expiresAt" TIMESTAMP WITH TIME ZONE, "maxUses" integer, "maxUsesPerStudent" integer NOT NULL DEFAULT '1', "minPriceCents" integer, "createdById" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_fcbe9d72b60eed35f46dc35a682" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_62d3c5b0ce63a82c48e86d904b" ON "coupon"  ("code") `);
    await queryRunner.query(
      `CREATE TABLE "coupon_redemption" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "couponId" uuid NOT NULL, "studentId" uuid NOT NULL, "courseId" uuid NOT NULL, "paymentId" uuid, "discountCents" integer NOT NULL, "currency" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_f5688d83448944dc48a38c6027a" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_a1defd8156fc22ee4fbed0f00b" ON "coupon_redemption"  ("paymentId") `);
    await queryRunner.query(`CREATE INDEX "coupon_redemption_coupon_student" ON "coupon_redemption"  ("couponId", "studentId") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."coupon_redemption_coupon_student"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_a1defd8156fc22ee4fbed0f00b"`);
    await queryRunner.query(`DROP TABLE "coupon_redemption"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_62d3c5b0ce63a82c48e86d904b"`);
    await queryRunner.query(`DROP TABLE "coupon"`);
  }
}
