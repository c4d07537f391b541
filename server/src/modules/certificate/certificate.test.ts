import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { pdfText } from '../../test/pdf-text';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import { completionDate, fitSize, renderCertificatePdf, scriptRuns } from './certificate-pdf';
import { Certificate } from './certificate.entity';
import { User } from '../user/user.entity';
import { LessonProgress } from '../progress/lesson-progress.entity';

let course: Course;
let lessons: Lesson[];
let student: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  course = await makeCourse(given.db, { name: 'Physics for Class 9', price: 20, instructor: 'Nusrat Jahan' }, ['Motion', 'Force', 'Energy']);
  lessons = await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  await makeUser(given.db, { email: 'student@example.com', name: 'Rahim Uddin' }, 'student password');
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'boss password');
  student = await signedInClient(given.app.url, 'student@example.com', 'student password');
  await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, paymentMethod: "pm_card_visa" }) { status } }`, { id: course.id });
});

const FIELDS = 'number course studentName instructor issuedAt revoked pdfURL verifyURL';
const COMPLETE = `mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: true) { courseProgress { percent } certificate { ${FIELDS} } } }`;
type CertificateAnswer = {
  number: string;
  course: string;
  studentName: string;
  instructor: string;
  issuedAt: string;
  revoked: boolean;
  pdfURL: string;
  verifyURL: string;
};

async function completeAll(firstTime = true): Promise<CertificateAnswer> {
  let last: CertificateAnswer | null = null;
  for (const lesson of lessons) {
    const { data } = await student.graphql<{ setLessonCompleted: { certificate: CertificateAnswer | null } }>(COMPLETE, { id: lesson.id });
    last = data!.setLessonCompleted.certificate;
    if (firstTime && lesson !== lessons[lessons.length - 1]) expect(last).toBeNull();
  }
  return last!;
}

const pathOf = (url: string) => new URL(url).pathname;

describe('certificates', () => {
  it('are issued in the same transaction as the completion that earns them: when issuing fails, the last lesson stays not done', async () => {
    for (const lesson of lessons.slice(0, -1)) await student.graphql(COMPLETE, { id: lesson.id });
    // The database refuses any new certificate, as a crash between the two writes would leave it.
    await given.db.query(`CREATE FUNCTION refuse_certificate() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'no certificates now'; END $$`);
    await given.db.query(`CREATE TRIGGER refuse_certificate BEFORE INSERT ON certificate FOR EACH ROW EXECUTE FUNCTION refuse_certificate()`);
    try {
      const last = lessons[lessons.length - 1];
      const refused = await student.graphql(COMPLETE, { id: last.id });
      expect(refused.errors).toHaveLength(1);
      expect(await given.db.getRepository(LessonProgress).findOneBy({ lessonId: last.id })).toBeNull();
    } finally {
      await given.db.query(`DROP TRIGGER refuse_certificate ON certificate`);
      await given.db.query(`DROP FUNCTION refuse_certificate()`);
    }
    // Done again once the database takes certificates: the completion and its certificate come together.
    const certificate = await completeAll(false);
    expect(certificate.studentName).toBe('Rahim Uddin');
    expect(await given.db.getRepository(LessonProgress).countBy({ courseId: course.id })).toBe(lessons.length);
  });

  it('issues one when the last lesson is done, with the student, course, instructor, date and number', async () => {
    const certificate = await completeAll();
    expect(certificate).toMatchObject({ course: 'Physics for Class 9', studentName: 'Rahim Uddin', instructor: 'Nusrat Jahan', revoked: false });
    expect(certificate.number).toMatch(/^SHK-[0-9A-Z]{10}$/);
    expect(pathOf(certificate.verifyURL)).toBe(`/certificate/${certificate.number}`);

    const response = await student.request(pathOf(certificate.pdfURL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(await response.arrayBuffer());
    for (const line of [
      'Certificate of Completion',
      'Rahim Uddin',
      'Physics for Class 9',
      'Instructor: Nusrat Jahan',
      `Completed on ${completionDate(new Date(certificate.issuedAt))}`,
      `Certificate number: ${certificate.number}`,
      `Verify at ${certificate.verifyURL}`,
    ]) {
      expect(text).toContain(line);
    }
  });

  it("is written in a Bangla student's language: Bangla labels, Bengali digits in the date; the English copy downloads too", async () => {
    await given.db.getRepository(User).update({ email: 'student@example.com' }, { language: 'bn', name: 'রহিম উদ্দিন' });
    const certificate = await completeAll();
    const bangla = await pdfText(await (await student.request(pathOf(certificate.pdfURL))).arrayBuffer());
    const date = completionDate(new Date(certificate.issuedAt), 'bn');
    expect(date).toMatch(/^[০-৯]+ \S+,? [০-৯]{4}$/);
    expect(bangla).toMatch(/[০-৯]{1,2} \S+ ?[০-৯]{4}/);
    // A PDF's text layer keeps Bangla in the order its glyphs are drawn (vowel signs before their
    // consonant, reph moved), so lines are compared by their letters: consonants, digits and Latin.
    const letters = (line: string) => line.replace(/[^\u0985-\u0994\u0995-\u09b9\u09dc-\u09df\u09e6-\u09efA-Za-z0-9:]/g, '').replace(/র/g, '');
    for (const line of [
      'কোর্স সমাপ্তির সার্টিফিকেট',
      'রহিম উদ্দিন',
      'Physics for Class 9',
      'ইন্সট্রাক্টর: Nusrat Jahan',
      `শেষ করার তারিখ: ${date}`,
      `সার্টিফিকেট নম্বর: ${certificate.number}`,
      `যাচাই করুন: ${certificate.verifyURL}`,
    ]) {
      expect(letters(bangla)).toContain(letters(line));
    }
    // No English label is left on the Bangla certificate: only the course's and instructor's names from the data.
    // (pdf-parse adds its own "-- 1 of 1 --" page marker.)
    const latinWords =
      bangla
        .replace(/-- \d+ of \d+ --/g, '')
        .replace(certificate.verifyURL, '')
        .replace(certificate.number, '')
        .match(/[A-Za-z]{2,}/g) ?? [];
    expect(latinWords.filter((word) => !['Physics', 'for', 'Class', 'Nusrat', 'Jahan'].includes(word))).toEqual([]);

    const { data } = await student.graphql<{ myCertificates: Array<{ english: string }> }>(`{ myCertificates { english: pdfURL(language: "en") } }`);
    const english = await pdfText(
      await (await student.request(pathOf(data!.myCertificates[0].english) + new URL(data!.myCertificates[0].english).search)).arrayBuffer(),
    );
    expect(english).toContain('Certificate of Completion');
    expect(english).toContain(`Completed on ${completionDate(new Date(certificate.issuedAt))}`);
    expect(english).not.toContain('সার্টিফিকেট');
  });

  it('is issued once: a lesson undone and done again, or a second look, gives the same certificate and the same file', async () => {
    const first = await completeAll();
    await student.graphql(`mutation ($id: ID!) { setLessonCompleted(lessonId: $id, completed: false) { lessonId } }`, { id: lessons[0].id });
    const again = await completeAll(false);
    expect(again.number).toBe(first.number);
    expect(await given.db.getRepository(Certificate).count()).toBe(1);
    const one = Buffer.from(await (await new HttpClient(given.app.url).request(pathOf(first.pdfURL))).arrayBuffer());
    const two = Buffer.from(await (await new HttpClient(given.app.url).request(pathOf(first.pdfURL))).arrayBuffer());
    expect(one.equals(two)).toBe(true);
  });

  it('lists the student’s certificates and shows one to anyone by its number, without email or phone', async () => {
    const issued = await completeAll();
    const mine = await student.graphql<{ myCertificates: CertificateAnswer[] }>(`{ myCertificates { ${FIELDS} } }`);
    expect(mine.data!.myCertificates).toEqual([issued]);
    const visitor = new HttpClient(given.app.url);
    const { data } = await visitor.graphql<{ certificate: CertificateAnswer }>(`query ($n: String!) { certificate(number: $n) { ${FIELDS} } }`, {
      n: issued.number.toLowerCase(),
    });
    expect(data!.certificate).toEqual(issued);
    const withEmail = await visitor.graphql(`query ($n: String!) { certificate(number: $n) { email } }`, { n: issued.number });
    expect(withEmail.errors![0].extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    for (const unknown of ['SHK-0000000000', 'nonsense', '']) {
      expect(
        (await visitor.graphql<{ certificate: null }>(`query ($n: String!) { certificate(number: $n) { number } }`, { n: unknown })).data!.certificate,
      ).toBeNull();
    }
    expect((await visitor.request('/api/certificates/SHK-0000000000/pdf')).status).toBe(404);
    expect((await visitor.graphql(`{ myCertificates { number } }`)).errors![0].extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('gives none while lessons remain', async () => {
    await student.graphql(COMPLETE, { id: lessons[0].id });
    const { data } = await student.graphql<{ enrollment: { certificate: null }; myCertificates: [] }>(
      `query ($id: ID!) { enrollment(courseId: $id) { certificate { number } } myCertificates { number } }`,
      { id: course.id },
    );
    expect(data).toEqual({ enrollment: { certificate: null }, myCertificates: [] });
  });

  it('shows as revoked after a refund, and its PDF is no longer handed out', async () => {
    const issued = await completeAll();
    const admin = await signedInClient(given.app.url, 'boss@example.com', 'boss password');
    const enrollmentId = (await given.db.query<Array<{ id: string }>>(`SELECT id FROM enrollment`))[0].id;
    const refund = await admin.graphql(`mutation ($id: ID!) { refundEnrollment(enrollmentId: $id, refundCase: COURSE_CANCELLED) { percent } }`, {
      id: enrollmentId,
    });
    expect(refund.errors).toBeUndefined();
    const { data } = await new HttpClient(given.app.url).graphql<{ certificate: CertificateAnswer }>(
      `query ($n: String!) { certificate(number: $n) { revoked studentName } }`,
      { n: issued.number },
    );
    expect(data!.certificate).toEqual({ revoked: true, studentName: 'Rahim Uddin' });
    const pdf = await new HttpClient(given.app.url).request(pathOf(issued.pdfURL));
    expect(pdf.status).toBe(403);
    expect(await pdf.json()).toMatchObject({ message: 'This certificate was revoked' });
  });
});

describe('the certificate PDF', () => {
  it('writes Bangla names with the bundled Bengali font and everything else with its Latin face', async () => {
    expect(scriptRuns('রহিম উদ্দিন (Rahim)')).toEqual([
      { bengali: true, text: 'রহিম' },
      { bengali: false, text: ' ' },
      { bengali: true, text: 'উদ্দিন' },
      { bengali: false, text: ' (Rahim)' },
    ]);
    const facts = {
      number: 'SHK-ABCDEFGHJK',
      studentName: 'রহিম উদ্দিন',
      course: 'Bangla 101',
      instructor: 'Nusrat',
      issuedAt: new Date('2026-11-23T10:00:00Z'),
      verifyURL: 'https://shikhon.example.com/certificate/SHK-ABCDEFGHJK',
    };
    const pdf = await renderCertificatePdf(facts);
    const latinOnly = await renderCertificatePdf({ ...facts, studentName: 'Rahim Uddin' });
    // Both faces are embedded (subset names like ABCDEF+NotoSansBengali); the Latin-only one needs one less font.
    const fonts = (bytes: Buffer) => new Set(bytes.toString('latin1').match(/\/BaseFont \/[A-Z]{6}\+[A-Za-z-]+/g));
    expect(fonts(pdf).size).toBe(fonts(latinOnly).size + 1);
    expect([...fonts(pdf)].every((name) => name.includes('NotoSansBengali'))).toBe(true);
    // The same facts make the same file.
    expect((await renderCertificatePdf(facts)).equals(pdf)).toBe(true);
    expect(await pdfText(pdf)).toContain('Completed on 23 November 2026');
  });

  it('sets a very long name or course title smaller so it stays on the page, and all of it is there', async () => {
    expect(fitSize(22, 400, 600)).toBe(22);
    expect(fitSize(22, 1200, 600)).toBe(11);
    const course = `Higher Mathematics ${'and Statistics '.repeat(9)}`.trim();
    const pdf = await renderCertificatePdf({
      number: 'SHK-ABCDEFGHJK',
      studentName: 'Rahim',
      course,
      instructor: 'Nusrat',
      issuedAt: new Date('2026-11-23T10:00:00Z'),
      verifyURL: 'https://shikhon.example.com/certificate/SHK-ABCDEFGHJK',
    });
    expect((await pdfText(pdf)).replace(/\s+/g, ' ')).toContain(course);
  });
});
