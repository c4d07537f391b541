import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CourseOwner1795316028453 implements MigrationInterface {
  name = 'CourseOwner1795316028453';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course" ADD "instructorId" uuid`);
    await queryRunner.query(`CREATE INDEX "IDX_32d94af473bb59d808d9a68e17" ON "course"  ("instructorId") `);
    await queryRunner.query(
      `ALTER TABLE "course" ADD CONSTRAINT "FK_32d94af473bb59d808d9a68e17b" FOREIGN KEY ("instructorId") REFERENCES "user"("id") ON DELETE SET NULL ON UPDATE NO ACTION`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "course" DROP CONSTRAINT "FK_32d94af473bb59d808d9a68e17b"`);
    await queryRunner.query(`DROP INDEX "public"."IDX_32d94af473bb59d808d9a68e17"`);
    await queryRunner.query(`ALTER TABLE "course" DROP COLUMN "instructorId"`);
  }
}
