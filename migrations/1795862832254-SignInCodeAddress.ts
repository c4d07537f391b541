import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The address that asked for each sign-in code, to watch how many of its codes are used (SMS pumping). */
export class SignInCodeAddress1795862832254 implements MigrationInterface {
  name = 'SignInCodeAddress1795862832254';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sign_in_code" ADD "addressKey" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sign_in_code" DROP COLUMN "addressKey"`);
  }
}
