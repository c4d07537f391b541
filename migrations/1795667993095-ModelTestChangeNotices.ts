import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A course's "Total quiz" (Course.quizCount) counts its published model tests: a change to them is a catalogue change. */
export class ModelTestChangeNotices1795667993095 implements MigrationInterface {
  name = 'ModelTestChangeNotices1795667993095';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TRIGGER "model_test_catalogue_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "model_test"
       FOR EACH STATEMENT EXECUTE FUNCTION "notify_catalogue_changed"()`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "model_test_catalogue_changed" ON "model_test"`);
  }
}
