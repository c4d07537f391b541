import type { MigrationInterface, QueryRunner } from 'typeorm';

export class AuditLog1795440846427 implements MigrationInterface {
  name = 'AuditLog1795440846427';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "audit_entry" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "actorId" uuid NOT NULL, "actorEmail" text NOT NULL, "action" text NOT NULL, "targetType" text NOT NULL, "targetId" text NOT NULL, "detail" jsonb NOT NULL DEFAULT '{}', "address" text NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_58a130a4b9da189f46ba2a01801" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "audit_entry_action_newest" ON "audit_entry"  ("action", "createdAt", "id") `);
    await queryRunner.query(`CREATE INDEX "audit_entry_newest" ON "audit_entry"  ("createdAt", "id") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."audit_entry_newest"`);
    await queryRunner.query(`DROP INDEX "public"."audit_entry_action_newest"`);
    await queryRunner.query(`DROP TABLE "audit_entry"`);
  }
}
