/**
 * The dashboards' charts: an instructor's taka revenue and enrollments, the admin's payments by way
 * to pay, and a model test's score distribution, each summed in SQL by day or week in Asia/Dhaka.
 */
import { useAppPerFile } from './test/app-per-file';
import { makeCourse, makeUser } from './test/factories';
import { signedInClient, type HttpClient } from './test/http-client';
import { Role } from './kernel/role';
import type { User } from './modules/user/user.entity';
import { Payment, PaymentStatus } from './modules/payment/payment.entity';
import { Enrollment } from './modules/enrollment/enrollment.entity';
import { ModelTest, ModelTestQuestion } from './modules/practice/model-test.entity';
import { Question } from './modules/practice/question.entity';
import { Attempt } from './modules/practice/attempt.entity';
import { parsePeriod, SeriesInterval } from './shared/period';

const given = useAppPerFile();
let teacher: User;
let student: User;
let instructor: HttpClient;
let rival: HttpClient;
let admin: HttpClient;

beforeEach(async () => {
  teacher = await makeUser(given.db, { email: 'teacher@example.com', role: Role.INSTRUCTOR }, 'chart password');
  await makeUser(given.db, { email: 'rival@example.com', role: Role.INSTRUCTOR }, 'chart password');
  await makeUser(given.db, { email: 'boss@example.com', role: Role.ADMIN }, 'chart password');
  student = await makeUser(given.db, { email: 'student@example.com' }, 'chart password');
  instructor = await signedInClient(given.app.url, 'teacher@example.com', 'chart password');
  rival = await signedInClient(given.app.url, 'rival@example.com', 'chart password');
  admin = await signedInClient(given.app.url, 'boss@example.com', 'chart password');
});

let sequence = 0;
/** A payment made at `at` (UTC), in poisha for taka. */
async function pay(courseId: string, at: string, fields: Partial<Payment> = {}) {
  sequence += 1;
  const payment = await given.db.getRepository(Payment).save({
    studentId: student.id,
    courseId,
    provider: 'sslcommerz',
    providerRef: `SK${sequence}`,
    amountMinor: 150_000,
    currency: 'bdt',
    status: PaymentStatus.SUCCEEDED,
    idempotencyKey: `chart-${sequence}`,
    billingDetails: null,
    failureMessage: null,
    transactionRef: null,
    method: 'bKash',
    actionUrl: null,
    ...fields,
  });
  await given.db.query(`UPDATE payment SET "createdAt" = $2 WHERE id = $1`, [payment.id, at]);
}

async function enroll(courseId: string, at: string) {
  const buyer = await makeUser(given.db);
  const row = await given.db
    .getRepository(Enrollment)
    .save({ studentId: buyer.id, courseId, courseName: 'c', courseDescription: '', courseImage: null, email: buyer.email, paymentId: null });
  await given.db.query(`UPDATE enrollment SET "createdAt" = $2 WHERE id = $1`, [row.id, at]);
}

const REVENUE = `query ($from: String!, $to: String!, $interval: SeriesInterval!) {
  instructorRevenueSeries(from: $from, to: $to, interval: $interval) { from to interval totalRevenueTaka totalEnrollments points { start revenueTaka enrollments } } }`;
type Revenue = {
  instructorRevenueSeries: { totalRevenueTaka: number; totalEnrollments: number; points: Array<{ start: string; revenueTaka: number; enrollments: number }> };
};

describe("an instructor's revenue series", () => {
  it('sums taka less refunds and enrollments per Dhaka day, from their own courses only', async () => {
    const own = await makeCourse(given.db, { instructorId: teacher.id, price: 12 });
    const other = await makeCourse(given.db, { price: 12 });
    // 23:30 UTC on 1 March is 05:30 on 2 March in Dhaka.
    await pay(own.id, '2026-03-01T23:30:00Z');
    await pay(own.id, '2026-03-01T17:00:00Z', { amountMinor: 99_950 });
    await pay(own.id, '2026-03-02T10:00:00Z', { status: PaymentStatus.REFUNDED, refundedMinor: 50_000 });
    await pay(own.id, '2026-03-02T11:00:00Z', { status: PaymentStatus.FAILED, method: null });
    await pay(own.id, '2026-03-02T12:00:00Z', { currency: 'usd', amountMinor: 1200 });
    await pay(other.id, '2026-03-02T12:00:00Z');
    await enroll(own.id, '2026-03-01T18:30:00Z');
    await enroll(own.id, '2026-03-03T01:00:00Z');
    await enroll(other.id, '2026-03-02T01:00:00Z');

    const { data, errors } = await instructor.graphql<Revenue>(REVENUE, { from: '2026-03-01', to: '2026-03-03', interval: 'DAY' });
    expect(errors).toBeUndefined();
    expect(data!.instructorRevenueSeries).toEqual({
      from: '2026-03-01',
      to: '2026-03-03',
      interval: 'DAY',
      totalRevenueTaka: 3499.5,
      totalEnrollments: 2,
      points: [
        { start: '2026-03-01', revenueTaka: 999.5, enrollments: 0 },
        { start: '2026-03-02', revenueTaka: 2500, enrollments: 1 },
        { start: '2026-03-03', revenueTaka: 0, enrollments: 1 },
      ],
    });
    // Another instructor sees none of it.
    const theirs = await rival.graphql<Revenue>(REVENUE, { from: '2026-03-01', to: '2026-03-03', interval: 'DAY' });
    expect(theirs.data!.instructorRevenueSeries.totalRevenueTaka).toBe(0);
    expect(theirs.data!.instructorRevenueSeries.totalEnrollments).toBe(0);
  });

  it('groups by weeks starting on Monday, the first week reaching back before the period', async () => {
    const own = await makeCourse(given.db, { instructorId: teacher.id, price: 12 });
    await pay(own.id, '2026-03-04T06:00:00Z'); // Wednesday
    await pay(own.id, '2026-03-08T18:30:00Z'); // Monday 9 March, 00:30 in Dhaka
    const { data } = await instructor.graphql<Revenue>(REVENUE, { from: '2026-03-04', to: '2026-03-10', interval: 'WEEK' });
    expect(data!.instructorRevenueSeries.points).toEqual([
      { start: '2026-03-02', revenueTaka: 1500, enrollments: 0 },
      { start: '2026-03-09', revenueTaka: 1500, enrollments: 0 },
    ]);
  });

  it('refuses a period that runs backwards, is longer than 366 days, or is no date, with clear errors', async () => {
    const backwards = await instructor.graphql(REVENUE, { from: '2026-03-05', to: '2026-03-01', interval: 'DAY' });
    expect(backwards.errors![0]).toMatchObject({
      message: 'The period must start on or before its end',
      extensions: { code: 'PERIOD_INVALID', field: 'from' },
    });
    const long = await instructor.graphql(REVENUE, { from: '2025-01-01', to: '2026-01-02', interval: 'WEEK' });
    expect(long.errors![0]).toMatchObject({ message: 'The period may be at most 366 days long', extensions: { code: 'PERIOD_TOO_LONG', max: 366 } });
    const wrong = await instructor.graphql(REVENUE, { from: '2026-02-30', to: '2026-03-01', interval: 'DAY' });
    expect(wrong.errors![0].extensions).toMatchObject({ code: 'PERIOD_INVALID', field: 'from' });
    const yearZero = await instructor.graphql(REVENUE, { from: '2026-03-01', to: '0000-01-01', interval: 'DAY' });
    expect(yearZero.errors![0]).toMatchObject({
      message: 'The end of the period must be a date written YYYY-MM-DD',
      extensions: { code: 'PERIOD_INVALID', field: 'to' },
    });
    instructor.cookies.set('lang', 'bn');
    const inBangla = await instructor.graphql(REVENUE, { from: '2025-01-01', to: '2026-01-02', interval: 'DAY' });
    expect(inBangla.errors![0].message).toBe('সময়কাল সর্বোচ্চ ৩৬৬ দিনের হতে পারে');
    expect(() => parsePeriod('2024-01-01', '2024-12-31', SeriesInterval.DAY)).not.toThrow(); // a leap year: 366 days
  });
});

const PAYMENTS = `query ($from: String!, $to: String!) { paymentSeries(from: $from, to: $to) {
  succeeded failed failedShare receivedTaka points { start succeeded failed failedShare receivedTaka methods { method succeeded failed receivedTaka } } } }`;
type Payments = {
  paymentSeries: {
    succeeded: number;
    failed: number;
    failedShare: number | null;
    receivedTaka: number;
    points: Array<{
      start: string;
      succeeded: number;
      failed: number;
      failedShare: number | null;
      receivedTaka: number;
      methods: Array<{ method: string; succeeded: number; failed: number; receivedTaka: number }>;
    }>;
  };
};

describe("the admin's payment series", () => {
  it('counts payments per Dhaka day and way to pay, with the share that failed, for admins only', async () => {
    const course = await makeCourse(given.db, { price: 12 });
    await pay(course.id, '2026-03-01T23:30:00Z'); // 2 March in Dhaka
    await pay(course.id, '2026-03-02T04:00:00Z', { method: 'Nagad' });
    await pay(course.id, '2026-03-02T05:00:00Z', { method: 'Rocket', status: PaymentStatus.FAILED });
    await pay(course.id, '2026-03-02T06:00:00Z', { method: 'VISA', provider: 'stripe', currency: 'usd', amountMinor: 1200 });
    await pay(course.id, '2026-03-02T07:00:00Z', { method: null, status: PaymentStatus.FAILED });
    await pay(course.id, '2026-03-02T08:00:00Z', { status: PaymentStatus.PENDING });
    await pay(course.id, '2026-03-01T10:00:00Z', { status: PaymentStatus.REFUNDED, refundedMinor: 150_000 });

    const { data, errors } = await admin.graphql<Payments>(PAYMENTS, { from: '2026-03-01', to: '2026-03-02' });
    expect(errors).toBeUndefined();
    const series = data!.paymentSeries;
    expect(series).toMatchObject({ succeeded: 4, failed: 2, failedShare: 2 / 6, receivedTaka: 3000 });
    const [first, second] = series.points;
    expect(first).toMatchObject({ start: '2026-03-01', succeeded: 1, failed: 0, failedShare: 0, receivedTaka: 0 });
    expect(second).toMatchObject({ start: '2026-03-02', succeeded: 3, failed: 2, failedShare: 0.4, receivedTaka: 3000 });
    expect(second.methods).toEqual([
      { method: 'BKASH', succeeded: 1, failed: 0, receivedTaka: 1500 },
      { method: 'NAGAD', succeeded: 1, failed: 0, receivedTaka: 1500 },
      { method: 'ROCKET', succeeded: 0, failed: 1, receivedTaka: 0 },
      { method: 'CARD', succeeded: 1, failed: 0, receivedTaka: 0 },
      { method: 'OTHER', succeeded: 0, failed: 1, receivedTaka: 0 },
    ]);
    const empty = await admin.graphql<Payments>(PAYMENTS, { from: '2026-04-01', to: '2026-04-01' });
    expect(empty.data!.paymentSeries).toMatchObject({ succeeded: 0, failed: 0, failedShare: null, points: [{ start: '2026-04-01', failedShare: null }] });
    const refused = await instructor.graphql(PAYMENTS, { from: '2026-03-01', to: '2026-03-02' });
    expect(refused.errors![0].extensions).toMatchObject({ category: 'FORBIDDEN' });
    const reversed = await admin.graphql(PAYMENTS, { from: '2026-03-02', to: '2026-03-01' });
    expect(reversed.errors![0].extensions).toMatchObject({ code: 'PERIOD_INVALID' });
  });
});

describe("a model test's score distribution", () => {
  it('counts each student’s first finished attempt in bars from 0 to full marks, for the test’s author and admins only', async () => {
    const course = await makeCourse(given.db, { instructorId: teacher.id });
    const option = { id: '00000000-0000-4000-8000-0000000000a1', text: 'yes' };
    const questions = await given.db.getRepository(Question).save(
      Array.from({ length: 4 }, (_, index) => ({
        text: `Q${index}`,
        options: [option, { id: '00000000-0000-4000-8000-0000000000a2', text: 'no' }],
        correctOptionId: option.id,
        classLevel: 9,
        subjectId: 'physics',
        courseId: course.id,
        authorId: teacher.id,
      })),
    );
    const test = await given.db
      .getRepository(ModelTest)
      .save({ title: 'Chart test', classLevel: 9, subjectId: 'physics', courseId: course.id, free: true, durationMinutes: 5, published: true, passMark: 2 });
    await given.db
      .getRepository(ModelTestQuestion)
      .insert(questions.map((question, index) => ({ testId: test.id, questionId: question.id, position: index + 1 })));
    const sat = async (userId: string, score: number, submittedAt: string) =>
      given.db.getRepository(Attempt).save({
        testId: test.id,
        userId,
        questionOrder: [],
        optionOrder: {},
        score,
        durationSeconds: 60,
        deadline: new Date(submittedAt),
        submittedAt: new Date(submittedAt),
      });
    const others = await Promise.all([1, 2, 3].map(() => makeUser(given.db)));
    await sat(student.id, 4, '2026-03-01T10:00:00Z');
    await sat(student.id, 0, '2026-03-02T10:00:00Z'); // a later attempt: practice, not counted
    await sat(others[0].id, 1.5, '2026-03-01T10:00:00Z');
    await sat(others[1].id, -0.5, '2026-03-01T10:00:00Z');
    await sat(others[2].id, 2, '2026-03-01T10:00:00Z');

    const QUERY = `query ($id: ID!) { modelTestScoreDistribution(testId: $id) { maxScore passMark participants passed averageScore buckets { from to students } } }`;
    const { data, errors } = await instructor.graphql(QUERY, { id: test.id });
    expect(errors).toBeUndefined();
    expect(data).toEqual({
      modelTestScoreDistribution: {
        maxScore: 4,
        passMark: 2,
        participants: 4,
        passed: 2,
        averageScore: 1.75,
        buckets: [
          { from: 0, to: 1, students: 1 },
          { from: 1, to: 2, students: 1 },
          { from: 2, to: 3, students: 1 },
          { from: 3, to: 4, students: 1 },
        ],
      },
    });
    expect((await admin.graphql(QUERY, { id: test.id })).errors).toBeUndefined();
    expect((await rival.graphql(QUERY, { id: test.id })).errors![0].extensions).toMatchObject({ category: 'FORBIDDEN' });
  });
});
