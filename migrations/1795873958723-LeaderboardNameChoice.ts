import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Leaderboards show a first name and an initial unless a student chooses their full name or none.
 * Those who had hidden their name keep it hidden; everyone else starts from the default (a full
 * name was shown before without anyone choosing it).
 */
export class LeaderboardNameChoice1795873958723 implements MigrationInterface {
  name = 'LeaderboardNameChoice1795873958723';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leaderboard_preference" ADD "nameShown" text NOT NULL DEFAULT 'FIRST_NAME_AND_INITIAL'`);
    await queryRunner.query(`UPDATE "leaderboard_preference" SET "nameShown" = 'NONE' WHERE "hideName"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_preference" DROP COLUMN "hideName"`);
    await queryRunner.query(
      `ALTER TABLE "leaderboard_preference" ADD CONSTRAINT "leaderboard_preference_shown" CHECK ("nameShown" IN ('FIRST_NAME_AND_INITIAL', 'FULL_NAME', 'NONE'))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "leaderboard_preference" DROP CONSTRAINT "leaderboard_preference_shown"`);
    await queryRunner.query(`ALTER TABLE "leaderboard_preference" ADD "hideName" boolean NOT NULL DEFAULT false`);
    await queryRunner.query(`UPDATE "leaderboard_preference" SET "hideName" = ("nameShown" = 'NONE')`);
    await queryRunner.query(`ALTER TABLE "leaderboard_preference" DROP COLUMN "nameShown"`);
  }
}
