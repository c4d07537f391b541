import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The example module's table, as its migration in `migrations/` would make it. */
export class ExampleNoteTable1900000000000 implements MigrationInterface {
  name = 'ExampleNoteTable1900000000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "example_note" ("id" uuid NOT NULL DEFAULT gen_random_uuid(), "text" text NOT NULL, "seen" boolean NOT NULL DEFAULT false, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_example_note" PRIMARY KEY ("id"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "example_note"`);
  }
}
