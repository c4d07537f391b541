import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Certificates are issued when the last lesson is done (no longer when first read), and their PDF
 * is drawn on the first download. Enrollments whose every lesson was done before this change, and
 * whose certificate was never read (so never issued), get theirs now, as reading it would have
 * given them: dated when the last lesson was done, names as they are today, the PDF left to its
 * first download. Numbers as newCertificateNumber makes them: SHK- and 10 of Crockford's base 32.
 */
export class CertificatesIssuedOnCompletion1795680276603 implements MigrationInterface {
  name = 'CertificatesIssuedOnCompletion1795680276603';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "certificate" ALTER COLUMN "pdf" DROP NOT NULL`);
    await queryRunner.query(`
      INSERT INTO "certificate" ("number", "enrollmentId", "studentId", "courseId", "studentName", "course", "instructor", "issuedAt", "pdf")
      SELECT
        'SHK-' || (SELECT string_agg(substr('0123456789ABCDEFGHJKMNPQRSTVWXYZ', 1 + floor(random() * 32)::int, 1), '')
                   FROM generate_series(1, 10) WHERE e.id IS NOT NULL),
        e.id, e."studentId", e."courseId", u.name, c.name, c.instructor, done."lastDone", NULL
      FROM "enrollment" e
      JOIN "user" u ON u.id = e."studentId"
      JOIN "course" c ON c.id = e."courseId"
      JOIN LATERAL (
        SELECT count(*) AS lessons,
               count(p."completedAt") AS completed,
               max(p."completedAt") AS "lastDone"
        FROM "lesson" l
        LEFT JOIN "lesson_progress" p ON p."lessonId" = l.id AND p."studentId" = e."studentId" AND p."completedAt" IS NOT NULL
        WHERE l."courseId" = e."courseId"
      ) done ON done.lessons > 0 AND done.completed = done.lessons
      WHERE e."revokedAt" IS NULL
        AND NOT EXISTS (SELECT 1 FROM "certificate" existing WHERE existing."enrollmentId" = e.id)
      ON CONFLICT DO NOTHING
    `);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DELETE FROM "certificate" WHERE "pdf" IS NULL`);
    await queryRunner.query(`ALTER TABLE "certificate" ALTER COLUMN "pdf" SET NOT NULL`);
  }
}
