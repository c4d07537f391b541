import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Bundles1795931477513 implements MigrationInterface {
  name = 'Bundles1795931477513';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "bundle" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "name" text NOT NULL, "courseIds" uuid array NOT NULL, "priceCents" integer NOT NULL, "createdById" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_637e3f87e837d6532109c198dea" PRIMARY KEY ("id"))`,
    );
    await queryRunner.query(`ALTER TABLE "payment" ADD "bundle" jsonb`);
    // Bundles show on the home page and their own page, drawn by the server and kept in the public
    // response cache: a change to one forgets what is kept, as for the catalogue's other tables.
    await queryRunner.query(
      `CREATE TRIGGER "bundle_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bundle"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "bundle_catalogue_changed" ON "bundle"`);
    await queryRunner.query(`ALTER TABLE "payment" DROP COLUMN "bundle"`);
    await queryRunner.query(`DROP TABLE "bundle"`);
  }
}
