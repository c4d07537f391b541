import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A sign-in code belongs to the browser that asked for it: `browserHash` is a keyed hash of the
 * random token in that browser's httpOnly code cookie. Guesses from anywhere else never reach the
 * code, so a stranger can neither use it up nor end it.
 */
export class CodesBelongToTheirBrowser1795710000000 implements MigrationInterface {
  name = 'CodesBelongToTheirBrowser1795710000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sign_in_code" ADD "browserHash" text`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "sign_in_code" DROP COLUMN "browserHash"`);
  }
}
