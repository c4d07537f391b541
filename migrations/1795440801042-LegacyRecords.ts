import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LegacyRecords1795440801042 implements MigrationInterface {
  name = 'LegacyRecords1795440801042';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "legacy_record" ("collection" text NOT NULL, "legacyId" text NOT NULL, "entityId" uuid NOT NULL, "fingerprint" text NOT NULL, "importedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), "updatedAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_8a20a6b151abd5dd8d441beeb5a" PRIMARY KEY ("collection", "legacyId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "legacy_record"`);
  }
}
