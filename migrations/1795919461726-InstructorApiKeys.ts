import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Instructors own API keys too: each lists and revokes their own (`api_key.createdById`). */
export class InstructorApiKeys1795919461726 implements MigrationInterface {
  name = 'InstructorApiKeys1795919461726';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE INDEX "IDX_76c1592a8ca784b7b66edfa35d" ON "api_key"  ("createdById") `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."IDX_76c1592a8ca784b7b66edfa35d"`);
  }
}
