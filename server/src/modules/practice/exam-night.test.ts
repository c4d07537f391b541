import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Role } from '../../kernel/role';
import { Attempt, AttemptAnswer } from './attempt.entity';
import { finishAtDeadline } from './attempt.service';
import { ensureSyllabus } from './syllabus-seed';

/** Exam night's integrity: keys nobody may read, review when it is fair, one rank, answers that survive the network. */
const PASSWORD = 'an exam night password';
let course: Course;
let teacher: HttpClient;
let admin: HttpClient;
let teacherId: string;

type Q = { id: string; options: Array<{ id: string; text: string }>; correctOptionId: string; explanation: string };
type Started = { id: string; deadline: string; questions: Array<{ id: string; options: Array<{ id: string }> }> };

const CREATE_QUESTION = `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id options { id text } correctOptionId explanation } }`;
const CREATE_TEST = `mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id reviewAfter graceSeconds questionsPerAttempt } }`;
const PUBLISH = `mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { published } }`;
const START = `mutation ($id: ID!) { startAttempt(testId: $id) { id deadline questions { id options { id } } } }`;
const SAVE = `mutation ($a: ID!, $q: ID!, $o: ID!, $at: DateTimeISO) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o, chosenAt: $at) { questionId optionId } }`;
const SUBMIT = `mutation ($a: ID!) { submitAttempt(attemptId: $a) { score correct rank participants reviewOpensAt review { questionId chosenOptionId answeredCorrectly correctOptionId explanation } } }`;
const LEADERBOARD = `query ($t: ID!) { leaderboard(testId: $t) { items { rank name score } } }`;
const SET_QUIZ = `mutation ($l: ID!, $q: [ID!]!) { setLessonQuiz(lessonId: $l, questionIds: $q) { id correctOptionId explanation } }`;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  teacherId = (await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR, name: 'Teacher' }, PASSWORD)).id;
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  course = await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: teacherId });
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
});

function questionInput(n: number, courseId: string | null) {
  return {
    text: `প্রশ্ন ${n}: ${n * 10} মিটার ${n} সেকেন্ডে গেলে বেগ কত?`,
    options: ['৫', '১০', '১৫', '২০'],
    correctOption: 1,
    explanation: `ব্যাখ্যা ${n} (${courseId ?? 'shared bank'})`,
    classLevel: 9,
    subjectId: 'physics',
    courseId,
  };
}

async function makeQuestions(count: number, client: HttpClient, courseId: string | null): Promise<Q[]> {
  const questions: Q[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { data, errors } = await client.graphql<{ createQuestion: Q }>(CREATE_QUESTION, { input: questionInput(n, courseId) });
    expect(errors).toBeUndefined();
    questions.push(data!.createQuestion);
  }
  return questions;
}

function testInput(questions: Q[], extra: Record<string, unknown> = {}) {
  return {
    title: 'গতি: মডেল টেস্ট',
    classLevel: 9,
    subjectId: 'physics',
    courseId: course.id,
    free: true,
    durationMinutes: 10,
    negativeMark: 0,
    passMark: 0,
    questionIds: questions.map((q) => q.id),
    ...extra,
  };
}

async function publishedTest(client: HttpClient, questions: Q[], extra: Record<string, unknown> = {}): Promise<string> {
  const { data, errors } = await client.graphql<{ createModelTest: { id: string } }>(CREATE_TEST, { input: testInput(questions, extra) });
  expect(errors).toBeUndefined();
  expect((await client.graphql(PUBLISH, { id: data!.createModelTest.id })).errors).toBeUndefined();
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

describe('the answer keys', () => {
  it("keeps the shared bank's key from an instructor by every path: a test, a lesson quiz, their questions and their statistics", async () => {
    const shared = await makeQuestions(2, admin, null);
    // The ids are easy to learn (a free site test's attempt shows them); using them must not give the key.
    const asTest = await teacher.graphql(CREATE_TEST, { input: testInput(shared) });
    expect(asTest.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    const [lesson] = await given.db.getRepository(Lesson).find({ where: { courseId: course.id } });
    const asQuiz = await teacher.graphql(SET_QUIZ, { l: lesson.id, q: shared.map((q) => q.id) });
    expect(asQuiz.errors?.[0]).toMatchObject({ extensions: { code: 'FORBIDDEN' } });
    expect(JSON.stringify(asTest) + JSON.stringify(asQuiz)).not.toContain(shared[0].correctOptionId);

    // An admin may put shared questions into the instructor's course test; the instructor edits it without reading their key.
    const own = await makeQuestions(1, teacher, course.id);
    const { data } = await admin.graphql<{ createModelTest: { id: string } }>(CREATE_TEST, { input: testInput([...shared, ...own]) });
    const testId = data!.createModelTest.id;
    const read = await teacher.graphql<{ modelTestQuestions: Array<{ id: string; correctOptionId: string | null; explanation: string | null }> }>(
      `query ($id: ID!) { modelTestQuestions(id: $id) { id correctOptionId explanation statistics { answered } } questionStatistics(id: $id) { questionId } }`,
      { id: testId },
    );
    expect(read.errors).toBeUndefined();
    const raw = JSON.stringify(read.data);
    for (const q of shared) {
      expect(raw).not.toContain(q.correctOptionId);
      expect(raw).not.toContain(q.explanation);
    }
    expect(read.data!.modelTestQuestions.find((q) => q.id === own[0].id)).toMatchObject({ correctOptionId: own[0].correctOptionId });
    expect((read.data as unknown as { questionStatistics: Array<{ questionId: string }> }).questionStatistics).toEqual([{ questionId: own[0].id }]);
    // The admin reads everything.
    const adminRead = await admin.graphql<{ modelTestQuestions: Array<{ correctOptionId: string | null }> }>(
      `query ($id: ID!) { modelTestQuestions(id: $id) { correctOptionId } }`,
      { id: testId },
    );
    expect(adminRead.data!.modelTestQuestions.every((q) => q.correctOptionId !== null)).toBe(true);
  });

  it('lets an instructor an admin gave shared-bank access use and read it, and takes it back', async () => {
    const shared = await makeQuestions(1, admin, null);
    const GRANT = `mutation ($u: ID!, $g: Boolean!) { setSharedBankAccess(userId: $u, granted: $g) }`;
    expect((await teacher.graphql(GRANT, { u: teacherId, g: true })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await admin.graphql(GRANT, { u: teacherId, g: true })).data).toEqual({ setSharedBankAccess: true });
    const bank = await teacher.graphql<{ questionBank: { items: Array<{ id: string; correctOptionId: string }> } }>(
      `{ questionBank(sharedBank: true) { items { id correctOptionId } } }`,
    );
    expect(bank.data!.questionBank.items).toEqual([{ id: shared[0].id, correctOptionId: shared[0].correctOptionId }]);
    expect((await teacher.graphql(CREATE_TEST, { input: testInput(shared) })).errors).toBeUndefined();
    await admin.graphql(GRANT, { u: teacherId, g: false });
    expect((await teacher.graphql(CREATE_TEST, { input: testInput(shared) })).errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it('lets an instructor who has confirmed neither an email address nor a mobile number author nothing: no course, question or test', async () => {
    const created = await makeUser(given.db, { email: 'new@example.com', role: Role.INSTRUCTOR, emailVerifiedAt: null, phoneConfirmedAt: null }, PASSWORD);
    const newcomer = await signedInClient(given.app.url, 'new@example.com', PASSWORD);
    const own = await makeCourse(given.db, {
      name: 'Newcomer course',
      instructorId: created.id,
    });
    const refused = await newcomer.graphql(CREATE_QUESTION, { input: questionInput(1, own.id) });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'Confirm your email address or mobile number first: then you can write questions, tests and quizzes.',
      extensions: { code: 'ACCOUNT_NOT_CONFIRMED', category: 'FORBIDDEN' },
    });
    expect((await newcomer.graphql(CREATE_TEST, { input: { ...testInput([]), courseId: own.id } })).errors?.[0].extensions?.code).toBe('ACCOUNT_NOT_CONFIRMED');
    const course = await newcomer.graphql(`mutation ($input: CourseInput!) { createCourse(input: $input) { id } }`, {
      input: {
        name: 'Class 9 Physics',
        description: 'Motion, force and energy.',
        price: 15,
        photoURL: 'https://images.example/physics.png',
        category: 'SCHOOL',
        classLevel: 9,
        keyPoints: ['Motion'],
        targetedPeoples: 'Class 9 students',
        whyNeed: 'The base of SSC physics',
        lessons: [{ title: 'Motion', videoURL: '/media/videos/lesson-1.webm' }],
      },
    });
    expect(course.errors?.[0].extensions?.code).toBe('ACCOUNT_NOT_CONFIRMED');
    // A confirmed number is enough.
    await given.db.query(`UPDATE "user" SET "phoneConfirmedAt" = now(), phone = '+8801711000001' WHERE email = 'new@example.com'`);
    expect((await newcomer.graphql(CREATE_QUESTION, { input: questionInput(1, own.id) })).errors).toBeUndefined();
  });
});

describe('the review of a finished attempt', () => {
  it("keeps a window test's key until it closes: a blank submission shows the score and right or wrong, not the key", async () => {
    const questions = await makeQuestions(2, teacher, course.id);
    const closesAt = new Date(Date.now() + 3600_000).toISOString();
    const testId = await publishedTest(teacher, questions, { closesAt, reviewAfter: 'AFTER_SUBMIT' });
    const spy = await student('Spy');
    const attempt = await start(spy, testId);
    const q1 = attempt.questions[0].id;
    await spy.graphql(SAVE, { a: attempt.id, q: q1, o: wrongOf(questions, q1) });
    const { data } = await spy.graphql<{ submitAttempt: { reviewOpensAt: string; review: Array<Record<string, unknown>> } }>(SUBMIT, { a: attempt.id });
    const result = data!.submitAttempt;
    expect(new Date(result.reviewOpensAt).getTime()).toBe(new Date(closesAt).getTime() + 120_000);
    expect(result.review.find((item) => item.questionId === q1)).toEqual({
      questionId: q1,
      chosenOptionId: wrongOf(questions, q1),
      answeredCorrectly: false,
      correctOptionId: null,
      explanation: null,
    });
    const raw = JSON.stringify(data);
    for (const q of questions) {
      expect(raw).not.toContain(q.correctOptionId);
      expect(raw).not.toContain(q.explanation);
    }
    // Once it has closed and the grace window passed, the key is there.
    await given.db.query(`UPDATE "model_test" SET "opensAt" = NULL, "closesAt" = now() - interval '3 minutes'`);
    const later = await spy.graphql<{ attempt: { result: { review: Array<{ correctOptionId: string }> } } }>(
      `query ($id: ID!) { attempt(id: $id) { result { review { questionId correctOptionId } } } }`,
      { id: attempt.id },
    );
    expect(later.data!.attempt.result.review.map((item) => item.correctOptionId).sort()).toEqual(questions.map((q) => q.correctOptionId).sort());
  });

  it("shows an any-time test's key after each submission or never before a closing time, as its author chose", async () => {
    const questions = await makeQuestions(1, teacher, course.id);
    const refused = await teacher.graphql(CREATE_TEST, { input: testInput(questions, { reviewAfter: 'AFTER_CLOSE' }) });
    expect(refused.errors?.[0]).toMatchObject({
      message: 'To show the answers after the test closes, give it a closing time',
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const openTest = await publishedTest(teacher, questions);
    const rahim = await student();
    const attempt = await start(rahim, openTest);
    const { data } = await rahim.graphql<{ submitAttempt: { review: Array<{ correctOptionId: string; explanation: string }> } }>(SUBMIT, {
      a: attempt.id,
    });
    expect(data!.submitAttempt.review).toMatchObject([{ correctOptionId: questions[0].correctOptionId, explanation: questions[0].explanation }]);
  });

  it("ranks only a student's first attempt, the same way as the leaderboard", async () => {
    const questions = await makeQuestions(2, teacher, course.id);
    const testId = await publishedTest(teacher, questions);
    const first = await student('Karim');
    const second = await student('Rahim');
    const answerAll = async (client: HttpClient, right: boolean) => {
      const attempt = await start(client, testId);
      for (const q of attempt.questions)
        await client.graphql(SAVE, { a: attempt.id, q: q.id, o: right ? correctOf(questions, q.id) : wrongOf(questions, q.id) });
      return (await client.graphql<{ submitAttempt: { rank: number | null; participants: number; score: number } }>(SUBMIT, { a: attempt.id })).data!
        .submitAttempt;
    };
    expect(await answerAll(first, true)).toMatchObject({ rank: 1, participants: 1 });
    expect(await answerAll(second, false)).toMatchObject({ rank: 2, participants: 2 });
    // Rahim's second attempt scores full marks: practice, not ranked; the leaderboard still ranks his first.
    expect(await answerAll(second, true)).toMatchObject({ score: 2, rank: null, participants: 2 });
    const board = await given.visitor.graphql<{ leaderboard: { items: Array<{ rank: number; name: string }> } }>(LEADERBOARD, { t: testId });
    expect(board.data!.leaderboard.items.map((row) => [row.rank, row.name])).toEqual([
      [1, 'Karim'],
      [2, 'Rahim'],
    ]);
  });

  it('draws each attempt from a larger pool when the test says how many questions an attempt has', async () => {
    const questions = await makeQuestions(5, teacher, course.id);
    const bad = await teacher.graphql(CREATE_TEST, { input: testInput(questions, { questionsPerAttempt: 6 }) });
    expect(bad.errors?.[0].message).toBe('Questions per attempt must be from 1 to the number of questions');
    const testId = await publishedTest(teacher, questions, { questionsPerAttempt: 2 });
    const attempt = await start(await student(), testId);
    expect(attempt.questions).toHaveLength(2);
    expect(attempt.questions.every((q) => questions.some((p) => p.id === q.id))).toBe(true);
  });
});

describe('answers that survive the network', () => {
  async function lateAttempt(secondsPastDeadline: number, grace?: number) {
    const questions = await makeQuestions(3, teacher, course.id);
    const testId = await publishedTest(teacher, questions, grace === undefined ? {} : { graceSeconds: grace });
    const rahim = await student();
    const attempt = await start(rahim, testId);
    await given.db.query(
      `UPDATE "attempt" SET "startedAt" = now() - interval '10 minutes' - make_interval(secs => $2), "deadline" = now() - make_interval(secs => $2) WHERE id = $1`,
      [attempt.id, secondsPastDeadline],
    );
    const [{ deadline }] = await given.db.query<Array<{ deadline: Date }>>(`SELECT deadline FROM attempt WHERE id = $1`, [attempt.id]);
    return { questions, rahim, attempt, deadline };
  }

  it('counts an answer chosen before the deadline that arrives within the grace window, and refuses one chosen after', async () => {
    const { questions, rahim, attempt, deadline } = await lateAttempt(30);
    const [q1, q2, q3] = attempt.questions.map((q) => q.id);
    const inTime = new Date(deadline.getTime() - 5000).toISOString();
    expect((await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: correctOf(questions, q1), at: inTime })).errors).toBeUndefined();
    expect((await rahim.graphql(SAVE, { a: attempt.id, q: q2, o: correctOf(questions, q2), at: inTime })).errors).toBeUndefined();
    const afterDeadline = await rahim.graphql(SAVE, { a: attempt.id, q: q3, o: correctOf(questions, q3), at: new Date().toISOString() });
    expect(afterDeadline.errors?.[0]).toMatchObject({
      message: 'Time is up: answers after the deadline are not accepted',
      extensions: { code: 'ATTEMPT_CLOSED' },
    });
    const withoutTime = await rahim.graphql(SAVE, { a: attempt.id, q: q3, o: correctOf(questions, q3) });
    expect(withoutTime.errors?.[0].extensions?.code).toBe('ATTEMPT_CLOSED');
    const { data } = await rahim.graphql<{ submitAttempt: { correct: number; score: number } }>(SUBMIT, { a: attempt.id });
    expect(data!.submitAttempt).toMatchObject({ correct: 2, score: 2 });
  });

  it('refuses with its own code an answer chosen in time that arrives after the grace window, and a strict test has none', async () => {
    const { questions, rahim, attempt, deadline } = await lateAttempt(121);
    const q1 = attempt.questions[0].id;
    const tooLate = await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: correctOf(questions, q1), at: new Date(deadline.getTime() - 1000).toISOString() });
    expect(tooLate.errors?.[0]).toMatchObject({
      message: 'This answer was chosen in time but reached us after the grace window: it does not count',
      extensions: { code: 'ANSWER_TOO_LATE', category: 'CONFLICT' },
    });
    expect(await given.db.getRepository(AttemptAnswer).count()).toBe(0);

    const strict = await lateAttempt(1, 0);
    const q = strict.attempt.questions[0].id;
    const refused = await strict.rahim.graphql(SAVE, {
      a: strict.attempt.id,
      q,
      o: correctOf(strict.questions, q),
      at: new Date(strict.deadline.getTime() - 1000).toISOString(),
    });
    expect(refused.errors?.[0].extensions?.code).toBe('ANSWER_TOO_LATE');
  });

  it('keeps the answer chosen last, whatever order the answers arrive in', async () => {
    const questions = await makeQuestions(1, teacher, course.id);
    const testId = await publishedTest(teacher, questions);
    const rahim = await student();
    const attempt = await start(rahim, testId);
    const q1 = attempt.questions[0].id;
    const now = Date.now();
    await rahim.graphql(SAVE, { a: attempt.id, q: q1, o: correctOf(questions, q1), at: new Date(now).toISOString() });
    // An earlier choice, held back by the network, arrives second.
    const second = await rahim.graphql<{ saveAnswer: { optionId: string } }>(SAVE, {
      a: attempt.id,
      q: q1,
      o: wrongOf(questions, q1),
      at: new Date(now - 3000).toISOString(),
    });
    // The answer kept is the one the reply names.
    expect(second.data!.saveAnswer.optionId).toBe(correctOf(questions, q1));
    const [saved] = await given.db.getRepository(AttemptAnswer).find();
    expect(saved.optionId).toBe(correctOf(questions, q1));
  });

  it('never submits on a read: an attempt past its grace window reads as ended with its result, and the queue submits it', async () => {
    const { questions, rahim, attempt } = await lateAttempt(200);
    const q1 = attempt.questions[0].id;
    await given.db.query(`INSERT INTO attempt_answer ("attemptId", "questionId", "optionId") VALUES ($1, $2, $3)`, [attempt.id, q1, correctOf(questions, q1)]);
    const READ = `query ($id: ID!) { attempt(id: $id) { finished result { correct skipped } } myAttempts { items { id finished } } }`;
    const { data } = await rahim.graphql<{ attempt: unknown }>(READ, { id: attempt.id });
    expect(data!.attempt).toEqual({ finished: true, result: { correct: 1, skipped: 2 } });
    expect((await given.db.getRepository(Attempt).findOneByOrFail({ id: attempt.id })).submittedAt).toBeNull();
    await finishAtDeadline(given.db, attempt.id);
    expect(await given.db.getRepository(Attempt).findOneByOrFail({ id: attempt.id })).toMatchObject({ correct: 1, skipped: 2 });
  });
});
