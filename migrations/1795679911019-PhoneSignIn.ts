import type { MigrationInterface, QueryRunner } from 'typeorm';

export class PhoneSignIn1795679911019 implements MigrationInterface {
  name = 'PhoneSignIn1795679911019';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "sign_in_code" ("id" uuid NOT NULL, "phone" text NOT NULL, "purpose" character varying(16) NOT NULL, "userId" uuid, "codeHash" text NOT NULL, "expiresAt" TIMESTAMP WITH TIME ZONE NOT NULL, "usedAt" TIMESTAMP WITH TIME ZONE, "failedAttempts" integer NOT NULL DEFAULT '0', "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_80e522b641e5908c185e75fc3b9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "IDX_e23ca886dc78bcd49be7489b14" ON "sign_in_code"  ("userId") `);
    await queryRunner.query(`CREATE INDEX "IDX_caf291a97a2a0509dc3732b19f" ON "sign_in_code"  ("phone", "purpose", "createdAt") `);
    await queryRunner.query(
      `CREATE TABLE "sign_in_code_stat" ("day" date NOT NULL, "kind" character varying(16) NOT NULL, "count" integer NOT NULL DEFAULT '0', CONSTRAINT "PK_65189507ba38670dea0629e0f4e" PRIMARY KEY ("day", "kind"))`,
    );
    await queryRunner.query(`ALTER TABLE "user" ADD "phoneConfirmedAt" TIMESTAMP WITH TIME ZONE`);
    await queryRunner.query(`ALTER TABLE "outbox_message" ADD "channel" character varying(8) NOT NULL DEFAULT 'mail'`);
    await queryRunner.query(`ALTER TABLE "user" ALTER COLUMN "email" DROP NOT NULL`);
    await queryRunner.query(`CREATE UNIQUE INDEX "user_phone_confirmed_unique" ON "user"  ("phone") WHERE "phoneConfirmedAt" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "sign_in_code" ADD CONSTRAINT "FK_e23ca886dc78bcd49be7489b146" FOREIGN KEY ("userId") REFERENCES "user"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sign_in_code" DROP CONSTRAINT "FK_e23ca886dc78bcd49be7489b146"`);
    await queryRunner.query(`DROP INDEX "public"."user_phone_confirmed_unique"`);
    await queryRunner.query(`ALTER TABLE "user" ALTER COLUMN "email" SET NOT NULL`);
    await queryRunner.query(`ALTER TABLE "outbox_message" DROP COLUMN "channel"`);
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "phoneConfirmedAt"`);
    await queryRunner.query(`DROP TABLE "sign_in_code_stat"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_caf291a97a2a0509dc3732b19f"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_e23ca886dc78bcd49be7489b14"`);
    await queryRunner.query(`DROP TABLE "sign_in_code"`);
  }
}
