// Exam night: `students` students start the same model test within `startWithinSeconds`, each saves
// an answer every few seconds (as a student tapping through the questions does), and all submit at
// the deadline. Answers saveAnswer and submitAttempt per second and their p99; `around` wraps the
// exam (not the sign-ins before it), e.g. measureCpu for the CPU each costs in the product and in
// PostgreSQL. Afterwards SQL must show every attempt with exactly one result and every answer the
// students last saw saved, as they chose it.
//
// Written for bench/run.mjs's rounds (a fresh product and database, the same helpers as purchases.mjs);
// it has not been run yet: the machine it was written on is shared (see bench/results/exam-night.md).
import crypto from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { fetchJson, graphql, percentile } from './load.mjs';
import { passwordHash, PASSWORD, SIGN_IN } from './purchases.mjs';

const START = 'mutation StartAttempt($testId: ID!) { startAttempt(testId: $testId) { id deadline questions { id options { id } } } }';
const SAVE = 'mutation SaveAnswer($a: ID!, $q: ID!, $o: ID!) { saveAnswer(attemptId: $a, questionId: $q, optionId: $o) { questionId } }';
const SUBMIT = 'mutation SubmitAttempt($a: ID!) { submitAttempt(attemptId: $a) { score } }';

export class ExamRuleBroken extends Error {}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
const addressOf = (round, i) => `10.${100 + round}.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** A free published test of `questions` questions (four options each) and `minutes` minutes, written straight into the database. */
async function makeTest(db, round, questions, minutes) {
  const ids = [];
  for (let n = 1; n <= questions; n++) {
    const options = [1, 2, 3, 4].map((k) => ({ id: crypto.randomUUID(), text: `Option ${k}` }));
    const { rows } = await db.query(
      `INSERT INTO "question" ("text", "options", "correctOptionId", "explanation", "classLevel", "subjectId")
       VALUES ($1, $2, $3, 'Because', 9, 'physics') RETURNING "id"`,
      [`Bench question ${round}.${n}: $v = \\frac{s}{t}$`, JSON.stringify(options), options[0].id],
    );
    ids.push(rows[0].id);
  }
  const { rows } = await db.query(
    `INSERT INTO "model_test" ("title", "classLevel", "subjectId", "free", "durationMinutes", "negativeMark", "passMark", "published")
     VALUES ($1, 9, 'physics', true, $2, 0.25, 1, true) RETURNING "id"`,
    [`Exam night ${round}`, minutes],
  );
  await db.query(`INSERT INTO "model_test_question" ("testId", "questionId", "position") SELECT $1, q, i FROM unnest($2::uuid[]) WITH ORDINALITY AS t(q, i)`, [
    rows[0].id,
    ids,
  ]);
  return rows[0].id;
}

export async function examNight({
  url,
  db,
  round = 1,
  students = 1000,
  startWithinSeconds = 60,
  answerEverySeconds = 4,
  questions = 25,
  minutes = 3,
  around = (work) => work(),
}) {
  const hashed = await passwordHash(PASSWORD);
  const { rows: accounts } = await db.query(
    `INSERT INTO "user" ("name", "email", "passwordHash", "role", "image")
     SELECT 'Exam student ' || i, 'exam-student-' || $1::int || '-' || i || '@shikhon.test', $2, 'STUDENT', '/media/people/student.svg'
     FROM generate_series(1, $3::int) AS i ORDER BY i RETURNING "id", "email"`,
    [round, hashed, students],
  );
  const testId = await makeTest(db, round, questions, minutes);
  const tokens = [];
  for (const [i, account] of accounts.entries()) {
    const answer = await fetchJson(url, graphql(SIGN_IN, { email: account.email, password: PASSWORD }, 'Login'), { 'x-forwarded-for': addressOf(round, i) });
    if (!answer.data) throw new Error(`sign-in of ${account.email} failed: ${JSON.stringify(answer.errors)}`);
    tokens.push(answer.data.login.accessToken);
  }

  const saveTimes = [];
  const submitTimes = [];
  const startTimes = [];
  /** attemptId -> questionId -> the option the student saw saved last. */
  const saved = new Map();
  const failures = [];
  const call = async (i, query, variables, operationName, times) => {
    const started = performance.now();
    const answer = await fetchJson(url, graphql(query, variables, operationName), {
      authorization: `Bearer ${tokens[i]}`,
      'x-forwarded-for': addressOf(round, i),
    });
    times.push(performance.now() - started);
    if (answer.errors) failures.push(`${operationName}: ${answer.errors[0].message}`);
    return answer.data;
  };

  const student = async (i) => {
    await sleep(Math.random() * startWithinSeconds * 1000);
    const { startAttempt: attempt } = await call(i, START, { testId }, 'StartAttempt', startTimes);
    const deadline = new Date(attempt.deadline).getTime();
    const mine = new Map();
    saved.set(attempt.id, mine);
    let n = 0;
    // Answers until a little before the deadline, one every few seconds (jittered), sometimes changing one.
    while (Date.now() + answerEverySeconds * 1000 < deadline - 2000) {
      await sleep(answerEverySeconds * 1000 * (0.5 + Math.random()));
      const question = attempt.questions[n % attempt.questions.length];
      const option = question.options[Math.floor(Math.random() * question.options.length)];
      const data = await call(i, SAVE, { a: attempt.id, q: question.id, o: option.id }, 'SaveAnswer', saveTimes);
      if (data) mine.set(question.id, option.id);
      n += 1;
    }
    // Everyone submits at the deadline, within the same second.
    await sleep(deadline - 1000 - Date.now() + Math.random() * 500);
    await call(i, SUBMIT, { a: attempt.id }, 'SubmitAttempt', submitTimes);
  };

  const began = performance.now();
  const { result, ...measured } = await around(() => Promise.all(accounts.map((_, i) => student(i))));
  void result;
  const seconds = (performance.now() - began) / 1000;

  // Every attempt has exactly one result, and no answer was lost or changed.
  const { rows: attempts } = await db.query(
    `SELECT "id", "submittedAt" IS NOT NULL AS "finished", "score" IS NOT NULL AS "scored", "correct" + "wrong" + "skipped" AS "counted"
       FROM "attempt" WHERE "testId" = $1`,
    [testId],
  );
  if (attempts.length !== students) throw new ExamRuleBroken(`${attempts.length} attempts for ${students} students`);
  const unfinished = attempts.filter((a) => !a.finished || !a.scored || a.counted !== questions);
  if (unfinished.length) throw new ExamRuleBroken(`${unfinished.length} attempts without exactly one result`);
  const { rows: answers } = await db.query(
    `SELECT a."attemptId", a."questionId", a."optionId" FROM "attempt_answer" a JOIN "attempt" t ON t."id" = a."attemptId" WHERE t."testId" = $1`,
    [testId],
  );
  const stored = new Map(answers.map((a) => [`${a.attemptId}/${a.questionId}`, a.optionId]));
  let expected = 0;
  for (const [attemptId, mine] of saved)
    for (const [questionId, optionId] of mine) {
      expected += 1;
      if (stored.get(`${attemptId}/${questionId}`) !== optionId) throw new ExamRuleBroken(`the answer to ${questionId} in ${attemptId} was lost`);
    }
  if (stored.size !== expected) throw new ExamRuleBroken(`${stored.size} answers stored, ${expected} saved`);
  if (failures.length) throw new ExamRuleBroken(`${failures.length} refused calls, first: ${failures[0]}`);

  return {
    students,
    seconds,
    answers: saveTimes.length,
    answersPerSecond: saveTimes.length / seconds,
    p99: { startAttempt: percentile(startTimes, 99), saveAnswer: percentile(saveTimes, 99), submitAttempt: percentile(submitTimes, 99) },
    ...measured,
  };
}
