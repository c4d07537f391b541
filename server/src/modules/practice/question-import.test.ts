import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import { Role } from '../../kernel/role';
import { MAX_CSV_BYTES } from './csv-file';
import { MAX_IMPORT_ROWS } from './question-import.service';
import { Question } from './question.entity';
import { ensureSyllabus } from './syllabus-seed';

// A question CSV comes as a file upload (POST /api/questions/import): 500 rows of Bangla fit, its
// encoding is told from its bytes, and a file in another encoding is refused with how to save it.

const PASSWORD = 'an import password';
const HEADER = 'class,subject,chapter,difficulty,question,option1,option2,option3,option4,option5,option6,correct,explanation';
let teacher: HttpClient;
let courseId: string;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, PASSWORD);
  await makeUser(given.db, { email: 'student@example.com' }, PASSWORD);
  courseId = (await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: instructor.id })).id;
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
});

/** A row of a Bangla question with a formula and a long explanation, as a teacher writes them. */
const row = (n: number) =>
  `9,পদার্থবিজ্ঞান,,MEDIUM,"প্রশ্ন ${n}: একটি বস্তু ${n} সেকেন্ডে ${n * 10} মিটার গেলে তার গড় বেগ কত? সূত্র: $v = \\frac{s}{t}$",` +
  `১০ মিটার/সেকেন্ড,২০ মিটার/সেকেন্ড,৫ মিটার/সেকেন্ড,১ মিটার/সেকেন্ড,,,1,"ব্যাখ্যা: গড় বেগ হলো মোট সরণকে মোট সময় দিয়ে ভাগ করলে যা পাওয়া যায়; এখানে $v = \\frac{${n * 10}}{${n}} = 10$ মিটার/সেকেন্ড।"`;

async function upload(client: HttpClient, body: Buffer, query = `?courseId=${courseId}`) {
  const res = await client.request(`/api/questions/import${query}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body });
  return {
    status: res.status,
    body: (await res.json()) as { imported?: number; unchanged?: number; problems?: unknown[]; code?: string; message?: string; max?: number },
  };
}

describe('uploading a question CSV file', () => {
  it('imports 500 Bangla rows from a UTF-8 file with the mark Excel writes', async () => {
    const csv = [HEADER, ...Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => row(i + 1))].join('\r\n');
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv, 'utf8')]);
    expect(bytes.length).toBeGreaterThan(10_000);
    const { status, body } = await upload(teacher, bytes);
    expect(status).toBe(200);
    expect(body).toEqual({ imported: MAX_IMPORT_ROWS, updated: 0, unchanged: 0, problems: [] });
    const first = await given.db.getRepository(Question).findOneByOrFail({ text: row(1).split('"')[1] });
    expect(first.options[0].text).toBe('১০ মিটার/সেকেন্ড');
  });

  it('reads a UTF-16 file ("Unicode text") the same', async () => {
    const csv = [HEADER, row(1), row(2)].join('\n');
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(csv, 'utf16le')]);
    expect((await upload(teacher, bytes)).body).toMatchObject({ imported: 2, problems: [] });
  });

  it('refuses a file in another encoding with how to save it, and imports nothing', async () => {
    // "Café" written by a Windows code page: é is the single byte 0xE9, not UTF-8.
    const windows1252 = Buffer.concat([
      Buffer.from(`${HEADER}\n9,physics,,EASY,"Caf`, 'latin1'),
      Buffer.from([0xe9]),
      Buffer.from(`?",a,b,,,,,1,\n`, 'latin1'),
    ]);
    const { status, body } = await upload(teacher, windows1252);
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FILE_NOT_UNICODE', category: 'BAD_USER_INPUT' });
    expect(body.message).toContain('CSV UTF-8');
    expect(await given.db.getRepository(Question).count()).toBe(0);
  });

  it('refuses a file over 2 MB, and a student or a visitor before reading it', async () => {
    const { status, body } = await upload(teacher, Buffer.alloc(MAX_CSV_BYTES + 1, 0x61));
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'FILE_TOO_LARGE', max: MAX_CSV_BYTES });
    const student = await signedInClient(given.app.url, 'student@example.com', PASSWORD);
    expect((await upload(student, Buffer.from(`${HEADER}\n${row(1)}`))).status).toBe(403);
    expect((await upload(given.visitor, Buffer.from(`${HEADER}\n${row(1)}`))).status).toBe(401);
    expect(await given.db.getRepository(Question).count()).toBe(0);
  });

  it("reports a bad row's reason in the request's language", async () => {
    teacher.headers['Accept-Language'] = 'bn';
    const { body } = await upload(teacher, Buffer.from(`${HEADER}\n9,astrology,,EASY,"Which sign?",a,b,,,,,2,\n`));
    expect(body).toEqual({
      imported: 0,
      updated: 0,
      unchanged: 0,
      problems: [{ line: 2, column: 'subject', reason: 'কলাম subject: "astrology" নামে কোনো বিষয় নেই' }],
    });
  });

  it('reads Bangla digits in every numeric column, and the chapter by its Bangla or English name or its number', async () => {
    const csv = [
      'class,subject,chapter,difficulty,question,option1,option2,option3,correct,explanation,practice',
      '৯,পদার্থবিজ্ঞান,গতি,সহজ,"ত্বরণের একক কী?",মিটার/সেকেন্ড,মিটার/সেকেন্ড²,নিউটন,২,"বেগের পরিবর্তনের হার",হ্যাঁ',
      '১০,Physics,force,HARD,"বলের একক কী?",জুল,নিউটন,ওয়াট,২,,না',
      '9,physics,৪,medium,"কাজের একক কী?",জুল,নিউটন,ওয়াট,1,,',
    ].join('\n');
    const { body } = await upload(teacher, Buffer.from(csv));
    expect(body).toEqual({ imported: 3, updated: 0, unchanged: 0, problems: [] });
    const questions = await given.db.getRepository(Question).find({ order: { text: 'ASC' } });
    const byText = new Map(questions.map((q) => [q.text, q]));
    expect(byText.get('ত্বরণের একক কী?')).toMatchObject({
      classLevel: 9,
      chapterId: 'a0000000-0000-4000-8000-000000000902',
      difficulty: 'EASY',
      usableInPractice: true,
    });
    expect(byText.get('বলের একক কী?')).toMatchObject({
      classLevel: 10,
      chapterId: 'a0000000-0000-4000-8000-000000000903',
      difficulty: 'HARD',
      usableInPractice: false,
    });
    expect(byText.get('কাজের একক কী?')).toMatchObject({ chapterId: 'a0000000-0000-4000-8000-000000000904', difficulty: 'MEDIUM', usableInPractice: true });
    const acceleration = byText.get('ত্বরণের একক কী?')!;
    expect(acceleration.correctOptionId).toBe(acceleration.options[1].id);
  });

  it('names the column and the real problem of every refused row, in Bangla', async () => {
    teacher.headers['Accept-Language'] = 'bn';
    const csv = [
      'class,subject,chapter,difficulty,question,option1,option2,correct,practice',
      'নবম,physics,,,"প্রশ্ন ১?",ক,খ,১,',
      '৯,physics,অধ্যায় ৯৯,,"প্রশ্ন ২?",ক,খ,১,',
      '৯,physics,,খুব কঠিন,"প্রশ্ন ৩?",ক,খ,১,',
      '৯,physics,,,"প্রশ্ন ৪?",ক,খ,৩,',
      '৯,physics,,,"প্রশ্ন ৫?",ক,খ,১,হয়তো',
      '৯,physics,,,,ক,খ,১,',
    ].join('\n');
    const { body } = await upload(teacher, Buffer.from(csv));
    expect(body.imported).toBe(0);
    expect(body.problems).toEqual([
      { line: 2, column: 'class', reason: 'কলাম class: শ্রেণি লিখুন ১ থেকে ১২ সংখ্যায় (বাংলা বা ইংরেজি অঙ্কে), ভর্তি পরীক্ষার জন্য ১৩; "নবম" সঠিক নয়' },
      {
        line: 3,
        column: 'chapter',
        reason: 'কলাম chapter: এই শ্রেণির এই বিষয়ের বইয়ে "অধ্যায় ৯৯" নামে কোনো অধ্যায় নেই: অধ্যায়ের বাংলা বা ইংরেজি নাম, অথবা অধ্যায়ের নম্বর লিখুন',
      },
      { line: 4, column: 'difficulty', reason: 'কলাম difficulty: সহজ, মাঝারি বা কঠিন লিখুন (অথবা EASY, MEDIUM, HARD); "খুব কঠিন" সঠিক নয়' },
      { line: 5, column: 'correct', reason: 'কলাম correct: সঠিক অপশনের নম্বর লিখুন, ১ থেকে ২; "৩" সঠিক নয়' },
      { line: 6, column: 'practice', reason: 'কলাম practice: অনুশীলনে ব্যবহারযোগ্য হলে হ্যাঁ, শুধু পরীক্ষার জন্য রাখতে না লিখুন; "হয়তো" সঠিক নয়' },
      { line: 7, column: 'question', reason: 'কলাম question: প্রশ্নটি লিখুন' },
    ]);
  });
});
