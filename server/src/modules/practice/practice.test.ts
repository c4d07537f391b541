import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Role } from '../../kernel/role';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { finishAtDeadline } from './attempt.service';
import { ModelTest } from './model-test.entity';
import { Question } from './question.entity';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a practice password';
let course: Course;
let teacher: HttpClient;
let admin: HttpClient;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR, name: 'Teacher' }, PASSWORD);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  course = await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: instructor.id });
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

const CREATE_QUESTION = `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id options { id text } correctOptionId explanation } }`;
const CREATE_TEST = `mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id free } }`;
const PUBLISH = `mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { published } }`;
const START = `mutation ($id: ID!) { startAttempt(testId: $id) { id deadline questions { id text options { id text } } answers { questionId optionId } result { score } } }`;
const SAVE = `mutation ($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { questionId optionId } }`;
const SUBMIT = `mutation ($a: ID!) { submitAttempt(attemptId: $a) { score correct wrong skipped rank participants maxScore passed review { questionId chosenOptionId correctOptionId explanation } } }`;

type Q = { id: string; options: Array<{ id: string; text: string }>; correctOptionId: string; explanation: string };
type Started = { id: string; deadline: string; questions: Array<{ id: string; options: Array<{ id: string }> }>; answers: unknown[]; result: unknown };

function questionInput(n: number, extra: Record<string, unknown> = {}) {
  return {
    text: `প্রশ্ন ${n}: $v = \\frac{s}{t}$ হলে ${n * 10} মিটার ${n} সেকেন্ডে গেলে বেগ কত?`,
    options: ['৫', '১০', '১৫', '২০'],
    correctOption: 1,
    explanation: `$v = \\frac{${n * 10}}{${n}} = 10$`,
    classLevel: 9,
    subjectId: 'physics',
    chapterId: 'a0000000-0000-4000-8000-000000000902',
    difficulty: 'EASY',
    courseId: course.id,
    ...extra,
  };
}

async function makeQuestions(count: number, client = teacher, extra: Record<string, unknown> = {}): Promise<Q[]> {
  const questions: Q[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { data, errors } = await client.graphql<{ createQuestion: Q }>(CREATE_QUESTION, { input: questionInput(n, extra) });
    expect(errors).toBeUndefined();
    questions.push(data!.createQuestion);
  }
  return questions;
}

async function publishedTest(questions: Q[], extra: Record<string, unknown> = {}): Promise<string> {
  const input = {
    title: 'গতি: মডেল টেস্ট',
    classLevel: 9,
    subjectId: 'physics',
    courseId: course.id,
    free: true,
    durationMinutes: 10,
    negativeMark: 0.25,
    passMark: 1,
    questionIds: questions.map((q) => q.id),
    ...extra,
  };
  const { data, errors } = await teacher.graphql<{ createModelTest: { id: string } }>(CREATE_TEST, { input });
  expect(errors).toBeUndefined();
  expect((await teacher.graphql(PUBLISH, { id: data!.createModelTest.id })).errors).toBeUndefined();
  return data!.createModelTest.id;
}

let studentCount = 0;
async function student(name = 'Rahim'): Promise<HttpClient> {
  studentCount += 1;
  const email = `student${studentCount}@example.com`;
  await makeUser(given.db, { email, name }, PASSWORD);
  return signedInClient(given.app.url, email, PASSWORD);
}

async function start(client: HttpClient, testId: string): Promise<Started> {
  const { data, errors } = await client.graphql<{ startAttempt: Started }>(START, { id: testId });
  expect(errors).toBeUndefined();
  return data!.startAttempt;
}

const correctOf = (questions: Q[], id: string) => questions.find((q) => q.id === id)!.correctOptionId;
const wrongOf = (questions: Q[], id: string) => questions.find((q) => q.id === id)!.options.find((o) => o.id !== correctOf(questions, id))!.id;

describe('the syllabus', () => {
  it("lists a subject's chapters for one class, and refuses a class that does not exist with a clear error", async () => {
    const CHAPTERS = `query ($s: ID!, $c: Int) { chapters(subjectId: $s, classLevel: $c) { subjectId classLevel nameEn } }`;
    const { data } = await teacher.graphql<{ chapters: Array<{ subjectId: string; classLevel: number }> }>(CHAPTERS, { s: 'physics', c: 9 });
    expect(data!.chapters.length).toBeGreaterThan(0);
    expect(data!.chapters.every((c) => c.subjectId === 'physics' && c.classLevel === 9)).toBe(true);

    const refused = await teacher.graphql(CHAPTERS, { s: 'physics', c: 32768 });
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(refused.errors?.[0].message).toContain('classLevel');
    expect((await teacher.graphql<{ chapters: unknown[] }>(CHAPTERS, { s: '' })).data!.chapters).toEqual([]);
  });
});

describe('the question bank', () => {
  it('lets a course instructor write a question with Bangla text and a formula, kept as written', async () => {
    const [question] = await makeQuestions(1);
    expect(question.options.map((o) => o.text)).toEqual(['৫', '১০', '১৫', '২০']);
    expect(question.correctOptionId).toBe(question.options[1].id);
    expect(question.explanation).toContain('\\frac');
  });

  it.each([
    [{ options: ['only one'] }, 'A question has 2 to 6 options'],
    [{ options: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'A question has 2 to 6 options'],
    [{ correctOption: 4 }, 'Exactly one option must be the correct one'],
    [{ correctOption: -1 }, 'Exactly one option must be the correct one'],
    [{ options: ['a', 'a'], correctOption: 0 }, 'Two options have the same text'],
    [{ text: '  ' }, 'The question is required'],
    [{ subjectId: 'astrology' }, 'Subject not found'],
    [{ classLevel: 14 }, 'The class must be 1 to 12, or 13 for admission'],
  ])('refuses a bad question (%j) with a clear message and stores nothing', async (change, message) => {
    const { errors } = await teacher.graphql(CREATE_QUESTION, { input: questionInput(1, change) });
    expect(errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
    expect(await given.db.getRepository(Question).count()).toBe(0);
  });

  it("refuses another instructor's course and the shared bank to an instructor; an admin may write to both", async () => {
    await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, PASSWORD);
    const rival = await signedInClient(given.app.url, 'rival@example.com', PASSWORD);
    expect((await rival.graphql(CREATE_QUESTION, { input: questionInput(1) })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await teacher.graphql(CREATE_QUESTION, { input: questionInput(1, { courseId: null }) })).errors?.[0].message).toBe(
      'Only admins write questions outside a course; choose one of your courses',
    );
    expect((await admin.graphql(CREATE_QUESTION, { input: questionInput(1, { courseId: null }) })).errors).toBeUndefined();
    expect((await admin.graphql(CREATE_QUESTION, { input: questionInput(2) })).errors).toBeUndefined();
    const bank = await rival.graphql<{ questionBank: { total: number } }>(`{ questionBank { total } }`);
    expect(bank.data?.questionBank.total).toBe(0);
    expect((await teacher.graphql<{ questionBank: { total: number } }>(`{ questionBank { total } }`)).data?.questionBank.total).toBe(1);
  });

  it('imports a CSV file: good rows imported, each bad row reported with its line and reason, the same file again changes nothing', async () => {
    const { data: template } = await teacher.graphql<{ questionImportTemplate: string }>(`{ questionImportTemplate }`);
    const csv = `${template!.questionImportTemplate.trimEnd()}
9,পদার্থবিজ্ঞান,,MEDIUM,"বলের একক কী?",নিউটন,জুল,ওয়াট,,,,1,বলের একক নিউটন
9,physics,,EASY,"Only one option",yes,,,,,,1,
9,astrology,,EASY,"Which sign?",a,b,,,,,2,
`;
    const IMPORT = `mutation ($csv: String!, $course: ID) { importQuestions(csv: $csv, courseId: $course) { imported unchanged problems { line reason } } }`;
    const first = await teacher.graphql(IMPORT, { csv, course: course.id });
    expect(first.data).toEqual({
      importQuestions: {
        imported: 3,
        unchanged: 0,
        problems: [
          { line: 5, reason: 'Column option1-option6: A question has 2 to 6 options' },
          { line: 6, reason: 'Column subject: Unknown subject "astrology"' },
        ],
      },
    });
    const again = await teacher.graphql(IMPORT, { csv, course: course.id });
    expect(again.data).toMatchObject({ importQuestions: { imported: 0, unchanged: 3 } });
    expect(await given.db.getRepository(Question).count()).toBe(3);
    const force = await given.db.getRepository(Question).findOneByOrFail({ text: 'বলের একক কী?' });
    expect(force.options.map((o) => o.text)).toEqual(['নিউটন', 'জুল', 'ওয়াট']);
    expect(force.correctOptionId).toBe(force.options[0].id);
  });

  it("reports a bad row's reason in the page's language", async () => {
    const csv = `class,subject,chapter,difficulty,question,option1,option2,option3,option4,option5,option6,correct,explanation
9,astrology,,EASY,"Which sign?",a,b,,,,,2,
`;
    teacher.headers['Accept-Language'] = 'bn';
    const { data } = await teacher.graphql(
      `mutation ($csv: String!, $course: ID) { importQuestions(csv: $csv, courseId: $course) { problems { line reason } } }`,
      {
        csv,
        course: course.id,
      },
    );
    expect(data).toEqual({ importQuestions: { problems: [{ line: 2, reason: 'কলাম subject: "astrology" নামে কোনো বিষয় নেই' }] } });
  });

  it('lists the bank by chapter and difficulty, and the shared bank alone for an admin', async () => {
    await makeQuestions(2);
    await makeQuestions(1, teacher, { chapterId: null, difficulty: 'HARD', text: 'কঠিন প্রশ্ন' });
    await makeQuestions(1, admin, { courseId: null, text: 'সাধারণ প্রশ্ন' });
    const BANK = `query ($chapter: ID, $difficulty: Difficulty, $shared: Boolean) {
      questionBank(chapterId: $chapter, difficulty: $difficulty, sharedBank: $shared) { total items { text } } }`;
    type Bank = { questionBank: { total: number; items: Array<{ text: string }> } };
    expect((await teacher.graphql<Bank>(BANK, { chapter: 'a0000000-0000-4000-8000-000000000902' })).data?.questionBank.total).toBe(2);
    expect((await teacher.graphql<Bank>(BANK, { difficulty: 'HARD' })).data?.questionBank.items).toEqual([{ text: 'কঠিন প্রশ্ন' }]);
    expect((await admin.graphql<Bank>(BANK, { shared: true })).data?.questionBank.items).toEqual([{ text: 'সাধারণ প্রশ্ন' }]);
    expect((await admin.graphql<Bank>(BANK, {})).data?.questionBank.total).toBe(4);
  });
});

describe('model tests', () => {
  it('are listed by class and subject and show their number of questions; drafts are not listed', async () => {
    const questions = await makeQuestions(3);
    const id = await publishedTest(questions);
    await teacher.graphql(CREATE_TEST, {
      input: { title: 'Draft', classLevel: 9, subjectId: 'physics', courseId: course.id, durationMinutes: 5, questionIds: [questions[0].id] },
    });
    const LIST = `query ($c: Int, $s: ID) { modelTests(classLevel: $c, subject: $s, offset: 0, limit: 10) { total items { id title questionCount negativeMark subject { nameBn nameEn } } } }`;
    expect((await given.app.graphql(LIST, { c: 9, s: 'physics' })).body.data).toEqual({
      modelTests: {
        total: 1,
        items: [{ id, title: 'গতি: মডেল টেস্ট', questionCount: 3, negativeMark: 0.25, subject: { nameBn: 'পদার্থবিজ্ঞান', nameEn: 'Physics' } }],
      },
    });
    expect((await given.app.graphql(LIST, { c: 10, s: 'physics' })).body.data).toMatchObject({ modelTests: { total: 0 } });
    expect((await given.app.graphql(`query ($id: ID!) { course(id: $id) { quizCount } }`, { id: course.id })).body.data).toEqual({ course: { quizCount: 1 } });
  });

  it('refuses to publish a test without questions and a test with questions of a course the author does not teach', async () => {
    const { data } = await teacher.graphql<{ createModelTest: { id: string } }>(CREATE_TEST, {
      input: { title: 'Empty', classLevel: 9, subjectId: 'physics', courseId: course.id, durationMinutes: 5, questionIds: [] },
    });
    expect((await teacher.graphql(PUBLISH, { id: data!.createModelTest.id })).errors?.[0].message).toBe(
      'A model test needs at least one question before it is published',
    );
    const other = await makeCourse(given.db, { name: 'Admin course' });
    const [foreign] = await makeQuestions(1, admin, { courseId: other.id });
    const refused = await teacher.graphql(CREATE_TEST, {
      input: { title: 'Borrowed', classLevel: 9, subjectId: 'physics', courseId: course.id, durationMinutes: 5, questionIds: [foreign.id] },
    });
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(await given.db.getRepository(ModelTest).count()).toBe(1);
  });
});

describe('taking a model test', () => {
  it('never sends the correct answers or explanations before the end, and shuffles each attempt', async () => {
    const questions = await makeQuestions(8);
    const testId = await publishedTest(questions);
    const leak = await (await student()).graphql(`mutation ($id: ID!) { startAttempt(testId: $id) { questions { id correctOptionId } } }`, { id: testId });
    expect(leak.errors?.[0].message).toMatch(/Cannot query field "correctOptionId"/);
    const rahim = await student();
    const attempt = await start(rahim, testId);
    expect(JSON.stringify(attempt)).not.toMatch(/frac\{\d+\}\{\d+\} = 10/);
    expect(attempt.result).toBeNull();
    const early = await rahim.graphql(`query ($id: ID!) { attempt(id: $id) { result { review { correctOptionId } } } }`, { id: attempt.id });
    expect(early.data).toEqual({ attempt: { result: null } });
    // Every attempt holds every question once; eight attempts in the author's order would be a 1 in 40,320 chance each.
    const orders = [attempt.questions.map((q) => q.id)];
    for (let i = 0; i < 3; i += 1) orders.push((await start(await student(), testId)).questions.map((q) => q.id));
    for (const order of orders) expect([...order].sort()).toEqual(questions.map((q) => q.id).sort());
    expect(new Set(orders.map((order) => order.join())).size).toBeGreaterThan(1);
  });

  it('returns the unfinished attempt again, even for two starts at the same moment', async () => {
    const testId = await publishedTest(await makeQuestions(2));
    const rahim = await student();
    const [a, b] = await Promise.all([start(rahim, testId), start(rahim, testId)]);
    expect(a.id).toBe(b.id);
    expect((await start(rahim, testId)).id).toBe(a.id);
    expect(await given.db.getRepository(Attempt).count()).toBe(1);
    // The server's submission at the deadline is queued in PostgreSQL.
    const [job] = await given.db.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS "count" FROM pgboss.job WHERE name = 'submit-attempt-at-deadline' AND data->>'attemptId' = $1`,
      [a.id],
    );
    expect(job.count).toBe(1);
  });

  it('saves answers as they are chosen, counts negative marks, ranks by score then time and reviews every question', async () => {
    const questions = await makeQuestions(4);
    const testId = await publishedTest(questions);
    const rahim = await student('Rahim');
    const attempt = await start(rahim, testId);
    const [q1, q2, q3] = attempt.questions.map((q) => q.id);
    await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: wrongOf(questions, q1) });
    // Choosing again replaces the answer.
    expect((await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: correctOf(questions, q1) })).data).toEqual({
      saveAnswer: { questionId: q1, optionId: correctOf(questions, q1) },
    });
    await rahim.graphql(SAVE, { a: attempt.id, q: q2, o: correctOf(questions, q2) });
    await rahim.graphql(SAVE, { a: attempt.id, q: q3, o: wrongOf(questions, q3) });
    const resumed = await rahim.graphql<{ attempt: { answers: unknown[]; deadline: string } }>(
      `query ($id: ID!) { attempt(id: $id) { deadline answers { questionId optionId } } }`,
      { id: attempt.id },
    );
    expect(resumed.data?.attempt.answers).toHaveLength(3);
    expect(resumed.data?.attempt.deadline).toBe(attempt.deadline);
    const { data } = await rahim.graphql<{ submitAttempt: Record<string, unknown> & { review: Array<Record<string, unknown>> } }>(SUBMIT, { a: attempt.id });
    expect(data?.submitAttempt).toMatchObject({ score: 1.75, correct: 2, wrong: 1, skipped: 1, rank: 1, participants: 1, maxScore: 4, passed: true });
    expect(data?.submitAttempt.review).toHaveLength(4);
    expect(data?.submitAttempt.review[0]).toEqual({
      questionId: q1,
      chosenOptionId: correctOf(questions, q1),
      correctOptionId: correctOf(questions, q1),
      explanation: questions.find((q) => q.id === q1)!.explanation,
    });
    expect(data?.submitAttempt.review[3]).toMatchObject({ chosenOptionId: null });

    // Karim answers everything right: first. Nadia gets Rahim's score but takes longer: third.
    const karim = await student('Karim');
    const second = await start(karim, testId);
    for (const q of second.questions) await karim.graphql(SAVE, { a: second.id, q: q.id, o: correctOf(questions, q.id) });
    expect((await karim.graphql<{ submitAttempt: { rank: number } }>(SUBMIT, { a: second.id })).data?.submitAttempt.rank).toBe(1);
    const nadia = await student('Nadia');
    const third = await start(nadia, testId);
    const [n1, n2, n3] = third.questions.map((q) => q.id);
    await nadia.graphql(SAVE, { a: third.id, q: n1, o: correctOf(questions, n1) });
    await nadia.graphql(SAVE, { a: third.id, q: n2, o: correctOf(questions, n2) });
    await nadia.graphql(SAVE, { a: third.id, q: n3, o: wrongOf(questions, n3) });
    await given.db.query(`UPDATE "attempt" SET "startedAt" = "startedAt" - interval '3 minutes' WHERE "id" = $1`, [third.id]);
    expect((await nadia.graphql<{ submitAttempt: { rank: number; score: number } }>(SUBMIT, { a: third.id })).data?.submitAttempt).toMatchObject({
      score: 1.75,
      rank: 3,
    });

    await nadia.graphql(`mutation { setLeaderboardNameHidden(hidden: true) }`);
    const board = await given.app.graphql(`query ($id: ID!) { leaderboard(testId: $id, offset: 0, limit: 10) { total items { rank name score } } }`, {
      id: testId,
    });
    expect(board.body.data).toEqual({
      leaderboard: {
        total: 3,
        items: [
          { rank: 1, name: 'Karim', score: 4 },
          { rank: 2, name: 'Rahim', score: 1.75 },
          { rank: 3, name: 'Student', score: 1.75 },
        ],
      },
    });
    const mine = await rahim.graphql(`{ myAttempts { total items { id finished test { title } result { score rank } } } }`);
    expect(mine.data).toEqual({
      myAttempts: { total: 1, items: [{ id: attempt.id, finished: true, test: { title: 'গতি: মডেল টেস্ট' }, result: { score: 1.75, rank: 2 } }] },
    });

    const stats = await teacher.graphql<{
      questionStatistics: Array<{ questionId: string; answered: number; correctShare: number; mostChosenWrongOptionId: string | null }>;
    }>(`query ($id: ID!) { questionStatistics(id: $id) { questionId answered correctShare mostChosenWrongOptionId } }`, { id: testId });
    const byQuestion = new Map(stats.data!.questionStatistics.map((s) => [s.questionId, s]));
    // Rahim answered 3, Karim 4, Nadia 3 (each in their own shuffled order); Rahim's wrong option on q3 is the one chosen wrong most.
    expect(stats.data!.questionStatistics.reduce((sum, s) => sum + s.answered, 0)).toBe(10);
    expect(byQuestion.get(q3)!.answered).toBeGreaterThanOrEqual(2);
    expect(byQuestion.get(q3)!.correctShare).toBeLessThan(1);
    expect(byQuestion.get(q3)!.mostChosenWrongOptionId).toBe(wrongOf(questions, q3));
    expect(
      (await (await student()).graphql(`query ($id: ID!) { questionStatistics(id: $id) { answered } }`, { id: testId })).errors?.[0].extensions?.code,
    ).toBe('FORBIDDEN');
    // The bank shows the same figures on each question.
    const bank = await teacher.graphql<{
      questionBank: { items: Array<{ id: string; statistics: { answered: number; mostChosenWrongOptionId: string | null } }> };
    }>(`{ questionBank(limit: 50) { items { id statistics { answered mostChosenWrongOptionId } } } }`);
    const inBank = bank.data!.questionBank.items.find((item) => item.id === q3)!;
    expect(inBank.statistics).toEqual({ answered: byQuestion.get(q3)!.answered, mostChosenWrongOptionId: wrongOf(questions, q3) });
  });

  it('gives one result for two submits at the same moment', async () => {
    const questions = await makeQuestions(3);
    const testId = await publishedTest(questions);
    const rahim = await student();
    const attempt = await start(rahim, testId);
    await rahim.graphql(SAVE, { a: attempt.id, q: attempt.questions[0].id, o: correctOf(questions, attempt.questions[0].id) });
    const [a, b] = await Promise.all([rahim.graphql(SUBMIT, { a: attempt.id }), rahim.graphql(SUBMIT, { a: attempt.id })]);
    expect(a.data).toEqual(b.data);
    const [row] = await given.db.query<Array<{ submittedAt: Date; score: string }>>(`SELECT "submittedAt", "score" FROM "attempt"`);
    expect(Number(row.score)).toBe(1);
    expect(await given.db.getRepository(Attempt).count()).toBe(1);
  });

  it('refuses bad answers with a clear error and changes nothing', async () => {
    const questions = await makeQuestions(3);
    const testId = await publishedTest(questions);
    const other = await publishedTest(await makeQuestions(1));
    const rahim = await student();
    const karim = await student();
    const attempt = await start(rahim, testId);
    const elsewhere = await start(rahim, other);
    const [q1, q2] = attempt.questions.map((q) => q.id);
    const code = async (client: HttpClient, vars: Record<string, unknown>) => (await client.graphql(SAVE, vars)).errors?.[0];
    expect(await code(karim, { a: attempt.id, q: q1, o: correctOf(questions, q1) })).toMatchObject({
      message: 'This attempt belongs to another student',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(await code(rahim, { a: attempt.id, q: q1, o: correctOf(questions, q2) })).toMatchObject({ message: 'This option does not belong to the question' });
    expect(await code(rahim, { a: attempt.id, q: elsewhere.questions[0].id, o: elsewhere.questions[0].options[0].id })).toMatchObject({
      message: 'This question is not part of the attempt',
    });
    expect(await code(rahim, { a: '00000000-0000-4000-8000-000000000000', q: q1, o: correctOf(questions, q1) })).toMatchObject({
      extensions: { code: 'ATTEMPT_NOT_FOUND', category: 'NOT_FOUND' },
    });
    // Ids that are not ids at all are refused the same way, never as a server error.
    expect(await code(rahim, { a: attempt.id, q: 'not-a-question', o: correctOf(questions, q1) })).toMatchObject({
      message: 'This question is not part of the attempt',
    });
    expect(await code(rahim, { a: attempt.id, q: q1, o: 'not-an-option' })).toMatchObject({ message: 'This option does not belong to the question' });
    expect((await karim.graphql(SUBMIT, { a: attempt.id })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await karim.graphql(`query ($id: ID!) { attempt(id: $id) { id } }`, { id: attempt.id })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect(await given.db.getRepository(AttemptAnswer).count()).toBe(0);

    await rahim.graphql(SUBMIT, { a: attempt.id });
    expect(await code(rahim, { a: attempt.id, q: q1, o: correctOf(questions, q1) })).toMatchObject({
      message: 'This attempt has been submitted; its answers can no longer change',
      extensions: { code: 'ATTEMPT_CLOSED', category: 'CONFLICT' },
    });
    expect(await given.db.getRepository(AttemptAnswer).count()).toBe(0);
  });

  it('refuses an answer after the deadline and submits the unfinished attempt itself once the grace window has passed', async () => {
    const questions = await makeQuestions(2);
    const testId = await publishedTest(questions);
    const rahim = await student();
    const attempt = await start(rahim, testId);
    const [q1, q2] = attempt.questions.map((q) => q.id);
    await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: correctOf(questions, q1) });
    await given.db.query(`UPDATE "attempt" SET "startedAt" = now() - interval '11 minutes', "deadline" = now() - interval '1 minute'`);
    expect((await rahim.graphql(SAVE, { a: attempt.id, q: q2, o: correctOf(questions, q2) })).errors?.[0]).toMatchObject({
      message: 'Time is up: answers after the deadline are not accepted',
    });
    // Within the grace window (120 s by default) the queue's job waits.
    await expect(finishAtDeadline(given.db, attempt.id)).rejects.toThrow(/too early/);
    await given.db.query(`UPDATE "attempt" SET "startedAt" = now() - interval '13 minutes', "deadline" = now() - interval '3 minutes'`);
    // The queue's job submits it; running it again changes nothing.
    await finishAtDeadline(given.db, attempt.id);
    const stored = await given.db.getRepository(Attempt).findOneByOrFail({ id: attempt.id });
    expect(stored).toMatchObject({ correct: 1, wrong: 0, skipped: 1, score: 1 });
    expect(stored.submittedAt!.getTime()).toBe(stored.deadline!.getTime());
    await finishAtDeadline(given.db, attempt.id);
    expect(await given.db.getRepository(Attempt).findOneByOrFail({ id: attempt.id })).toEqual(stored);
    const read = await rahim.graphql(`query ($id: ID!) { attempt(id: $id) { finished result { score correct skipped timeTakenSeconds } } }`, {
      id: attempt.id,
    });
    expect(read.data).toEqual({ attempt: { finished: true, result: { score: 1, correct: 1, skipped: 1, timeTakenSeconds: 600 } } });
    // A new start after the end is a new attempt.
    expect((await start(rahim, testId)).id).not.toBe(attempt.id);
  });

  it("needs the course's enrollment for a test that is not free, and refuses a test outside its window", async () => {
    const paid = await makeCourse(given.db, {
      name: 'Paid physics',
      price: 20,
      instructorId: (await given.db.query<Array<{ id: string }>>(`SELECT id FROM "user" WHERE email = 'teacher@example.com'`))[0].id,
    });
    const questions = await makeQuestions(1, teacher, { courseId: paid.id });
    const testId = await publishedTest(questions, { courseId: paid.id, free: false });
    const rahim = await student();
    expect((await rahim.graphql(START, { id: testId })).errors?.[0]).toMatchObject({
      message: 'This model test is for the students of its course: enroll in the course to take it',
      extensions: { code: 'NOT_ENROLLED', category: 'FORBIDDEN' },
    });
    expect(await given.db.getRepository(Attempt).count()).toBe(0);
    const later = await publishedTest(await makeQuestions(1), { opensAt: new Date(Date.now() + 3600_000).toISOString() });
    expect((await rahim.graphql(START, { id: later })).errors?.[0].message).toBe('This model test has not opened yet');
  });
});
