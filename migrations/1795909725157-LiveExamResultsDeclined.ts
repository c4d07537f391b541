import type { MigrationInterface, QueryRunner } from 'typeorm';

export class LiveExamResultsDeclined1795909725157 implements MigrationInterface {
  name = 'LiveExamResultsDeclined1795909725157';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "live_exam_results_declined" ("userId" uuid NOT NULL, "createdAt" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_0e34cede34147afb642ebbf372d" PRIMARY KEY ("userId"))`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "live_exam_results_declined"`);
  }
}
