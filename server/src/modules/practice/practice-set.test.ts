import { useAppPerFile } from '../../test/app-per-file';
import { countStatements } from '../../db/query-counter';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import { Enrollment } from '../enrollment/enrollment.entity';
import { Role } from '../../kernel/role';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a practice password';
const MOTION = 'a0000000-0000-4000-8000-000000000902';
const FORCE = 'a0000000-0000-4000-8000-000000000903';
let admin: HttpClient;
let teacher: HttpClient;
let courseId: string;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR, name: 'Teacher' }, PASSWORD);
  courseId = (await makeCourse(given.db, { name: 'Physics 9', price: 10, instructorId: instructor.id })).id;
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
});

type Q = { id: string; options: Array<{ id: string }>; correctOptionId: string; usableInPractice: boolean };
type Feedback = { questionId: string; chosenOptionId: string; answeredCorrectly: boolean; correctOptionId: string; explanation: string };
type PracticeAttempt = {
  id: string;
  title: string;
  deadline: string | null;
  test: unknown;
  practiceSet: { source: string; chapters: Array<{ id: string }> };
  questions: Array<{ id: string; options: Array<{ id: string }> }>;
};

const CREATE = `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id options { id } correctOptionId usableInPractice } }`;
const ATTEMPT_FIELDS = `id title deadline test { id } practiceSet { source chapters { id } } questions { id options { id } }`;
const START_PRACTICE = `mutation ($input: PracticeInput!) { startPractice(input: $input) { ${ATTEMPT_FIELDS} } }`;
const ANSWER = `mutation ($a: ID!, $q: ID!, $o: ID!) { answerPractice(attemptId: $a, questionId: $q, optionId: $o) { questionId chosenOptionId answeredCorrectly correctOptionId explanation } }`;
const SUBMIT = `mutation ($a: ID!) { submitAttempt(attemptId: $a) { correct wrong rank passed review { questionId correctOptionId explanation } } }`;

async function bankQuestions(count: number, extra: Record<string, unknown> = {}, client = admin): Promise<Q[]> {
  const made: Q[] = [];
  for (let n = 1; n <= count; n += 1) {
    const input = {
      text: `প্রশ্ন ${made.length + 1} ${JSON.stringify(extra)}: ${n * 10} মিটার পথ ${n} সেকেন্ডে গেলে বেগ কত?`,
      options: ['৫ মি/সে', '১০ মি/সে', '১৫ মি/সে'],
      correctOption: 1,
      explanation: `বেগ = দূরত্ব ÷ সময় = ${n * 10} ÷ ${n} = ১০ মি/সে`,
      classLevel: 9,
      subjectId: 'physics',
      chapterId: MOTION,
      ...extra,
    };
    const { data, errors } = await client.graphql<{ createQuestion: Q }>(CREATE, { input });
    expect(errors).toBeUndefined();
    made.push(data!.createQuestion);
  }
  return made;
}

let students = 0;
async function student(): Promise<{ client: HttpClient; id: string }> {
  students += 1;
  const user = await makeUser(given.db, { email: `student${students}@example.com`, name: `ছাত্র ${students}` }, PASSWORD);
  return { client: await signedInClient(given.app.url, user.email, PASSWORD), id: user.id };
}

async function practise(client: HttpClient, input: Record<string, unknown>): Promise<PracticeAttempt> {
  const { data, errors } = await client.graphql<{ startPractice: PracticeAttempt }>(START_PRACTICE, {
    input: { classLevel: 9, subjectId: 'physics', count: 30, ...input },
  });
  expect(errors).toBeUndefined();
  return data!.startPractice;
}

async function answer(client: HttpClient, attemptId: string, questionId: string, optionId: string): Promise<Feedback> {
  const { data, errors } = await client.graphql<{ answerPractice: Feedback }>(ANSWER, { a: attemptId, q: questionId, o: optionId });
  expect(errors).toBeUndefined();
  return data!.answerPractice;
}

const keyOf = (bank: Q[], id: string) => bank.find((q) => q.id === id)!.correctOptionId;
const wrongOf = (bank: Q[], id: string) => bank.find((q) => q.id === id)!.options.find((o) => o.id !== keyOf(bank, id))!.id;

describe('practice sets a student makes', () => {
  it('never hold a question kept for exams only, nor one of a live exam before it closes', async () => {
    const usable = await bankQuestions(4);
    const examOnly = await bankQuestions(4, { usableInPractice: false });
    expect(examOnly.every((q) => !q.usableInPractice)).toBe(true);
    const [live] = await bankQuestions(1);
    const opens = new Date(Date.now() + 3600_000);
    const created = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
      input: {
        title: 'সাপ্তাহিক লাইভ পরীক্ষা',
        classLevel: 9,
        subjectId: 'physics',
        durationMinutes: 10,
        opensAt: opens.toISOString(),
        closesAt: new Date(opens.getTime() + 3600_000).toISOString(),
        questionIds: [live.id, ...examOnly.map((q) => q.id)],
      },
    });
    expect(created.errors).toBeUndefined();
    await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: created.data!.createModelTest.id });

    const { client } = await student();
    for (let round = 0; round < 3; round += 1) {
      const set = await practise(client, { chapterIds: [MOTION] });
      expect(set.questions.map((q) => q.id).sort()).toEqual(usable.map((q) => q.id).sort());
    }
    // Once the live exam has closed (and its grace window passed), its practice-usable question may be practised.
    await given.db.query(`UPDATE "model_test" SET "opensAt" = now() - interval '3 hours', "closesAt" = now() - interval '2 hours'`);
    const after = await practise(client, {});
    expect(after.questions.map((q) => q.id).sort()).toEqual([...usable, live].map((q) => q.id).sort());

    // Retrying wrong answers and saved questions hold no exam-only question either.
    const bank = [...usable, live];
    for (const q of after.questions) await answer(client, after.id, q.id, wrongOf(bank, q.id));
    await client.graphql(SUBMIT, { a: after.id });
    const retried = await client.graphql<{ retryWrongAnswers: PracticeAttempt }>(
      `mutation ($a: ID!) { retryWrongAnswers(attemptId: $a) { ${ATTEMPT_FIELDS} } }`,
      { a: after.id },
    );
    expect(retried.data!.retryWrongAnswers.questions.every((q) => !examOnly.some((e) => e.id === q.id))).toBe(true);
  });

  it('draws up to the number asked from the chapters and difficulty picked, with no deadline, and refuses a size other than 10, 20 or 30', async () => {
    await bankQuestions(12, { difficulty: 'EASY' });
    await bankQuestions(3, { difficulty: 'HARD', chapterId: FORCE });
    const { client } = await student();
    const ten = await practise(client, { chapterIds: [MOTION], count: 10, difficulty: 'EASY' });
    expect(ten.questions).toHaveLength(10);
    expect(ten.deadline).toBeNull();
    expect(ten.test).toBeNull();
    expect(ten.practiceSet).toEqual({ source: 'CHAPTERS', chapters: [{ id: MOTION }] });
    expect(ten.title).toBe('Physics practice: Motion');
    const both = await practise(client, { chapterIds: [MOTION, FORCE], count: 20 });
    expect(both.questions).toHaveLength(15);
    expect((await practise(client, { chapterIds: [FORCE], difficulty: 'HARD' })).questions).toHaveLength(3);

    const refused = await client.graphql(START_PRACTICE, { input: { classLevel: 9, subjectId: 'physics', count: 15 } });
    expect(refused.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    const none = await client.graphql(START_PRACTICE, { input: { classLevel: 9, subjectId: 'chemistry', count: 10 } });
    expect(none.errors?.[0].extensions?.code).toBe('NO_PRACTICE_QUESTIONS');
    const otherSubject = await client.graphql(START_PRACTICE, { input: { classLevel: 9, subjectId: 'chemistry', chapterIds: [MOTION], count: 10 } });
    expect(otherSubject.errors?.[0].extensions?.field).toBe('input.chapterIds');
    // Class 10 reads the class 9-10 book.
    expect((await practise(client, { classLevel: 10, chapterIds: [FORCE] })).questions).toHaveLength(3);
  });

  it('names every attempt of a list in the same few statements however many there are', async () => {
    await bankQuestions(12, { difficulty: 'EASY' });
    await bankQuestions(3, { difficulty: 'HARD', chapterId: FORCE });
    const { client, id } = await student();
    const viewer = { id, role: Role.STUDENT, email: 'student@example.com', name: 'ছাত্র' };
    const LIST = `{ myAttempts(offset: 0, limit: 50) { items { title } } }`;
    const statementsFor = async () => {
      const { result, statements } = await countStatements(() => given.app.execute(LIST, undefined, {}, viewer));
      expect(result.errors).toBeUndefined();
      return { titles: (result.data as { myAttempts: { items: Array<{ title: string }> } }).myAttempts.items.map((item) => item.title), statements };
    };
    await practise(client, { chapterIds: [MOTION] });
    const one = await statementsFor();
    expect(one.titles).toEqual(['Physics practice: Motion']);
    await practise(client, { chapterIds: [FORCE] });
    await practise(client, { chapterIds: [MOTION, FORCE] });
    await practise(client, {});
    const four = await statementsFor();
    expect(four.titles.sort()).toEqual(['Physics practice', 'Physics practice: Force', 'Physics practice: Motion', 'Physics practice: Motion, Force'].sort());
    expect(four.statements).toBe(one.statements);
  });

  it("uses a paid course's questions only for its students", async () => {
    await bankQuestions(2, { courseId }, teacher);
    await bankQuestions(1);
    const outsider = await student();
    expect((await practise(outsider.client, {})).questions).toHaveLength(1);
    const enrolled = await student();
    await given.db
      .getRepository(Enrollment)
      .insert({ studentId: enrolled.id, courseId, courseName: 'Physics 9', courseDescription: '', courseImage: null, email: 'x@example.com' });
    expect((await practise(enrolled.client, {})).questions).toHaveLength(3);
  });

  it('shows the key and explanation after each answer, keeps the first answer, and gives a result without rank', async () => {
    const bank = await bankQuestions(3);
    const { client } = await student();
    const set = await practise(client, {});
    const [first, second] = set.questions;
    const wrong = await answer(client, set.id, first.id, wrongOf(bank, first.id));
    expect(wrong).toMatchObject({ answeredCorrectly: false, correctOptionId: keyOf(bank, first.id) });
    expect(wrong.explanation).toContain('বেগ = দূরত্ব ÷ সময়');
    // Answering again after seeing the key changes nothing.
    expect(await answer(client, set.id, first.id, keyOf(bank, first.id))).toEqual(wrong);
    expect((await answer(client, set.id, second.id, keyOf(bank, second.id))).answeredCorrectly).toBe(true);
    const saved = await client.graphql(`mutation ($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { optionId } }`, {
      a: set.id,
      q: first.id,
      o: keyOf(bank, first.id),
    });
    expect(saved.errors?.[0].extensions?.code).toBe('CONFLICT');

    const reread = await client.graphql<{ attempt: { finished: boolean; result: unknown; practiceAnswers: Feedback[] } }>(
      `query ($id: ID!) { attempt(id: $id) { finished result { score } practiceAnswers { questionId answeredCorrectly } } }`,
      { id: set.id },
    );
    expect(reread.data!.attempt).toMatchObject({ finished: false, result: null });
    expect(reread.data!.attempt.practiceAnswers).toHaveLength(2);

    const result = await client.graphql<{ submitAttempt: { correct: number; wrong: number; rank: number | null; review: Array<{ correctOptionId: string }> } }>(
      SUBMIT,
      { a: set.id },
    );
    expect(result.data!.submitAttempt).toMatchObject({ correct: 1, wrong: 1, rank: null });
    expect(result.data!.submitAttempt.review.every((item) => item.correctOptionId)).toBe(true);

    const other = await student();
    const foreign = await other.client.graphql(ANSWER, { a: set.id, q: first.id, o: keyOf(bank, first.id) });
    expect(foreign.errors?.[0].extensions?.code).toBe('FORBIDDEN');
  });

  it("gives every key and explanation of the student's own practice set to keep for answering offline, and never a model test's", async () => {
    const bank = await bankQuestions(3);
    const KEYS = `query ($id: ID!) { attempt(id: $id) { practiceKeys { questionId correctOptionId explanation } } }`;
    type Keys = { attempt: { practiceKeys: Array<{ questionId: string; correctOptionId: string; explanation: string }> } };
    const { client } = await student();
    const set = await practise(client, {});
    const keys = (await client.graphql<Keys>(KEYS, { id: set.id })).data!.attempt.practiceKeys;
    expect(keys.map((key) => key.questionId)).toEqual(set.questions.map((q) => q.id));
    for (const key of keys) {
      expect(key.correctOptionId).toBe(keyOf(bank, key.questionId));
      expect(key.explanation).toContain('বেগ = দূরত্ব ÷ সময়');
    }
    // Nobody else gets them, not even an admin who may read the attempt.
    expect((await admin.graphql<Keys>(KEYS, { id: set.id })).data!.attempt.practiceKeys).toEqual([]);

    // A model test's attempt, open now: no key, for its student or anyone.
    const created = await admin.graphql<{ createModelTest: { id: string } }>(`mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`, {
      input: {
        title: 'মডেল টেস্ট',
        classLevel: 9,
        subjectId: 'physics',
        durationMinutes: 10,
        opensAt: new Date(Date.now() - 60_000).toISOString(),
        closesAt: new Date(Date.now() + 3600_000).toISOString(),
        questionIds: bank.map((q) => q.id),
      },
    });
    expect(created.errors).toBeUndefined();
    const testId = created.data!.createModelTest.id;
    await admin.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: testId });
    const started = await client.graphql<{ startAttempt: { id: string } }>(`mutation ($id: ID!) { startAttempt(testId: $id) { id } }`, { id: testId });
    expect(started.errors).toBeUndefined();
    const exam = await client.graphql<Keys>(KEYS, { id: started.data!.startAttempt.id });
    expect(exam.errors).toBeUndefined();
    expect(exam.data!.attempt.practiceKeys).toEqual([]);
    expect((await admin.graphql<Keys>(KEYS, { id: started.data!.startAttempt.id })).data!.attempt.practiceKeys).toEqual([]);
    // The practice set's questions are now in a live exam: their keys are no longer given.
    expect((await client.graphql<Keys>(KEYS, { id: set.id })).data!.attempt.practiceKeys).toEqual([]);
  });

  it('retries the wrong answers of a finished attempt, and only once it has ended', async () => {
    const bank = await bankQuestions(5);
    const { client } = await student();
    const set = await practise(client, {});
    const early = await client.graphql(`mutation ($a: ID!) { retryWrongAnswers(attemptId: $a) { id } }`, { a: set.id });
    expect(early.errors?.[0].extensions?.code).toBe('ATTEMPT_NOT_FINISHED');
    const [a, b, c] = set.questions;
    await answer(client, set.id, a.id, wrongOf(bank, a.id));
    await answer(client, set.id, b.id, wrongOf(bank, b.id));
    await answer(client, set.id, c.id, keyOf(bank, c.id));
    await client.graphql(SUBMIT, { a: set.id });
    const retry = await client.graphql<{ retryWrongAnswers: PracticeAttempt }>(
      `mutation ($a: ID!) { retryWrongAnswers(attemptId: $a) { ${ATTEMPT_FIELDS} } }`,
      {
        a: set.id,
      },
    );
    expect(retry.errors).toBeUndefined();
    expect(retry.data!.retryWrongAnswers.practiceSet.source).toBe('WRONG_ANSWERS');
    expect(retry.data!.retryWrongAnswers.title).toBe('Practice of your wrong answers');
    expect(retry.data!.retryWrongAnswers.questions.map((q) => q.id).sort()).toEqual([a.id, b.id].sort());

    const clean = await practise(client, {});
    for (const q of clean.questions) await answer(client, clean.id, q.id, keyOf(bank, q.id));
    await client.graphql(SUBMIT, { a: clean.id });
    const nothing = await client.graphql(`mutation ($a: ID!) { retryWrongAnswers(attemptId: $a) { id } }`, { a: clean.id });
    expect(nothing.errors?.[0].extensions?.code).toBe('NOTHING_TO_RETRY');
  });

  it('saves a question once answered, lists it without its key, practises the saved ones and forgets one unsaved', async () => {
    const bank = await bankQuestions(3);
    const { client } = await student();
    const set = await practise(client, {});
    const [first, second] = set.questions;
    const early = await client.graphql(`mutation ($q: ID!) { saveQuestion(questionId: $q) }`, { q: first.id });
    expect(early.errors?.[0].extensions?.code).toBe('NOT_ANSWERED_YET');
    await answer(client, set.id, first.id, wrongOf(bank, first.id));
    await answer(client, set.id, second.id, wrongOf(bank, second.id));
    for (const q of [first, second, first])
      expect((await client.graphql(`mutation ($q: ID!) { saveQuestion(questionId: $q) }`, { q: q.id })).errors).toBeUndefined();

    const listed = await client.graphql<{ savedQuestions: { total: number; items: Array<{ questionId: string; text: string; options: unknown[] }> } }>(
      `{ savedQuestions(offset: 0, limit: 10) { total items { questionId text options { id text } } } }`,
    );
    expect(listed.data!.savedQuestions.total).toBe(2);
    expect(listed.data!.savedQuestions.items.map((item) => item.questionId)).toEqual([second.id, first.id]);
    expect(JSON.stringify(listed.data)).not.toContain('correct');
    const flags = await client.graphql<{ attempt: { savedQuestionIds: string[] } }>(`query ($id: ID!) { attempt(id: $id) { savedQuestionIds } }`, {
      id: set.id,
    });
    expect(flags.data!.attempt.savedQuestionIds.sort()).toEqual([first.id, second.id].sort());

    const again = await client.graphql<{ practiseSavedQuestions: PracticeAttempt }>(`mutation { practiseSavedQuestions(count: 10) { ${ATTEMPT_FIELDS} } }`);
    expect(again.data!.practiseSavedQuestions.practiceSet.source).toBe('SAVED');
    expect(again.data!.practiseSavedQuestions.questions.map((q) => q.id).sort()).toEqual([first.id, second.id].sort());

    await client.graphql(`mutation ($q: ID!) { unsaveQuestion(questionId: $q) }`, { q: first.id });
    const after = await client.graphql<{ savedQuestions: { items: Array<{ questionId: string }> } }>(`{ savedQuestions { items { questionId } } }`);
    expect(after.data!.savedQuestions.items.map((item) => item.questionId)).toEqual([second.id]);
    // Another student sees only their own.
    const other = await student();
    expect((await other.client.graphql<{ savedQuestions: { total: number } }>(`{ savedQuestions { total } }`)).data!.savedQuestions.total).toBe(0);
  });

  it("gives the student's accuracy per chapter over every attempt, weakest first, named in the request's language", async () => {
    const motion = await bankQuestions(4);
    const force = await bankQuestions(2, { chapterId: FORCE });
    const bank = [...motion, ...force];
    const { client } = await student();
    const first = await practise(client, { chapterIds: [MOTION, FORCE] });
    // Motion: 3 of 4 correct; force: 0 of 2.
    let motionWrong = 0;
    for (const q of first.questions) {
      const isMotion = motion.some((m) => m.id === q.id);
      const right = isMotion && (motionWrong += 1) > 1;
      await answer(client, first.id, q.id, right ? keyOf(bank, q.id) : wrongOf(bank, q.id));
    }
    const second = await practise(client, { chapterIds: [FORCE] });
    await answer(client, second.id, second.questions[0].id, keyOf(bank, second.questions[0].id));

    client.headers['accept-language'] = 'bn';
    const { data } = await client.graphql<{
      myChapterStrengths: Array<{ chapter: { id: string; name: string }; answered: number; correct: number; share: number }>;
    }>(`{ myChapterStrengths { chapter { id name } answered correct share } }`);
    expect(data!.myChapterStrengths).toEqual([
      { chapter: { id: FORCE, name: 'বল' }, answered: 3, correct: 1, share: 1 / 3 },
      { chapter: { id: MOTION, name: 'গতি' }, answered: 4, correct: 3, share: 0.75 },
    ]);
  });
});
