import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase, resetDatabase } from '../../test/database';
import { makeUser } from '../../test/factories';
import { requestPasswordReset, resetPassword, verifyCredentials, WRONG_CREDENTIALS } from '../auth/auth.service';
import type { MailMessage } from '../mail/mailer';
import { Blog } from '../blog/blog.entity';
import { Course } from '../course/course.entity';
import { CourseCategory } from '../course/course.enums';
import { Lesson } from '../course/lesson.entity';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Review } from '../review/review.entity';
import { Role } from '../../kernel/role';
import { User } from '../user/user.entity';
import { importLegacyFolder, type CollectionSummary, type ImportProblem } from './legacy-import';
import { NO_PASSWORD_YET } from './import-run';
import { LegacyRecord } from './legacy-record.entity';
import { CourseInput, LessonInput, MAX_LESSONS } from '../course-editing/course.input';
import { CourseLanguage } from '../course/course.enums';
import { inputOf, validateInput } from '../../shared/validation';
import { proposeDollarPrice } from '../../shared/money';

let db: DataSource;
beforeAll(async () => {
  db = await openTestDatabase();
});
afterAll(() => closeTestDatabase(db));
beforeEach(() => resetDatabase(db));

const SAMPLES = path.join(__dirname, 'fixtures');

async function runImport(folder: string, dryRun = false, notes: ImportProblem[] = []) {
  const problems: ImportProblem[] = [];
  const summaries: CollectionSummary[] = [];
  const result = await importLegacyFolder(db, folder, {
    dryRun,
    usdToBdt: 120,
    reporter: { problem: (p) => problems.push(p), note: (n) => notes.push(n), progress: () => undefined, collectionDone: (s) => summaries.push(s) },
  });
  const counts = Object.fromEntries(summaries.map((s) => [s.collection, [s.read, s.created, s.updated, s.unchanged, s.failed]]));
  return { result, problems, summaries, counts };
}

function folderWith(files: Record<string, string>): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'legacy-export-'));
  for (const [name, content] of Object.entries(files)) fs.writeFileSync(path.join(folder, name), content);
  return folder;
}

const lines = (docs: unknown[]) => docs.map((doc) => JSON.stringify(doc)).join('\n') + '\n';

const INSTRUCTOR_COURSE = {
  _id: { $oid: '64b7f0c2a1b2c3d4e5f60001' },
  id: '3f1c2b9a-8d7e-4c6b-9a5f-1e2d3c4b5a69',
  name: 'Physics for Class 9',
  price: { $numberInt: '25' },
  instructor: 'Nusrat Jahan',
  instructorEmail: 'Nusrat@Example.com',
  photoURL: 'https://img.example/physics.jpg',
  description: 'Motion, force and energy.',
  keyPoints: ['Motion', 'Force'],
  ratings: '4.8',
  section: 'Class 9',
  videos: {
    contents: [
      { title: 'Motion', videoURL: 'https://www.youtube.com/embed/a1' },
      { title: 'Force', videoURL: 'https://www.youtube.com/embed/a2' },
    ],
  },
  createdAt: { $date: '2022-05-01T10:00:00Z' },
};

describe('importing the old platform', () => {
  it('imports the old sample files: courses as drafts priced from "$ 550" with a taka price, blogs and reviews', async () => {
    const notes: ImportProblem[] = [];
    const { counts, problems } = await runImport(SAMPLES, false, notes);
    expect(problems).toEqual([]);
    expect(counts).toEqual({ courses: [3, 3, 0, 0, 0], blogs: [3, 3, 0, 0, 0], reviews: [4, 4, 0, 0, 0] });
    const courses = await db.getRepository(Course).find({ order: { price: 'ASC' } });
    // Taka proposed at USD_TO_BDT (120 here), as the course editor proposes it.
    expect(courses.map((c) => [c.name, c.price, c.priceBDT, c.published, c.instructorId, c.ratings])).toEqual([
      ['Sketch from A-Z', 350, 42_000, false, null, '4.1 ratings out of 5'],
      ['Information about UI/UX design', 550, 66_000, false, null, '4.5 ratings out of 5'],
      ['Wordpress for Beginners', 800, 96_000, false, null, '4.3 ratings out of 5'],
    ]);
    // The course editor takes web addresses only: a picture written into the record is left out, and said so.
    expect(courses[0].photoURL).toBeNull();
    expect(notes.map((n) => [n.record, n.reason])).toEqual([[3, 'photo left out: a picture written into the record (data:), not a web address']]);
    const blog = await db.getRepository(Blog).findOneByOrFail({ title: 'Mathematics for all' });
    expect([blog.author, blog.reads, blog.img]).toEqual(['Srib Aldre', 1075, 'https://i.ibb.co/DGN5mf0/math.jpg']);
    const review = await db.getRepository(Review).findOneByOrFail({ name: 'Maisha' });
    expect(review.info).toBe('Student from Sketch Design Course');
  });

  it('changes nothing when run a second time', async () => {
    await runImport(SAMPLES);
    const before = await db.query<Array<{ id: string; updatedAt: Date }>>(`SELECT id, "updatedAt" FROM course ORDER BY id`);
    const { counts } = await runImport(SAMPLES);
    expect(counts).toEqual({ courses: [3, 0, 0, 3, 0], blogs: [3, 0, 0, 3, 0], reviews: [4, 0, 0, 4, 0] });
    expect(await db.query(`SELECT id, "updatedAt" FROM course ORDER BY id`)).toEqual(before);
    expect([await db.getRepository(Blog).count(), await db.getRepository(Review).count(), await db.getRepository(LegacyRecord).count()]).toEqual([3, 4, 10]);
  });

  it('reports what a dry run would do and saves nothing', async () => {
    const { counts } = await runImport(SAMPLES, true);
    expect(counts.courses).toEqual([3, 3, 0, 0, 0]);
    expect([await db.getRepository(Course).count(), await db.getRepository(LegacyRecord).count()]).toEqual([0, 0]);
  });

  it('reads JSON lines with Extended JSON, and makes one instructor account per email that cannot sign in yet', async () => {
    const second = {
      ...INSTRUCTOR_COURSE,
      _id: { $oid: '64b7f0c2a1b2c3d4e5f60002' },
      id: undefined,
      name: 'Force and Energy',
      instructorEmail: 'nusrat@example.com',
      section: 'Trending',
    };
    const folder = folderWith({ 'courses.json': lines([INSTRUCTOR_COURSE, second]) });
    const { counts, problems, result } = await runImport(folder);
    expect(problems).toEqual([]);
    expect(counts.courses).toEqual([2, 2, 0, 0, 0]);
    expect(result.accountsCreated).toBe(1);

    const instructor = await db.getRepository(User).findOneByOrFail({ email: 'nusrat@example.com' });
    expect([instructor.name, instructor.role, instructor.passwordHash]).toEqual(['Nusrat Jahan', Role.INSTRUCTOR, NO_PASSWORD_YET]);
    await expect(verifyCredentials(db, 'nusrat@example.com', '', '10.0.0.1')).rejects.toThrow(WRONG_CREDENTIALS);

    // The way in: a reset link sent to the address, which sets the first password.
    const sent: MailMessage[] = [];
    const auth = {
      db,
      jwtSecret: 'x'.repeat(32),
      publicUrl: 'http://localhost:4000',
      mailer: {
        send: (message: MailMessage) => {
          sent.push(message);
          return Promise.resolve();
        },
        sendSms: () => Promise.reject(new Error('no SMS expected')),
        handOverHeldSms: () => Promise.reject(new Error('no SMS expected')),
      },
    };
    await requestPasswordReset(auth, 'nusrat@example.com', '10.0.0.2');
    const token = new URL(/http\S+/.exec(sent[0].text)![0]).searchParams.get('token')!;
    await resetPassword(auth, token, 'a new password of hers');
    expect((await verifyCredentials(db, 'nusrat@example.com', 'a new password of hers', '10.0.0.3')).id).toBe(instructor.id);

    const course = await db.getRepository(Course).findOneByOrFail({ id: INSTRUCTOR_COURSE.id });
    expect(course).toMatchObject({
      price: 25,
      instructorId: instructor.id,
      instructorEmail: 'nusrat@example.com',
      category: CourseCategory.SCHOOL,
      classLevel: 9,
      published: true,
    });
    expect(course.createdAt.toISOString()).toBe('2022-05-01T10:00:00.000Z');
    const lessons = await db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
    expect(lessons.map((l) => [l.position, l.title, l.videoURL])).toEqual([
      [1, 'Motion', 'https://www.youtube.com/embed/a1'],
      [2, 'Force', 'https://www.youtube.com/embed/a2'],
    ]);
    expect(await db.getRepository(Course).findOneByOrFail({ name: 'Force and Energy' })).toMatchObject({
      category: CourseCategory.PROFESSIONAL,
      trending: true,
      instructorId: instructor.id,
    });
  });

  it('reports each record it cannot import with its reason, and imports the rest', async () => {
    const folder = folderWith({
      'Course.json': JSON.stringify([
        { _id: '1', price: 10 },
        { _id: '2', name: 'Cheap', price: 'free-ish' },
        { _id: '3', name: 'Lost', price: 5, instructorEmail: 'not an email' },
        { _id: '4', name: 'Fine', price: '$ 12.50' },
        { _id: '4', name: 'Fine again', price: 1 },
      ]),
      'reviews.json': '{"_id": "r1", "name": "Masud", "text": "Good"}\n{"_id": "r2", "name": "Broken"\n',
      'enrollments.json': lines([{ _id: 'e1', email: 'student@example.com', courseID: 'no-such-course' }]),
      'notes.txt': 'not a collection',
    });
    const { counts, problems, result } = await runImport(folder);
    expect(problems.map((p) => [p.collection, p.record, p.legacyId, p.reason])).toEqual([
      ['courses', 1, '1', 'missing name'],
      ['courses', 2, '2', 'bad price "free-ish"'],
      ['courses', 3, '3', 'unknown instructor: instructorEmail "not an email" is not an email address'],
      ['courses', 5, '4', 'duplicate _id (record 4 has it too)'],
      ['enrollments', 1, 'e1', 'unknown course "no-such-course"'],
      ['reviews', 2, null, 'not valid JSON (the line ends inside its document)'],
    ]);
    expect(counts).toEqual({ courses: [5, 1, 0, 0, 4], enrollments: [1, 0, 0, 0, 1], reviews: [2, 1, 0, 0, 1] });
    expect(result.ignoredFiles).toEqual(['notes.txt']);
    expect((await db.getRepository(Course).findOneByOrFail({ name: 'Fine' })).price).toBe(12.5);
  });

  it('imports users and their enrollments; a changed old record updates the same rows on the next run', async () => {
    const users = [
      {
        _id: { $oid: 'u1' },
        role: 'student',
        name: 'Rahim',
        email: 'rahim@example.com',
        phone: '+880 1711-000111',
        date: '2008-01-02',
        createdOn: { $date: { $numberLong: '1650000000000' } },
      },
      { _id: { $oid: 'u2' }, role: 'admin', name: 'Karim', email: 'karim@example.com' },
      { _id: { $oid: 'u3' }, role: 'student', name: 'Rahim again', email: 'RAHIM@example.com' },
    ];
    const enrollment = {
      _id: { $oid: 'e1' },
      courseID: INSTRUCTOR_COURSE.id,
      courseName: 'Physics',
      email: 'rahim@example.com',
      transactionID: 'txn_old_1',
      transactionAmount: 25,
      billingDetails: { name: 'Rahim' },
    };
    const folder = folderWith({ 'users.json': lines(users), 'Course.json': lines([INSTRUCTOR_COURSE]), 'enrollments.json': lines([enrollment]) });
    const first = await runImport(folder);
    expect(first.problems.map((p) => [p.record, p.reason])).toEqual([[3, 'duplicate email rahim@example.com (record 1 has it too)']]);
    expect(first.counts).toEqual({ users: [3, 2, 0, 0, 1], courses: [1, 1, 0, 0, 0], enrollments: [1, 1, 0, 0, 0] });
    expect(first.summaries[0].notes).toEqual({ 'admin role not carried over (made a student)': 1, 'not imported: duplicate email …': 1 });
    const rahim = await db.getRepository(User).findOneByOrFail({ email: 'rahim@example.com' });
    expect([rahim.role, rahim.phone, rahim.date, rahim.passwordHash, rahim.createdAt.toISOString()]).toEqual([
      Role.STUDENT,
      '+880 1711-000111',
      '2008-01-02',
      '',
      '2022-04-15T05:20:00.000Z',
    ]);
    expect((await db.getRepository(User).findOneByOrFail({ email: 'karim@example.com' })).role).toBe(Role.STUDENT);
    const enrolled = await db.getRepository(Enrollment).findOneByOrFail({ studentId: rahim.id });
    expect(enrolled).toMatchObject({
      courseId: INSTRUCTOR_COURSE.id,
      courseName: 'Physics',
      transactionID: 'txn_old_1',
      transactionAmount: 25,
      paymentId: null,
    });

    const lesson = await db.getRepository(Lesson).findOneByOrFail({ courseId: INSTRUCTOR_COURSE.id, position: 1 });
    const changed = { ...INSTRUCTOR_COURSE, price: 30, videos: { contents: [{ title: 'Motion, again', videoURL: 'https://www.youtube.com/embed/a1' }] } };
    fs.writeFileSync(path.join(folder, 'Course.json'), lines([changed]));
    const second = await runImport(folder);
    expect(second.counts).toEqual({ users: [3, 0, 0, 2, 1], courses: [1, 0, 1, 0, 0], enrollments: [1, 0, 0, 1, 0] });
    const course = await db.getRepository(Course).findOneByOrFail({ id: INSTRUCTOR_COURSE.id });
    expect(course.price).toBe(30);
    expect(await db.getRepository(Lesson).find({ where: { courseId: course.id } })).toEqual([{ ...lesson, title: 'Motion, again' }]);
    expect([await db.getRepository(Course).count(), await db.getRepository(User).count(), await db.getRepository(Enrollment).count()]).toEqual([1, 3, 1]);
  });

  it('never hands imported courses or enrollments to an account someone opened on the new platform', async () => {
    await makeUser(db, { email: 'nusrat@example.com', role: Role.STUDENT }, 'their own password');
    const enrollment = { _id: 'e1', courseID: INSTRUCTOR_COURSE.id, email: 'nusrat@example.com' };
    const folder = folderWith({ 'Course.json': lines([INSTRUCTOR_COURSE]), 'enrollments.json': lines([enrollment]) });
    const { problems, summaries } = await runImport(folder);
    const course = await db.getRepository(Course).findOneByOrFail({ id: INSTRUCTOR_COURSE.id });
    expect(course.instructorId).toBeNull();
    expect(summaries[0].notes).toEqual({ 'instructor email belongs to an account opened on the new platform: imported without an instructor account': 1 });
    expect(problems.map((p) => p.reason)).toEqual([
      "the student's email nusrat@example.com belongs to an account opened on the new platform; grant this course by hand once they confirm it",
    ]);
    expect((await db.getRepository(User).findOneByOrFail({ email: 'nusrat@example.com' })).role).toBe(Role.STUDENT);
  });

  it('updates an imported account from the old data only until its owner has set a password', async () => {
    const folder = folderWith({ 'users.json': lines([{ _id: 'u1', name: 'Rahim', email: 'rahim@example.com', phone: '+880 1711-000111' }]) });
    await runImport(folder);
    fs.writeFileSync(path.join(folder, 'users.json'), lines([{ _id: 'u1', name: 'Rahim Uddin', email: 'rahim@example.com' }]));
    expect((await runImport(folder)).counts.users).toEqual([1, 0, 1, 0, 0]);
    expect(await db.getRepository(User).findOneByOrFail({ email: 'rahim@example.com' })).toMatchObject({ name: 'Rahim Uddin', phone: null });

    await db.getRepository(User).update({ email: 'rahim@example.com' }, { passwordHash: 'set by Rahim', name: 'Rahim U.' });
    fs.writeFileSync(path.join(folder, 'users.json'), lines([{ _id: 'u1', name: 'Someone Else', email: 'rahim@example.com' }]));
    const third = await runImport(folder);
    expect(third.counts.users).toEqual([1, 0, 0, 1, 0]);
    expect(third.summaries[0].notes).toEqual({ 'claimed by its owner since: left as they set it': 1 });
    expect((await db.getRepository(User).findOneByOrFail({ email: 'rahim@example.com' })).name).toBe('Rahim U.');
  });

  describe('a realistic export: taka text, a NUL, a broken line, records beyond the editor', () => {
    const lesson = (title: string) => ({ title, videoURL: `https://www.youtube.com/embed/${encodeURIComponent(title)}` });
    const course = (id: string, name: string, price: unknown, extra: Record<string, unknown> = {}) => ({
      _id: { $oid: id },
      name,
      price,
      instructor: 'Nusrat Jahan',
      instructorEmail: 'nusrat@example.com',
      description: `${name}: what it teaches.`,
      section: 'Professional Skill',
      videos: { contents: [lesson(`${name} 1`), lesson(`${name} 2`)] },
      ...extra,
    });
    const longDescription = 'Spreadsheets for small shops. '.repeat(250).trim(); // 7,499 characters
    const records = [
      JSON.stringify(course('c01', 'Graphic design with Canva', '৳1,200')),
      JSON.stringify(course('c02', 'নবম শ্রেণির পদার্থবিজ্ঞান', '১২০০ টাকা', { section: 'নবম শ্রেণি' })),
      JSON.stringify(course('c03', 'Spoken English', 'Free')),
      JSON.stringify(course('c04', 'Web development', '$ 49', { priceBDT: '৳5,900' })),
      JSON.stringify(course('c05', 'Bookkeeping', '$ ৪৯')),
      JSON.stringify(course('c06', 'Photography', '1,200 BDT', { priceUSD: 10 })),
      JSON.stringify(course('c07', 'Hidden byte', 25, { description: 'Good\u0000course' })),
      '{"_id": {"$oid": "c08"}, "name": "Broken line", "price": "$ 10"',
      JSON.stringify(course('c09', 'After the broken line', '$ 15')),
      JSON.stringify(course('c10', 'N'.repeat(151), '$ 5')),
      JSON.stringify(course('c11', 'Excel for shops', '৳500', { description: longDescription })),
      JSON.stringify(
        course('c12', 'Everything at once', '$ 30', { videos: { contents: Array.from({ length: MAX_LESSONS + 1 }, (_, i) => lesson(`Part ${i + 1}`)) } }),
      ),
      JSON.stringify(course('c13', 'Too dear', '$ 12000')),
      JSON.stringify(course('c14', 'দশম শ্রেণির গণিত', '$ 20', { section: 'Class 1 to 12' })),
      JSON.stringify(course('c15', 'Machine learning', '1,200')),
    ];

    it('reports each bad record with its file, line and reason, imports the rest, and leaves no paid course without a taka price', async () => {
      const folder = folderWith({ 'courses.jsonl': records.join('\n') + '\n' });
      const notes: ImportProblem[] = [];
      const { problems, counts } = await runImport(folder, false, notes);
      expect(problems.map((p) => [p.file, p.line, p.legacyId, p.reason])).toEqual([
        ['courses.jsonl', 7, 'c07', 'a NUL character (\\u0000) in description: PostgreSQL cannot store it'],
        ['courses.jsonl', 8, null, 'not valid JSON (the line ends inside its document)'],
        ['courses.jsonl', 10, 'c10', "name longer than the course editor's 150 characters (151)"],
        ['courses.jsonl', 12, 'c12', '201 lessons: the course editor takes at most 200'],
        ['courses.jsonl', 13, 'c13', "price $12000 is above the course editor's limit of $10,000"],
      ]);
      expect(counts.courses).toEqual([15, 10, 0, 0, 5]);
      expect(notes.map((n) => [n.line, n.reason])).toEqual([[11, "description shortened to the course editor's 5000 characters (it had 7499)"]]);

      const byName = async (name: string) => db.getRepository(Course).findOneByOrFail({ name });
      // Taka written as taka is taka; the dollars are proposed from it at 120 taka a dollar, or kept as the record gives them.
      expect(await byName('Graphic design with Canva')).toMatchObject({ priceBDT: 1200, price: 10, language: CourseLanguage.EN });
      expect(await byName('নবম শ্রেণির পদার্থবিজ্ঞান')).toMatchObject({
        priceBDT: 1200,
        price: 10,
        language: CourseLanguage.BN,
        category: CourseCategory.SCHOOL,
        classLevel: 9,
      });
      expect(await byName('Spoken English')).toMatchObject({ priceBDT: 0, price: 0 });
      expect(await byName('Web development')).toMatchObject({ priceBDT: 5900, price: 49 });
      expect(await byName('Bookkeeping')).toMatchObject({ priceBDT: 5900, price: 49 });
      expect(await byName('Photography')).toMatchObject({ priceBDT: 1200, price: 10 });
      expect(await byName('After the broken line')).toMatchObject({ priceBDT: 1800, price: 15 });
      // One rule proposes a dollar price from taka, here and in the course editor: whole dollars at the rate.
      expect(await byName('Excel for shops')).toMatchObject({ priceBDT: 500, price: proposeDollarPrice(500, 120) });
      expect(proposeDollarPrice(500, 120)).toBe(4);
      // Shortened at a word, marked with "…", within the editor's 5000 characters.
      const { description } = await byName('Excel for shops');
      expect([
        description.length > 4900 && description.length <= 5000,
        description.endsWith('…'),
        longDescription.startsWith(description.slice(0, -1)),
      ]).toEqual([true, true, true]);
      expect(await byName('দশম শ্রেণির গণিত')).toMatchObject({ language: CourseLanguage.BN, category: CourseCategory.SCHOOL, classLevel: 10 });
      // A bare figure is the old field's dollars.
      expect(await byName('Machine learning')).toMatchObject({ price: 1200, priceBDT: 144_000 });

      const [{ unpriced }] = await db.query<Array<{ unpriced: number }>>(`SELECT count(*)::int AS unpriced FROM course WHERE price > 0 AND "priceBDT" <= 0`);
      expect(unpriced).toBe(0);

      // Each imported course passes the course editor's rules as it stands.
      for (const row of await db.getRepository(Course).find()) {
        const lessons = await db.getRepository(Lesson).findBy({ courseId: row.id });
        const input = inputOf(CourseInput, {
          name: row.name,
          description: row.description,
          price: row.price,
          priceBDT: row.priceBDT,
          photoURL: row.photoURL,
          category: row.category,
          classLevel: row.classLevel,
          language: row.language,
          keyPoints: row.keyPoints,
          targetedPeoples: row.targetedPeoples,
          whyNeed: row.whyNeed,
          lessons: lessons.map((l) => inputOf(LessonInput, { title: l.title, videoURL: l.videoURL })),
        });
        await expect(validateInput(input)).resolves.toBe(input);
      }
    });
  });
});
