import { useAppPerFile } from '../../test/app-per-file';
import { countStatements } from '../../db/query-counter';
import { clientOperation } from '../../test/client-operations';
import { makeCourse, makeUser } from '../../test/factories';
import { signedInClient } from '../../test/http-client';
import { toViewer, type Viewer } from '../../kernel/viewer';
import { Certificate } from '../certificate/certificate.entity';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import type { User } from '../user/user.entity';
import { LessonProgress } from './lesson-progress.entity';
import { CertificatesIssuedOnCompletion1795680276603 } from '../../../../migrations/1795680276603-CertificatesIssuedOnCompletion';

const given = useAppPerFile();

let issuedSoFar = 0;

/** Enrolls the student in `count` new courses of two lessons, the first lesson done in each, the whole course in every third. */
async function enrollIn(student: User, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const course = await makeCourse(given.db);
    const enrollment = await given.db.getRepository(Enrollment).save({
      studentId: student.id,
      courseId: course.id,
      courseName: course.name,
      courseDescription: course.description,
      courseImage: null,
      email: student.email!,
      transactionID: null,
      transactionAmount: null,
      paymentId: null,
    });
    const lessons = await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
    const done = i % 3 === 0 ? lessons : lessons.slice(0, 1);
    await given.db
      .getRepository(LessonProgress)
      .insert(done.map((lesson) => ({ studentId: student.id, lessonId: lesson.id, courseId: course.id, completedAt: new Date(), lastPositionSeconds: 0 })));
    if (i % 3 === 0) {
      await given.db.getRepository(Certificate).insert({
        number: `SHK-${String((issuedSoFar += 1)).padStart(10, '0')}`,
        enrollmentId: enrollment.id,
        studentId: student.id,
        courseId: course.id,
        studentName: student.name,
        course: course.name,
        instructor: course.instructor,
        pdf: null,
      });
    }
  }
}

type MyCourses = { myEnrollments: Array<{ progress: { completed: number; total: number }; certificate: { number: string } | null }> };

async function myCoursesStatements(viewer: Viewer): Promise<{ statements: number; data: MyCourses }> {
  const { result, statements } = await countStatements(() => given.app.execute(clientOperation('MyCourses'), 'MyCourses', undefined, viewer));
  expect(JSON.stringify(result.errors)).toBeUndefined();
  return { statements, data: result.data as MyCourses };
}

describe('My Courses', () => {
  it('runs the same number of SQL statements for 1 and for 20 enrollments, and writes nothing', async () => {
    const one = await makeUser(given.db);
    await enrollIn(one, 1);
    const many = await makeUser(given.db);
    await enrollIn(many, 20);
    const certificatesBefore = await given.db.getRepository(Certificate).count();

    const few = await myCoursesStatements(toViewer(one));
    const lots = await myCoursesStatements(toViewer(many));
    expect(few.data.myEnrollments).toHaveLength(1);
    expect(lots.data.myEnrollments).toHaveLength(20);
    expect(lots.statements).toBe(few.statements);
    // The enrollments, their courses, the progress and the certificates (one each), the teachers'
    // announcements (one), and the four recommended courses with their lessons and figures (five):
    // ten, whatever the count.
    expect(lots.statements).toBe(10);

    // The answers are right: 7 finished courses with their certificates, 13 half done without.
    const finished = lots.data.myEnrollments.filter((e) => e.progress.completed === e.progress.total);
    expect(finished).toHaveLength(7);
    expect(finished.every((e) => e.certificate !== null)).toBe(true);
    expect(lots.data.myEnrollments.filter((e) => e.certificate === null)).toHaveLength(13);
    expect(lots.data.myEnrollments.every((e) => e.progress.total === 2)).toBe(true);
    // Reading issues nothing.
    expect(await given.db.getRepository(Certificate).count()).toBe(certificatesBefore);
  });
});

describe('saving the video position', () => {
  it('is one SQL statement, and refuses a lesson of a course the student is not enrolled in', async () => {
    const student = await makeUser(given.db, { email: 'student@example.com' }, 'student password');
    await enrollIn(student, 1);
    const [enrollment] = await given.db.getRepository(Enrollment).findBy({ studentId: student.id });
    const [lesson] = await given.db.getRepository(Lesson).find({ where: { courseId: enrollment.courseId }, order: { position: 'DESC' } });
    const SAVE = 'mutation ($id: ID!, $s: Int!) { saveLessonPosition(lessonId: $id, seconds: $s) { lessonId lastPosition } }';

    const { result, statements } = await countStatements(() => given.app.execute(SAVE, undefined, { id: lesson.id, s: 42 }, toViewer(student)));
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({ saveLessonPosition: { lessonId: lesson.id, lastPosition: 42 } });
    expect(statements).toBe(1);
    expect(await given.db.getRepository(LessonProgress).findOneByOrFail({ studentId: student.id, lessonId: lesson.id })).toMatchObject({
      lastPositionSeconds: 42,
      // A lesson done stays done.
      completedAt: expect.any(Date) as Date,
    });
    expect(await given.db.getRepository(Enrollment).findOneByOrFail({ id: enrollment.id })).toMatchObject({ lastLessonId: lesson.id });

    const other = await makeCourse(given.db);
    const [foreign] = await given.db.getRepository(Lesson).findBy({ courseId: other.id });
    const client = await signedInClient(given.app.url, 'student@example.com', 'student password');
    const refused = await client.graphql(SAVE, { id: foreign.id, s: 5 });
    expect(refused.errors![0].extensions).toMatchObject({ code: 'NOT_ENROLLED' });
    expect(await given.db.getRepository(LessonProgress).countBy({ lessonId: foreign.id })).toBe(0);
  });
});

describe('certificates of courses finished before they were issued on completion', () => {
  it('are issued by the migration, dated when the last lesson was done, and download', async () => {
    const student = await makeUser(given.db, { name: 'Rahim Uddin' });
    await enrollIn(student, 3);
    // As before this change: finished courses whose certificate was never read have none.
    await given.db.getRepository(Certificate).clear();
    const lastDone = new Date('2026-10-01T10:00:00Z');
    await given.db.getRepository(LessonProgress).update({ studentId: student.id }, { completedAt: lastDone });

    const runner = given.db.createQueryRunner();
    try {
      await new CertificatesIssuedOnCompletion1795680276603().up(runner);
    } finally {
      await runner.release();
    }
    // The first course was finished (enrollIn finishes every third); the other two are half done.
    const issued = await given.db.getRepository(Certificate).find();
    expect(issued).toHaveLength(1);
    expect(issued[0]).toMatchObject({ studentName: 'Rahim Uddin', issuedAt: lastDone });
    expect(issued[0].number).toMatch(/^SHK-[0-9A-HJKMNP-TV-Z]{10}$/);

    const pdf = await fetch(`${given.app.url}/api/certificates/${issued[0].number}/pdf`);
    expect(pdf.status).toBe(200);
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // Drawn once, on the first download, and kept.
    const again = Buffer.from(await (await fetch(`${given.app.url}/api/certificates/${issued[0].number}/pdf`)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });
});
