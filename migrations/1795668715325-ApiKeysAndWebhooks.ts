import type { MigrationInterface, QueryRunner } from 'typeorm';

export class ApiKeysAndWebhooks1795668715325 implements MigrationInterface {
  name = 'ApiKeysAndWebhooks1795668715325';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "api_key" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "prefix" text NOT NULL, "secretHash" text NOT NULL, "scopes" text array NOT NULL, "createdById" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "lastUsedAt" TIMESTAMP WITH TIME ZONE, "revokedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_b1bd840641b8acbaad89c3d8d11" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE UNIQUE INDEX "IDX_b783aca587d2cfb4c54f2bb321" ON "api_key"  ("secretHash") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_endpoint" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "url" text NOT NULL, "events" text array NOT NULL, "secretEncrypted" text NOT NULL, "createdById" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "deletedAt" TIMESTAMP WITH TIME ZONE, CONSTRAINT "PK_6c98112122b2b8a4f3984d2efa8" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(
      `CREATE TABLE "webhook_delivery" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "endpointId" uuid NOT NULL, "eventId" uuid NOT NULL, "eventType" text NOT NULL, "body" text NOT NULL, "status" text NOT NULL DEFAULT 'PENDING', "attempts" integer NOT NULL DEFAULT '0', "lastStatusCode" integer, "lastError" text, "lastAttemptAt" TIMESTAMP WITH TIME ZONE, "deliveredAt" TIMESTAMP WITH TIME ZONE, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_b1ae290239a778f12399db91354" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "webhook_delivery_endpoint_newest" ON "webhook_delivery"  ("endpointId", "createdAt", "id") `);
    await queryRunner.query(
      `CREATE TABLE "webhook_attempt" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "deliveryId" uuid NOT NULL, "attemptedAt" TIMESTAMP WITH TIME ZONE NOT NULL, "statusCode" integer, "error" text, "durationMs" integer NOT NULL, CONSTRAINT "PK_e4ff77b66cdd20591ba6189a1f9" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`CREATE INDEX "webhook_attempt_delivery" ON "webhook_attempt"  ("deliveryId", "attemptedAt") `);
    await queryRunner.query(`CREATE INDEX "enrollment_oldest_first" ON "enrollment"  ("createdAt", "id") `);
    await queryRunner.query(
      `ALTER TABLE "webhook_delivery" ADD CONSTRAINT "FK_aa80c1d0b71d372bd9d844ada20" FOREIGN KEY ("endpointId") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
    await queryRunner.query(
      `ALTER TABLE "webhook_attempt" ADD CONSTRAINT "FK_4492f1e4aced9619843382a4991" FOREIGN KEY ("deliveryId") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "webhook_attempt" DROP CONSTRAINT "FK_4492f1e4aced9619843382a4991"`);
    await queryRunner.query(`ALTER TABLE "webhook_delivery" DROP CONSTRAINT "FK_aa80c1d0b71d372bd9d844ada20"`);
    await queryRunner.query(`DROP INDEX "public"."enrollment_oldest_first"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_attempt_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook_attempt"`);
    await queryRunner.query(`DROP INDEX "public"."webhook_delivery_endpoint_newest"`);
    await queryRunner.query(`DROP TABLE "webhook_delivery"`);
    await queryRunner.query(`DROP TABLE "webhook_endpoint"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_b783aca587d2cfb4c54f2bb321"`);
    await queryRunner.query(`DROP TABLE "api_key"`);
  }
}
