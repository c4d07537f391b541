import { useAppPerFile } from '../../test/app-per-file';
import { makeCourse, makeUser } from '../../test/factories';
import { type HttpClient, signedInClient } from '../../test/http-client';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { Certificate } from '../certificate/certificate.entity';
import { LessonProgress } from '../progress/lesson-progress.entity';
import { Role } from '../../kernel/role';
import { LessonQuizAnswer, LessonQuizResult } from './lesson-quiz.entity';
import { ensureSyllabus } from './syllabus-seed';

const PASSWORD = 'a lesson quiz password';
let course: Course;
let otherCourse: Course;
let lessons: Lesson[];
let teacher: HttpClient;
let rival: HttpClient;
let admin: HttpClient;
let student: HttpClient;
let stranger: HttpClient;

type Q = { id: string; options: Array<{ id: string; text: string }>; correctOptionId: string; explanation: string };
type Quiz = {
  lessonId: string;
  questions: Array<{ id: string; text: string; options: Array<{ id: string; text: string }> }>;
  answers: Array<{ questionId: string; optionId: string; correct: boolean; correctOptionId: string; explanation: string }>;
  passPercent: number | null;
  bestCorrect: number | null;
  bestTotal: number | null;
  rounds: number;
  passed: boolean;
};

const CREATE_QUESTION = `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id options { id text } correctOptionId explanation } }`;
const SET_QUIZ = `mutation ($l: ID!, $q: [ID!]!) { setLessonQuiz(lessonId: $l, questionIds: $q) { id correctOptionId } }`;
const PASS_MARK = `mutation ($c: ID!, $p: Int) { setCourseQuizPassPercent(courseId: $c, percent: $p) { id quizPassPercent } }`;
const QUIZ_FIELDS = `lessonId questions { id text options { id text } } answers { questionId optionId correct correctOptionId explanation } passPercent bestCorrect bestTotal rounds passed`;
const QUIZ = `query ($l: ID!) { lessonQuiz(lessonId: $l) { ${QUIZ_FIELDS} } }`;
const ANSWER = `mutation ($l: ID!, $q: ID!, $o: ID!) { answerLessonQuiz(lessonId: $l, questionId: $q, optionId: $o) { answer { questionId optionId correct correctOptionId explanation } quiz { ${QUIZ_FIELDS} } } }`;
const RETRY = `mutation ($l: ID!) { retryLessonQuiz(lessonId: $l) { ${QUIZ_FIELDS} } }`;
const COMPLETE = `mutation ($l: ID!) { setLessonCompleted(lessonId: $l, completed: true) { completed courseProgress { completed total } certificate { number } } }`;

const given = useAppPerFile();
beforeEach(async () => {
  await ensureSyllabus(given.db);
  const instructor = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR, name: 'Teacher' }, PASSWORD);
  const other = await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR, name: 'Rival' }, PASSWORD);
  await makeUser(given.db, { email: 'admin@example.com', role: Role.ADMIN, name: 'Admin' }, PASSWORD);
  await makeUser(given.db, { email: 'student@example.com', name: 'Student' }, PASSWORD);
  await makeUser(given.db, { email: 'stranger@example.com', name: 'Stranger' }, PASSWORD);
  course = await makeCourse(given.db, { name: 'Physics 9', price: 0, instructorId: instructor.id }, ['গতি', 'বল']);
  otherCourse = await makeCourse(given.db, { name: 'Chemistry 9', price: 0, instructorId: other.id });
  lessons = await given.db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  teacher = await signedInClient(given.app.url, 'teacher@example.com', PASSWORD);
  rival = await signedInClient(given.app.url, 'rival@example.com', PASSWORD);
  admin = await signedInClient(given.app.url, 'admin@example.com', PASSWORD);
  student = await signedInClient(given.app.url, 'student@example.com', PASSWORD);
  stranger = await signedInClient(given.app.url, 'stranger@example.com', PASSWORD);
  const { errors } = await student.graphql(`mutation ($id: ID!) { purchaseCourse(input: { courseId: $id }) { status } }`, { id: course.id });
  expect(errors).toBeUndefined();
});

async function makeQuestions(count: number, client = teacher, courseId = course.id): Promise<Q[]> {
  const questions: Q[] = [];
  for (let n = 1; n <= count; n += 1) {
    const { data, errors } = await client.graphql<{ createQuestion: Q }>(CREATE_QUESTION, {
      input: {
        text: `প্রশ্ন ${n}: $v = \\frac{s}{t}$ হলে ${n * 10} মিটার ${n} সেকেন্ডে গেলে বেগ কত?`,
        options: ['৫', '১০', '১৫', '২০'],
        correctOption: 1,
        explanation: `ব্যাখ্যা ${n}: $v = \\frac{${n * 10}}{${n}} = 10$`,
        classLevel: 9,
        subjectId: 'physics',
        courseId,
      },
    });
    expect(errors).toBeUndefined();
    questions.push(data!.createQuestion);
  }
  return questions;
}

const wrongOption = (q: Q) => q.options.find((o) => o.id !== q.correctOptionId)!.id;

/** A quiz of `count` questions on the first lesson, and the course's pass mark. */
async function quizOnFirstLesson(count: number, passPercent: number | null = 60): Promise<Q[]> {
  const questions = await makeQuestions(count);
  const set = await teacher.graphql(SET_QUIZ, { l: lessons[0].id, q: questions.map((q) => q.id) });
  expect(set.errors).toBeUndefined();
  if (passPercent !== null) expect((await teacher.graphql(PASS_MARK, { c: course.id, p: passPercent })).errors).toBeUndefined();
  return questions;
}

const answer = (client: HttpClient, q: Q, optionId: string, lessonId = lessons[0].id) =>
  client.graphql<{ answerLessonQuiz: { answer: Quiz['answers'][number]; quiz: Quiz } }>(ANSWER, { l: lessonId, q: q.id, o: optionId });

describe('authoring a lesson quiz', () => {
  it("lets the course's instructor and an admin choose questions of the course's bank, in order", async () => {
    const questions = await makeQuestions(3);
    const { data } = await teacher.graphql<{ setLessonQuiz: Array<{ id: string }> }>(SET_QUIZ, {
      l: lessons[0].id,
      q: [questions[2].id, questions[0].id],
    });
    expect(data!.setLessonQuiz.map((q) => q.id)).toEqual([questions[2].id, questions[0].id]);
    const byAdmin = await admin.graphql<{ setLessonQuiz: Array<{ id: string }> }>(SET_QUIZ, { l: lessons[0].id, q: [questions[1].id] });
    expect(byAdmin.data!.setLessonQuiz.map((q) => q.id)).toEqual([questions[1].id]);
    const read = await teacher.graphql<{ lessonQuizQuestions: Array<{ id: string }> }>(`query ($l: ID!) { lessonQuizQuestions(lessonId: $l) { id } }`, {
      l: lessons[0].id,
    });
    expect(read.data!.lessonQuizQuestions.map((q) => q.id)).toEqual([questions[1].id]);
    const count = await student.graphql<{ course: { lessons: Array<{ quizQuestionCount: number }> } }>(
      `query ($id: ID!) { course(id: $id) { lessons { quizQuestionCount } } }`,
      { id: course.id },
    );
    expect(count.data!.course.lessons.map((l) => l.quizQuestionCount)).toEqual([1, 0]);
  });

  it("refuses another instructor, and a question of another course's bank", async () => {
    const questions = await makeQuestions(1);
    const theirs = await makeQuestions(1, rival, otherCourse.id);
    const byRival = await rival.graphql(SET_QUIZ, { l: lessons[0].id, q: [questions[0].id] });
    expect(byRival.errors?.[0].extensions?.category).toBe('FORBIDDEN');
    const foreign = await teacher.graphql(SET_QUIZ, { l: lessons[0].id, q: [questions[0].id, theirs[0].id] });
    expect(foreign.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    // Even an admin may not put another course's question into this course's quiz.
    const byAdmin = await admin.graphql(SET_QUIZ, { l: lessons[0].id, q: [theirs[0].id] });
    expect(byAdmin.errors?.[0].extensions?.code).toBe('FORBIDDEN');
    const passMark = await rival.graphql(PASS_MARK, { c: course.id, p: 50 });
    expect(passMark.errors?.[0].extensions?.category).toBe('FORBIDDEN');
    const { data } = await student.graphql<{ lessonQuiz: Quiz | null }>(QUIZ, { l: lessons[0].id });
    expect(data!.lessonQuiz).toBeNull();
  });

  it('takes a pass mark from 1 to 100 percent, or none', async () => {
    for (const bad of [0, 101]) {
      const { errors } = await teacher.graphql(PASS_MARK, { c: course.id, p: bad });
      expect(errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    }
    const set = await teacher.graphql<{ setCourseQuizPassPercent: { quizPassPercent: number | null } }>(PASS_MARK, { c: course.id, p: 80 });
    expect(set.data!.setCourseQuizPassPercent.quizPassPercent).toBe(80);
    const cleared = await teacher.graphql<{ setCourseQuizPassPercent: { quizPassPercent: number | null } }>(PASS_MARK, { c: course.id, p: null });
    expect(cleared.data!.setCourseQuizPassPercent.quizPassPercent).toBeNull();
  });
});

describe('taking a lesson quiz', () => {
  it('is for students enrolled in the course only', async () => {
    const [q] = await quizOnFirstLesson(1);
    const read = await stranger.graphql(QUIZ, { l: lessons[0].id });
    expect(read.errors?.[0].extensions?.code).toBe('NOT_ENROLLED');
    const answered = await answer(stranger, q, q.correctOptionId);
    expect(answered.errors?.[0].extensions?.code).toBe('NOT_ENROLLED');
    expect(await given.db.getRepository(LessonQuizAnswer).count()).toBe(0);
  });

  it('never sends a correct option or an explanation before the question is answered', async () => {
    const questions = await quizOnFirstLesson(2);
    const res = await student.request('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: QUIZ, variables: { l: lessons[0].id } }),
    });
    const raw = await res.text();
    // The option ids are there (the correct one among them), but nothing says which one is correct.
    expect(raw).not.toMatch(/"correct"|correctOption|explanation/i);
    for (const q of questions) expect(raw).not.toContain(q.explanation);
    const { data } = JSON.parse(raw) as { data: { lessonQuiz: Quiz } };
    expect(data.lessonQuiz.questions.map((q) => q.id)).toEqual(questions.map((q) => q.id));
    expect(data.lessonQuiz.answers).toEqual([]);
    // The question type a student reads has no field for the answer at all.
    const asked = await student.graphql(`query ($l: ID!) { lessonQuiz(lessonId: $l) { questions { correctOptionId } } }`, { l: lessons[0].id });
    expect(asked.errors?.[0].message).toMatch(/correctOptionId/);
    // Answering the first question tells whether it was right, not the key: copied, it would pass the next round.
    const first = await answer(student, questions[0], wrongOption(questions[0]));
    const after = JSON.stringify(first.data);
    expect(after).not.toMatch(/"correctOptionId":"/);
    expect(after).not.toContain(questions[0].explanation);
    expect(after).not.toContain(questions[1].explanation);
  });

  it('checks each answer at once, gives the key and explanations when the round ends, and refuses an option of another question or a question of another lesson', async () => {
    const questions = await quizOnFirstLesson(2);
    const wrong = await answer(student, questions[0], wrongOption(questions[0]));
    expect(wrong.data!.answerLessonQuiz.answer).toEqual({
      questionId: questions[0].id,
      optionId: wrongOption(questions[0]),
      correct: false,
      correctOptionId: null,
      explanation: null,
    });
    const otherOption = await answer(student, questions[1], questions[0].options[0].id);
    expect(otherOption.errors?.[0].extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'optionId' });
    const [outside] = await makeQuestions(1);
    const notInQuiz = await answer(student, outside, outside.correctOptionId);
    expect(notInQuiz.errors?.[0].extensions?.category).toBe('NOT_FOUND');
    const otherLesson = await answer(student, questions[1], questions[1].correctOptionId, lessons[1].id);
    expect(otherLesson.errors?.[0].extensions?.category).toBe('NOT_FOUND');
    expect(await given.db.getRepository(LessonQuizAnswer).count()).toBe(1);
    const last = await answer(student, questions[1], questions[1].correctOptionId);
    expect(last.data!.answerLessonQuiz.quiz.answers).toEqual([
      {
        questionId: questions[0].id,
        optionId: wrongOption(questions[0]),
        correct: false,
        correctOptionId: questions[0].correctOptionId,
        explanation: questions[0].explanation,
      },
      {
        questionId: questions[1].id,
        optionId: questions[1].correctOptionId,
        correct: true,
        correctOptionId: questions[1].correctOptionId,
        explanation: questions[1].explanation,
      },
    ]);
  });

  it('keeps the options in one order through a round and shuffles them for the next', async () => {
    const questions = await quizOnFirstLesson(6, null);
    const orderOf = (quiz: Quiz) => quiz.questions.map((q) => q.options.map((o) => o.id).join());
    const before = (await student.graphql<{ lessonQuiz: Quiz }>(QUIZ, { l: lessons[0].id })).data!.lessonQuiz;
    let last: Quiz | undefined;
    for (const q of questions) last = (await answer(student, q, q.correctOptionId)).data!.answerLessonQuiz.quiz;
    // The finished round still shows the order it was answered in, now with the key.
    expect(orderOf(last!)).toEqual(orderOf(before));
    expect(last!.answers.every((a) => a.correctOptionId !== null)).toBe(true);
    const next = (await student.graphql<{ retryLessonQuiz: Quiz }>(RETRY, { l: lessons[0].id })).data!.retryLessonQuiz;
    expect(orderOf(next)).not.toEqual(orderOf(before));
    expect(next.questions.map((q) => [...q.options.map((o) => o.id)].sort())).toEqual(before.questions.map((q) => [...q.options.map((o) => o.id)].sort()));
  });

  it('counts the first answer of a round; a retry starts a new round and the best result is kept', async () => {
    const questions = await quizOnFirstLesson(2, 100);
    await answer(student, questions[0], questions[0].correctOptionId);
    // Answering again within the round changes nothing.
    const again = await answer(student, questions[0], wrongOption(questions[0]));
    expect(again.data!.answerLessonQuiz.answer).toMatchObject({ optionId: questions[0].correctOptionId, correct: true });
    const last = await answer(student, questions[1], wrongOption(questions[1]));
    expect(last.data!.answerLessonQuiz.quiz).toMatchObject({ bestCorrect: 1, bestTotal: 2, rounds: 1, passed: false, passPercent: 100 });

    const retried = await student.graphql<{ retryLessonQuiz: Quiz }>(RETRY, { l: lessons[0].id });
    expect(retried.data!.retryLessonQuiz).toMatchObject({ answers: [], bestCorrect: 1, bestTotal: 2, rounds: 1 });
    // A worse round keeps the better result.
    await answer(student, questions[0], wrongOption(questions[0]));
    const worse = await answer(student, questions[1], wrongOption(questions[1]));
    expect(worse.data!.answerLessonQuiz.quiz).toMatchObject({ bestCorrect: 1, rounds: 2, passed: false });
    await student.graphql(RETRY, { l: lessons[0].id });
    await answer(student, questions[0], questions[0].correctOptionId);
    const best = await answer(student, questions[1], questions[1].correctOptionId);
    expect(best.data!.answerLessonQuiz.quiz).toMatchObject({ bestCorrect: 2, bestTotal: 2, rounds: 3, passed: true });
    // Reading the quiz again gives the same state (a reload).
    const { data } = await student.graphql<{ lessonQuiz: Quiz }>(QUIZ, { l: lessons[0].id });
    expect(data!.lessonQuiz).toMatchObject({ bestCorrect: 2, rounds: 3, passed: true });
    expect(data!.lessonQuiz.answers.map((a) => a.correct)).toEqual([true, true]);
  });

  it('gives one result when the last two answers arrive at the same moment', async () => {
    const questions = await quizOnFirstLesson(2);
    await Promise.all(questions.map((q) => answer(student, q, q.correctOptionId)));
    const result = await given.db.getRepository(LessonQuizResult).findOneByOrFail({ lessonId: lessons[0].id });
    expect(result).toMatchObject({ rounds: 1, bestCorrect: 2, bestTotal: 2 });
  });
});

describe('completing a lesson with a quiz', () => {
  it('is refused until the quiz is passed where the course requires it, then the certificate follows', async () => {
    const questions = await quizOnFirstLesson(2, 60);
    // The lesson without a quiz is completed as before.
    expect((await student.graphql(COMPLETE, { l: lessons[1].id })).errors).toBeUndefined();

    const refused = await student.graphql(COMPLETE, { l: lessons[0].id });
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'QUIZ_NOT_PASSED', category: 'FORBIDDEN', passPercent: 60 });
    // Half right is below 60%: still refused, and nothing was stored.
    await answer(student, questions[0], questions[0].correctOptionId);
    await answer(student, questions[1], wrongOption(questions[1]));
    expect((await student.graphql(COMPLETE, { l: lessons[0].id })).errors?.[0].extensions?.code).toBe('QUIZ_NOT_PASSED');
    expect(await given.db.getRepository(LessonProgress).findOneBy({ lessonId: lessons[0].id })).toBeNull();
    expect(await given.db.getRepository(Certificate).count()).toBe(0);

    await student.graphql(RETRY, { l: lessons[0].id });
    await answer(student, questions[0], questions[0].correctOptionId);
    await answer(student, questions[1], questions[1].correctOptionId);
    const done = await student.graphql<{
      setLessonCompleted: { completed: boolean; courseProgress: { completed: number; total: number }; certificate: { number: string } | null };
    }>(COMPLETE, { l: lessons[0].id });
    expect(done.errors).toBeUndefined();
    expect(done.data!.setLessonCompleted).toMatchObject({ completed: true, courseProgress: { completed: 2, total: 2 } });
    expect(done.data!.setLessonCompleted.certificate?.number).toBeTruthy();
    expect(await given.db.getRepository(Certificate).count()).toBe(1);
  });

  it('is not held back where the course sets no pass mark', async () => {
    await quizOnFirstLesson(2, null);
    const done = await student.graphql<{ setLessonCompleted: { completed: boolean } }>(COMPLETE, { l: lessons[0].id });
    expect(done.errors).toBeUndefined();
    expect(done.data!.setLessonCompleted.completed).toBe(true);
    const { data } = await student.graphql<{ lessonQuiz: Quiz }>(QUIZ, { l: lessons[0].id });
    expect(data!.lessonQuiz).toMatchObject({ passPercent: null, passed: false });
  });

  it("counts the course's lesson quizzes and published model tests in its Total quiz", async () => {
    const read = async () =>
      (await student.graphql<{ course: { quizCount: number } }>(`query ($id: ID!) { course(id: $id) { quizCount } }`, { id: course.id })).data!.course
        .quizCount;
    expect(await read()).toBe(0);
    const questions = await quizOnFirstLesson(1);
    await teacher.graphql(SET_QUIZ, { l: lessons[1].id, q: [questions[0].id] });
    expect(await read()).toBe(2);
    const { data } = await teacher.graphql<{ createModelTest: { id: string } }>(
      `mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`,
      { input: { title: 'গতি', classLevel: 9, subjectId: 'physics', courseId: course.id, durationMinutes: 5, questionIds: [questions[0].id] } },
    );
    await teacher.graphql(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: data!.createModelTest.id });
    expect(await read()).toBe(3);
    await teacher.graphql(SET_QUIZ, { l: lessons[1].id, q: [] });
    expect(await read()).toBe(2);
  });
});
