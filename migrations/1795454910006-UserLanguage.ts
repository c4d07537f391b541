import type { MigrationInterface, QueryRunner } from 'typeorm';

export class UserLanguage1795454910006 implements MigrationInterface {
  name = 'UserLanguage1795454910006';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" ADD "language" character varying(2) NOT NULL DEFAULT 'en'`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "user" DROP COLUMN "language"`);
  }
}
