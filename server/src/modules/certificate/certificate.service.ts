import { latinDigits } from '../../shared/digits';
import { randomInt } from 'node:crypto';
import DataLoader from 'dataloader';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { Viewer } from '../../kernel/viewer';
import { Course } from '../course/course.entity';
import type { Enrollment } from '../enrollment/enrollment.entity';
import { User } from '../user/user.entity';
import { renderCertificatePdf } from './certificate-pdf';
import type { Language } from '../../i18n/languages';
import { emitWebhookEvent } from '../integration/webhook-events';
import { WebhookEventType } from '../integration/webhook.entity';
import { Certificate } from './certificate.entity';

// Crockford's base 32: no I, L, O or U, so a number read aloud or typed is not mistaken.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const NUMBER_PATTERN = /^SHK-[0-9A-HJKMNP-TV-Z]{10}$/;

/** A new certificate number, e.g. SHK-7Q2M9XK4TD: 50 random bits, so numbers cannot be guessed. */
export function newCertificateNumber(): string {
  let body = '';
  for (let i = 0; i < 10; i += 1) body += ALPHABET[randomInt(ALPHABET.length)];
  return `SHK-${body}`;
}

export const verifyURLOf = (publicUrl: string, number: string) => new URL(`/certificate/${encodeURIComponent(number)}`, publicUrl).toString();
export const pdfURLOf = (publicUrl: string, number: string, language?: Language) =>
  new URL(`/api/certificates/${encodeURIComponent(number)}/pdf${language ? `?lang=${language}` : ''}`, publicUrl).toString();

/** The certificate's PDF in the other language than it was issued in (or the same): drawn from its stored facts. */
export function certificatePdfIn(certificate: Certificate, language: Language, publicUrl: string): Promise<Buffer> {
  const { number, studentName, course, instructor, issuedAt } = certificate;
  return renderCertificatePdf({ number, studentName, course, instructor, issuedAt, verifyURL: verifyURLOf(publicUrl, number) }, language);
}

/**
 * Issues the enrollment's certificate, inside the transaction (`manager`) that completes the course's
 * last lesson (progress.service.ts), so a completion is never kept without its certificate. Once per
 * enrollment: a second call (two tabs finishing at once, a lesson undone and done again) keeps the
 * first. The PDF is drawn on its first download (certificatePdf), so finishing a lesson stays quick.
 */
export async function issueCertificate(
  manager: EntityManager,
  enrollment: Pick<Enrollment, 'id' | 'studentId' | 'courseId' | 'email'>,
  publicUrl: string,
): Promise<void> {
  const student = await manager.getRepository(User).findOneByOrFail({ id: enrollment.studentId });
  const course = await manager.getRepository(Course).findOneByOrFail({ id: enrollment.courseId });
  const number = newCertificateNumber();
  const issuedAt = new Date();
  const facts = { number, studentName: student.name, course: course.name, instructor: course.instructor, issuedAt };
  // Two completions at once (two tabs): the unique enrollment index keeps the first.
  const inserted = await manager
    .getRepository(Certificate)
    .createQueryBuilder()
    .insert()
    .values({ ...facts, enrollmentId: enrollment.id, studentId: student.id, courseId: course.id, pdf: null })
    .orIgnore()
    .returning('id')
    .execute();
  if ((inserted.raw as unknown[]).length === 0) return;
  await emitWebhookEvent(manager, WebhookEventType.CERTIFICATE_ISSUED, {
    certificateNumber: number,
    enrollmentId: enrollment.id,
    studentId: student.id,
    studentName: student.name,
    email: enrollment.email,
    courseId: course.id,
    courseName: course.name,
    issuedAt: issuedAt.toISOString(),
    verifyURL: verifyURLOf(publicUrl, number),
  });
}

/**
 * The certificate's PDF in the student's language: the stored file, or, on the first download,
 * drawn and stored (a download racing it gets the file stored first), so every download of a
 * certificate is the same file.
 */
export async function certificatePdf(db: DataSource, certificate: Certificate, publicUrl: string): Promise<Buffer> {
  const repo = db.getRepository(Certificate);
  const stored = await repo.findOne({ select: { id: true, pdf: true }, where: { id: certificate.id } });
  if (stored?.pdf) return stored.pdf;
  const student = await db.getRepository(User).findOneBy({ id: certificate.studentId });
  const pdf = await certificatePdfIn(certificate, student?.language ?? 'en', publicUrl);
  await repo.createQueryBuilder().update().set({ pdf }).where('id = :id AND pdf IS NULL', { id: certificate.id }).execute();
  const kept = await repo.findOne({ select: { id: true, pdf: true }, where: { id: certificate.id } });
  return kept?.pdf ?? pdf;
}

/** Per request: each enrollment's certificate (or null), in one query for a whole list. */
export function createCertificateByEnrollmentLoader(db: DataSource): DataLoader<string, Certificate | null> {
  return new DataLoader(async (enrollmentIds: readonly string[]) => {
    const rows = await db.getRepository(Certificate).find({ where: { enrollmentId: In([...enrollmentIds]) }, relations: { enrollment: true } });
    const byEnrollment = new Map(rows.map((row) => [row.enrollmentId, row]));
    return enrollmentIds.map((id) => byEnrollment.get(id) ?? null);
  });
}

/** A certificate by its number, for anyone; null for a number that was never issued. */
export function findCertificate(db: DataSource, number: string): Promise<Certificate | null> {
  const normalized = latinDigits(number).trim().toUpperCase();
  if (!NUMBER_PATTERN.test(normalized)) return Promise.resolve(null);
  return db.getRepository(Certificate).findOne({ where: { number: normalized }, relations: { enrollment: true } });
}

/** The signed-in student's certificates, newest first. */
export function listMyCertificates(db: DataSource, viewer: Viewer): Promise<Certificate[]> {
  return db.getRepository(Certificate).find({ where: { studentId: viewer.id }, relations: { enrollment: true }, order: { issuedAt: 'DESC' } });
}

/** A certificate is revoked when its enrollment was refunded. */
export const isRevoked = (certificate: Certificate) => Boolean(certificate.enrollment?.revokedAt);
