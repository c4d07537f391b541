/**
 * Questions to the instructor under each lesson: the course's enrolled students ask, read and upvote
 * (once each); its instructor answers (marked as theirs), pins and hides; admins hide; visitors,
 * students of other courses and other instructors get nothing. The instructor hears of new questions
 * in one notice at most per gathering time (an hour; seconds here), the asker of each answer.
 */
import type { DataSource } from 'typeorm';
import { startTestApp, type TestApp } from '../../test/app';
import { closeTestDatabase, openTestDatabase } from '../../test/database';
import { makeCourse, makeUser } from '../../test/factories';
import { HttpClient, signedInClient } from '../../test/http-client';
import { waitFor } from '../../test/wait-for';
import { Role } from '../../kernel/role';
import type { Course } from '../course/course.entity';
import { Lesson } from '../course/lesson.entity';
import { OutboxMessage } from '../mail/outbox-message.entity';
import { LessonAnswer, LessonQuestion, LessonQuestionVote } from './lesson-question.entity';
import { lessonQaServices } from './lesson-qa.module';
import { ANSWER_NOTICE_QUEUE, QUESTION_NOTICE_QUEUE, questionsPerStudent } from './lesson-qa.service';

/** The instructor's notice gathers questions this long here (an hour in the product). */
const GATHERING_SECONDS = 3;
const password = 'a long enough password';

let db: DataSource;
let app: TestApp;
const clients = {} as Record<'teacher' | 'other' | 'admin' | 'rafi' | 'mitu' | 'outsider' | 'busy' | 'nasrin', HttpClient>;
let course: Course;
let lessonId: string;
let secondLessonId: string;
let nasrinLessonId: string;
let phoneOnlyId: string;

const enroll = (courseId: string, emails: string[], phones: string[] = []) =>
  db.query(
    `INSERT INTO enrollment ("studentId", "courseId", email, "courseName", "courseDescription")
     SELECT u.id, $1, COALESCE(u.email, ''), 'Course', '' FROM "user" u WHERE u.email = ANY($2) OR u.phone = ANY($3)`,
    [courseId, emails, phones],
  );

beforeAll(async () => {
  db = await openTestDatabase();
  app = await startTestApp(
    db,
    {},
    {
      workQueues: [QUESTION_NOTICE_QUEUE, ANSWER_NOTICE_QUEUE],
      overrides: { lessonQa: (services) => lessonQaServices(services, GATHERING_SECONDS) },
    },
  );
  const teacher = await makeUser(db, { email: 'teacher@example.com', name: 'Tanvir Ahmed', role: Role.INSTRUCTOR }, password);
  const nasrin = await makeUser(db, { email: 'nasrin@example.com', name: 'নাসরিন', role: Role.INSTRUCTOR, language: 'bn' }, password);
  await makeUser(db, { email: 'other@example.com', role: Role.INSTRUCTOR }, password);
  await makeUser(db, { email: 'boss@example.com', role: Role.ADMIN }, password);
  await makeUser(db, { email: 'rafi@example.com', name: 'Rafi' }, password);
  await makeUser(db, { email: 'mitu@example.com', name: 'Mitu', language: 'bn' }, password);
  phoneOnlyId = (await makeUser(db, { email: null as unknown as string, phone: '+8801712000111', name: 'Phone only' }, password)).id;
  await makeUser(db, { email: 'outsider@example.com' }, password);
  await makeUser(db, { email: 'busy@example.com', name: 'Busy' }, password);
  for (const [name, email] of [
    ['teacher', 'teacher@example.com'],
    ['nasrin', 'nasrin@example.com'],
    ['other', 'other@example.com'],
    ['admin', 'boss@example.com'],
    ['rafi', 'rafi@example.com'],
    ['mitu', 'mitu@example.com'],
    ['outsider', 'outsider@example.com'],
    ['busy', 'busy@example.com'],
  ] as const)
    clients[name] = await signedInClient(app.url, email, password);
  course = await makeCourse(db, { name: 'Physics – Class 9', price: 0, instructorId: teacher.id, instructorEmail: teacher.email }, ['Motion', 'Force']);
  const lessons = await db.getRepository(Lesson).find({ where: { courseId: course.id }, order: { position: 'ASC' } });
  [lessonId, secondLessonId] = lessons.map((lesson) => lesson.id);
  await enroll(course.id, ['rafi@example.com', 'mitu@example.com', 'busy@example.com'], ['+8801712000111']);
  const hers = await makeCourse(db, { name: 'গণিত – নবম শ্রেণি', price: 0, instructorId: nasrin.id, instructorEmail: nasrin.email }, ['বীজগণিত']);
  nasrinLessonId = (await db.getRepository(Lesson).findOneByOrFail({ courseId: hers.id })).id;
  await enroll(hers.id, ['rafi@example.com', 'mitu@example.com']);
});
afterAll(async () => {
  await app.close();
  await closeTestDatabase(db);
});

const ASK = `mutation ($lessonId: ID!, $text: String!) { askLessonQuestion(lessonId: $lessonId, text: $text) { id text askerName askedByMe upvotes answers { id } } }`;
const ANSWER = `mutation ($id: ID!, $text: String!) { answerLessonQuestion(questionId: $id, text: $text) { id answers { text byInstructor authorName } } }`;
const LIST = `query ($lessonId: ID!, $order: LessonQuestionOrder) {
  lessonQuestions(lessonId: $lessonId, order: $order) { total canAsk canAnswer canHide items { id text askerName askedByMe upvotes upvotedByMe pinned hidden answers { text byInstructor authorName } } }
}`;
const UPVOTE = `mutation ($id: ID!) { upvoteLessonQuestion(questionId: $id) { id upvotes upvotedByMe } }`;
const PIN = `mutation ($id: ID!, $pinned: Boolean!) { setLessonQuestionPinned(questionId: $id, pinned: $pinned) { id pinned } }`;
const HIDE = `mutation ($id: ID!, $hidden: Boolean!) { setLessonQuestionHidden(questionId: $id, hidden: $hidden) { id hidden } }`;

type Listed = {
  total: number;
  canAsk: boolean;
  canAnswer: boolean;
  canHide: boolean;
  items: Array<{
    id: string;
    text: string;
    askerName: string;
    askedByMe: boolean;
    upvotes: number;
    upvotedByMe: boolean;
    pinned: boolean;
    hidden: boolean;
    answers: Array<{ text: string; byInstructor: boolean; authorName: string }>;
  }>;
};
const list = async (client: HttpClient, lesson = lessonId, order?: 'NEWEST' | 'TOP') => {
  const body = await client.graphql<{ lessonQuestions: Listed }>(LIST, { lessonId: lesson, order });
  expect(body.errors).toBeUndefined();
  return body.data!.lessonQuestions;
};
const ask = async (client: HttpClient, text: string, lesson = lessonId) => {
  const body = await client.graphql<{ askLessonQuestion: { id: string; text: string; askerName: string; askedByMe: boolean } }>(ASK, {
    lessonId: lesson,
    text,
  });
  expect(body.errors).toBeUndefined();
  return body.data!.askLessonQuestion;
};
const codeOf = (body: { errors?: Array<{ extensions?: Record<string, unknown> }> }) => body.errors?.[0]?.extensions?.code;

describe('asking and reading', () => {
  it('lets an enrolled student ask (trimmed, formulas kept) and the course’s students, instructor and admins read it', async () => {
    const asked = await ask(clients.rafi, '  Why is $v = u + at$ true when $a$ is constant?  ');
    expect(asked).toMatchObject({ text: 'Why is $v = u + at$ true when $a$ is constant?', askerName: 'Rafi', askedByMe: true });

    const byMitu = await list(clients.mitu);
    expect(byMitu).toMatchObject({ total: 1, canAsk: true, canAnswer: false, canHide: false });
    expect(byMitu.items[0]).toMatchObject({ id: asked.id, askerName: 'Rafi', askedByMe: false, upvotes: 0, answers: [] });
    expect(await list(clients.teacher)).toMatchObject({ total: 1, canAsk: false, canAnswer: true, canHide: true });
    expect(await list(clients.admin)).toMatchObject({ total: 1, canAsk: false, canAnswer: false, canHide: true });
    // Each lesson has its own questions.
    expect((await list(clients.rafi, secondLessonId)).total).toBe(0);
  });

  it('refuses visitors, students of other courses and other instructors, who see nothing and write nothing', async () => {
    const before = await db.getRepository(LessonQuestion).count();
    const visitor = new HttpClient(app.url);
    expect(codeOf(await visitor.graphql(LIST, { lessonId }))).toBe('UNAUTHENTICATED');
    expect(codeOf(await visitor.graphql(ASK, { lessonId, text: 'Hello?' }))).toBe('UNAUTHENTICATED');
    for (const client of [clients.outsider, clients.other]) {
      const read = await client.graphql<{ lessonQuestions: Listed }>(LIST, { lessonId });
      expect(codeOf(read)).toBe('NOT_ENROLLED');
      expect(read.data?.lessonQuestions ?? null).toBeNull();
      expect(codeOf(await client.graphql(ASK, { lessonId, text: 'Can I ask?' }))).toBe('NOT_ENROLLED');
    }
    const [question] = (await list(clients.rafi)).items;
    expect(codeOf(await clients.outsider.graphql(UPVOTE, { id: question.id }))).toBe('NOT_ENROLLED');
    // The instructor and admins read, but only students ask.
    expect(codeOf(await clients.teacher.graphql(ASK, { lessonId, text: 'Me?' }))).toBe('FORBIDDEN');
    expect(codeOf(await clients.admin.graphql(ASK, { lessonId, text: 'Me?' }))).toBe('FORBIDDEN');
    expect(await db.getRepository(LessonQuestion).count()).toBe(before);
    expect(await db.getRepository(LessonQuestionVote).count()).toBe(0);
  });

  it('refuses empty, over-long and misaddressed questions with clear errors, and a flood, writing nothing', async () => {
    const before = await db.getRepository(LessonQuestion).count();
    const empty = await clients.rafi.graphql(ASK, { lessonId, text: ' \n ' });
    expect(empty.errors?.[0]).toMatchObject({ message: 'Write your question', extensions: { code: 'BAD_USER_INPUT', field: 'text' } });
    const long = await clients.rafi.graphql(ASK, { lessonId, text: 'x'.repeat(2001) });
    expect(long.errors?.[0].extensions).toMatchObject({ code: 'TEXT_TOO_LONG', field: 'text', max: 2000 });
    // In the student's language too.
    clients.rafi.headers['accept-language'] = 'bn';
    const inBangla = await clients.rafi.graphql(ASK, { lessonId, text: '' });
    delete clients.rafi.headers['accept-language'];
    expect(inBangla.errors?.[0].message).toBe('আপনার প্রশ্নটি লিখুন');
    expect(codeOf(await clients.rafi.graphql(ASK, { lessonId: 'not-an-id', text: 'Hi' }))).toBe('LESSON_NOT_FOUND');
    expect(codeOf(await clients.rafi.graphql(ASK, { lessonId: '00000000-0000-4000-8000-000000000000', text: 'Hi' }))).toBe('LESSON_NOT_FOUND');
    expect(await db.getRepository(LessonQuestion).count()).toBe(before);

    for (let i = 0; i < questionsPerStudent.max; i++) await ask(clients.busy, `Question ${i + 1}`, secondLessonId);
    const tooMany = await clients.busy.graphql(ASK, { lessonId: secondLessonId, text: 'One more' });
    expect(codeOf(tooMany)).toBe('RATE_LIMITED');
    expect(await db.getRepository(LessonQuestion).count()).toBe(before + questionsPerStudent.max);
  });

  it('pages the questions, newest or most upvoted first', async () => {
    const page = await clients.mitu.graphql<{ lessonQuestions: { total: number; hasMore: boolean; items: Array<{ text: string }> } }>(
      `query ($lessonId: ID!) { lessonQuestions(lessonId: $lessonId, offset: 2, limit: 3) { total hasMore items { text } } }`,
      { lessonId: secondLessonId },
    );
    expect(page.data!.lessonQuestions).toEqual({
      total: 10,
      hasMore: true,
      items: [{ text: 'Question 8' }, { text: 'Question 7' }, { text: 'Question 6' }],
    });
  });
});

describe('upvotes', () => {
  it('count once per student: a second upvote takes it back; the most upvoted come first when asked', async () => {
    const [question] = (await list(clients.rafi)).items;
    const newer = await ask(clients.mitu, 'What is $x^2$ when $x = 3$?');
    const up = async (client: HttpClient, id: string) => {
      const body = await client.graphql<{ upvoteLessonQuestion: { upvotes: number; upvotedByMe: boolean } }>(UPVOTE, { id });
      expect(body.errors).toBeUndefined();
      return body.data!.upvoteLessonQuestion;
    };
    expect(await up(clients.mitu, question.id)).toMatchObject({ upvotes: 1, upvotedByMe: true });
    expect(await up(clients.mitu, question.id)).toMatchObject({ upvotes: 0, upvotedByMe: false });
    expect(await up(clients.mitu, question.id)).toMatchObject({ upvotes: 1, upvotedByMe: true });
    expect(await up(clients.rafi, question.id)).toMatchObject({ upvotes: 2, upvotedByMe: true });
    expect(await db.getRepository(LessonQuestionVote).countBy({ questionId: question.id })).toBe(2);
    // The instructor and admins do not upvote.
    expect(codeOf(await clients.teacher.graphql(UPVOTE, { id: question.id }))).toBe('FORBIDDEN');
    expect(codeOf(await clients.admin.graphql(UPVOTE, { id: question.id }))).toBe('FORBIDDEN');

    expect((await list(clients.mitu)).items.map((item) => item.id)).toEqual([newer.id, question.id]);
    const top = await list(clients.mitu, lessonId, 'TOP');
    expect(top.items.map((item) => [item.id, item.upvotes, item.upvotedByMe])).toEqual([
      [question.id, 2, true],
      [newer.id, 0, false],
    ]);
  });
});

describe('answers, pins and hiding', () => {
  it('lets only the course’s instructor answer, marked as theirs, and tells the asker in their language and channel', async () => {
    const [question] = (await list(clients.rafi, lessonId, 'TOP')).items;
    for (const client of [clients.other, clients.admin, clients.mitu])
      expect(codeOf(await client.graphql(ANSWER, { id: question.id, text: 'Me!' }))).toMatch(/^(FORBIDDEN|NOT_ENROLLED)$/);
    expect(codeOf(await clients.teacher.graphql(ANSWER, { id: question.id, text: '   ' }))).toBe('BAD_USER_INPUT');
    expect((await clients.teacher.graphql(ANSWER, { id: question.id, text: 'y'.repeat(2001) })).errors?.[0].extensions).toMatchObject({
      code: 'TEXT_TOO_LONG',
      max: 2000,
    });
    expect(codeOf(await clients.teacher.graphql(ANSWER, { id: '00000000-0000-4000-8000-000000000000', text: 'Hi' }))).toBe('LESSON_QUESTION_NOT_FOUND');
    expect(await db.getRepository(LessonAnswer).count()).toBe(0);

    const answered = await clients.teacher.graphql<{ answerLessonQuestion: { answers: Array<{ text: string; byInstructor: boolean; authorName: string }> } }>(
      ANSWER,
      { id: question.id, text: ' Integrate $a$ over time: $v = u + at$. ' },
    );
    expect(answered.errors).toBeUndefined();
    expect(answered.data!.answerLessonQuestion.answers).toEqual([
      { text: 'Integrate $a$ over time: $v = u + at$.', byInstructor: true, authorName: 'Tanvir Ahmed' },
    ]);
    const seen = (await list(clients.mitu)).items.find((item) => item.id === question.id)!;
    expect(seen.answers).toEqual([{ text: 'Integrate $a$ over time: $v = u + at$.', byInstructor: true, authorName: 'Tanvir Ahmed' }]);

    const mail = await waitFor('the asker told of the answer', () =>
      db.getRepository(OutboxMessage).findOneBy({ to: 'rafi@example.com', subject: 'Your question is answered: Motion' }),
    );
    expect(mail.text).toContain('Tanvir Ahmed, the instructor of Physics – Class 9, answered your question');
    expect(mail.text).toContain('Integrate $a$ over time: $v = u + at$.');
    expect(mail.text).toContain(`/myCoursePlay/${course.id}?lesson=${lessonId}`);

    // A Bangla reader is told in Bangla; an account without email by SMS.
    const mitus = (await list(clients.mitu)).items.find((item) => item.askedByMe)!;
    expect((await clients.teacher.graphql(ANSWER, { id: mitus.id, text: '৯' })).errors).toBeUndefined();
    const bangla = await waitFor('the Bangla notice', () => db.getRepository(OutboxMessage).findOneBy({ to: 'mitu@example.com' }));
    expect(bangla.subject).toBe('আপনার প্রশ্নের উত্তর এসেছে: Motion');
    // (An account made with a mobile number signs in by SMS code: its question is written here.)
    const byPhone = await db
      .getRepository(LessonQuestion)
      .save({ lessonId, courseId: course.id, askerId: phoneOnlyId, text: 'Is $g = 9.8$?', noticedAt: new Date() });
    expect((await clients.teacher.graphql(ANSWER, { id: byPhone.id, text: 'Yes, near the ground.' })).errors).toBeUndefined();
    const sms = await waitFor('the SMS', () => db.getRepository(OutboxMessage).findOneBy({ to: '+8801712000111', channel: 'sms' }));
    expect(sms.text).toContain('Your question is answered: Motion');
    expect(sms.text).toContain(`/myCoursePlay/${course.id}?lesson=${lessonId}`);
  });

  it('lets the instructor pin; the instructor and admins hide, and then only they and the asker see it', async () => {
    const items = (await list(clients.teacher)).items;
    const rafis = items.find((item) => item.askerName === 'Rafi')!;
    const last = items[items.length - 1];
    for (const client of [clients.other, clients.admin, clients.mitu])
      expect(codeOf(await client.graphql(PIN, { id: last.id, pinned: true }))).toMatch(/^(FORBIDDEN|NOT_ENROLLED)$/);
    expect((await clients.teacher.graphql(PIN, { id: last.id, pinned: true })).errors).toBeUndefined();
    expect((await list(clients.mitu)).items[0]).toMatchObject({ id: last.id, pinned: true });

    for (const client of [clients.other, clients.mitu, clients.rafi])
      expect(codeOf(await client.graphql(HIDE, { id: rafis.id, hidden: true }))).toMatch(/^(FORBIDDEN|NOT_ENROLLED)$/);
    expect((await clients.admin.graphql(HIDE, { id: rafis.id, hidden: true })).errors).toBeUndefined();
    const forMitu = await list(clients.mitu);
    expect(forMitu.items.map((item) => item.id)).not.toContain(rafis.id);
    expect(forMitu.total).toBe(items.length - 1);
    // Hidden from others, so not found for them.
    expect(codeOf(await clients.mitu.graphql(UPVOTE, { id: rafis.id }))).toBe('LESSON_QUESTION_NOT_FOUND');
    expect((await list(clients.rafi)).items.find((item) => item.id === rafis.id)).toMatchObject({ hidden: true, askedByMe: true });
    expect((await list(clients.teacher)).items.find((item) => item.id === rafis.id)).toMatchObject({ hidden: true });
    expect((await list(clients.admin)).total).toBe(items.length);

    // The instructor shows it again.
    expect((await clients.teacher.graphql(HIDE, { id: rafis.id, hidden: false })).errors).toBeUndefined();
    expect((await list(clients.mitu)).items.map((item) => item.id)).toContain(rafis.id);
  });
});

describe('the instructor’s notice of new questions', () => {
  it('gathers the questions of its time into one mail in the instructor’s language, then starts again', async () => {
    const mails = () => db.getRepository(OutboxMessage).find({ where: { to: 'nasrin@example.com' }, order: { createdAt: 'ASC' } });
    await ask(clients.rafi, 'What is $(a+b)^2$?', nasrinLessonId);
    await ask(clients.mitu, 'কেন $x^2 \\geq 0$?', nasrinLessonId);
    const [first] = await waitFor('the first notice', async () => ((await mails()).length > 0 ? await mails() : null));
    expect(first.subject).toBe('আপনার শিক্ষার্থীদের ২টি নতুন প্রশ্ন');
    expect(first.text).toContain('What is $(a+b)^2$?');
    expect(first.text).toContain('কেন $x^2 \\geq 0$?');
    expect(first.text).toContain('গণিত – নবম শ্রেণি, বীজগণিত:');
    // Nothing more is due: no second mail for the same questions.
    await new Promise((resolve) => setTimeout(resolve, (GATHERING_SECONDS + 3) * 1000));
    expect(await mails()).toHaveLength(1);

    await ask(clients.rafi, 'And $(a-b)^2$?', nasrinLessonId);
    const both = await waitFor('the next notice', async () => ((await mails()).length > 1 ? await mails() : null));
    expect(both).toHaveLength(2);
    expect(both[1].subject).toBe('আপনার শিক্ষার্থীদের ১টি নতুন প্রশ্ন');
    expect(both[1].text).toContain('And $(a-b)^2$?');
    expect(both[1].text).not.toContain('What is $(a+b)^2$?');
    expect(both[1].createdAt.getTime() - both[0].createdAt.getTime()).toBeGreaterThanOrEqual(GATHERING_SECONDS * 1000);
  }, 60_000);

  it('tells the instructor of the English course in English', async () => {
    const mail = await waitFor('the teacher’s notice', () => db.getRepository(OutboxMessage).findOneBy({ to: 'teacher@example.com' }));
    expect(mail.subject).toMatch(/^\d+ new questions? from your students$/);
    expect(mail.text).toContain('Physics – Class 9, Motion:');
  });
});
