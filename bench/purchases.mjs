// Buying under load: many students at once pay for courses with the test card 4242 4242 4242 4242
// through the offline test-mode card provider, the way the checkout page does (the card made into a
// payment method, then the PurchaseCourse mutation), and a few send the same purchase twice at once.
// Afterwards SQL must show exactly one enrollment and one successful charge per student and course.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { fetchJson, graphql, percentile } from './load.mjs';
import { root } from './product.mjs';

const read = (file) => fs.readFileSync(path.join(root, file), 'utf8');
export const CHECKOUT = read('client/src/features/checkout/api/checkout.graphql');
export const SIGN_IN = read('client/src/features/account/api/sign-in.graphql') + read('client/src/lib/session-user.graphql');
export const PASSWORD = 'bench student password';
const ALREADY_OWNED = 'You already own this course';
const PAYMENT_IN_PROGRESS = 'A payment for this course is already in progress. Please wait a moment.';
const ALREADY_OWNED_OR_IN_FLIGHT = /^(You already own this course|A payment for this course is already in progress\.)/;
const DEADLINE_MS = 300_000;

/** An argon2 hash of `password` with the product's own cost (server/src/modules/auth/password.ts). */
export const passwordHash = (password) => hash(password, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });

/** Each student acts from an address of their own, as phones on a mobile network do (the product believes a loopback proxy). */
export const addressOf = (round, i) => `10.${round}.${Math.floor(i / 250)}.${1 + (i % 250)}`;

/** A student's access token from the sign-in page's own mutation, asked from the student's address. */
export async function signIn(url, email, address) {
  const answer = await fetchJson(url, graphql(SIGN_IN, { email, password: PASSWORD }, 'Login'), { 'x-forwarded-for': address });
  if (!answer.data) throw new Error(`sign-in of ${email} failed: ${JSON.stringify(answer.errors)}`);
  return answer.data.login.accessToken;
}

/** A payment method for the test card 4242 4242 4242 4242, made as the checkout page makes it. */
export async function cardPaymentMethod(url, address) {
  const year = new Date().getUTCFullYear() + 3;
  const card = {
    path: '/test-mode/payment-methods',
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ number: '4242 4242 4242 4242', expMonth: 12, expYear: year, cvc: '123' }),
  };
  return (await fetchJson(url, card, { 'x-forwarded-for': address })).id;
}

/**
 * `students` students each buy `coursesEach` of a pool of popular courses, all students at once; the
 * first `racers` of them first send one purchase twice at the same moment (some with two keys, as
 * two taps on two phones, the rest with one key, as a retry). Answers purchases per second and latency;
 * `around` wraps the buying (not the sign-ins before it), e.g. to measure CPU time, and its answer is `measured`.
 */
export async function buyUnderLoad({ url, db, round, students = 50, coursesEach = 6, racers = 5, pool = 20, around = (work) => work() }) {
  const hashed = await passwordHash(PASSWORD);
  const { rows: accounts } = await db.query(
    `INSERT INTO "user" ("name", "email", "passwordHash", "role", "image")
     SELECT 'Bench student ' || i, 'bench-student-' || $1::int || '-' || i || '@shikhon.test', $2, 'STUDENT', '/media/people/student.svg'
     FROM generate_series(1, $3::int) AS i ORDER BY i RETURNING "id", "email"`,
    [round, hashed, students],
  );
  const { rows: courses } = await db.query(
    `SELECT "id" FROM "course" WHERE "published" AND "price" > 0 AND "instructorEmail" LIKE 'bench-instructor-%' ORDER BY "createdAt" DESC, "id" LIMIT $1`,
    [pool],
  );
  if (courses.length < pool) throw new Error(`only ${courses.length} paid courses to buy`);
  const buyers = await Promise.all(
    accounts.map(async (account, i) => {
      const address = addressOf(round, i);
      return { ...account, address, token: await signIn(url, account.email, address), paymentMethod: await cardPaymentMethod(url, address) };
    }),
  );
  // Student i buys courses i, i+3, i+6... of the pool: every course is bought by many students.
  const plans = buyers.map((buyer, i) => ({
    buyer,
    courseIds: Array.from({ length: coursesEach }, (_, k) => courses[(i + 3 * k) % pool].id),
    race: i < racers ? (i % 2 === 0 ? 'two keys' : 'one key') : null,
  }));

  const latencies = [];
  let unavailable = 0;
  let failed = 0;
  let pending = 0;
  const deadline = Date.now() + DEADLINE_MS;
  /**
   * One purchase as the checkout page makes it: a 503 (the product's "try again in a moment") is sent
   * again after 0.5 s with the same key; a failed payment is paid again at once with a new key.
   */
  const purchase = async (buyer, courseId, firstKey, { waitForPending = false } = {}) => {
    const started = performance.now();
    let idempotencyKey = firstKey;
    for (let attempt = 1; attempt <= 60; attempt++) {
      const input = {
        courseId,
        paymentMethod: buyer.paymentMethod,
        idempotencyKey,
        billingDetails: { name: buyer.email, email: buyer.email, address: { line1: 'House 12, Road 5', city: 'Dhaka', postalCode: '1209', country: 'BD' } },
      };
      const request = graphql(CHECKOUT, { input }, 'PurchaseCourse');
      if (Date.now() > deadline) throw new Error(`buying under load took more than ${DEADLINE_MS / 1000} s`);
      const res = await fetch(url + request.path, {
        method: 'POST',
        headers: { ...request.headers, authorization: `Bearer ${buyer.token}`, 'x-forwarded-for': buyer.address },
        body: request.body,
        signal: globalThis.AbortSignal.timeout(30_000),
      });
      const text = await res.text();
      if (res.status === 503 && attempt < 60) {
        unavailable += 1;
        await new Promise((resolve) => setTimeout(resolve, 500));
        continue;
      }
      if (res.status !== 200) throw new Error(`a purchase answered ${res.status}: ${text}`);
      const answer = JSON.parse(text);
      const paymentFailed = answer.errors?.[0]?.extensions?.category === 'PAYMENT_FAILED' || answer.data?.purchaseCourse?.status === 'FAILED';
      if (paymentFailed && attempt < 60) {
        // The checkout page says the payment failed and pays again with a new key when the student tries again.
        failed += 1;
        idempotencyKey = crypto.randomUUID();
        continue;
      }
      if (waitForPending && answer.errors?.[0]?.message === PAYMENT_IN_PROGRESS && attempt < 60) {
        // A payment cut short (its request timed out waiting for a connection) stays pending until it is
        // stale (120 s); the student is asked to wait a moment and tries again.
        pending += 1;
        await new Promise((resolve) => setTimeout(resolve, 5000));
        continue;
      }
      latencies.push(performance.now() - started);
      return { ...answer, retried: attempt > 1 };
    }
    throw new Error(`a purchase was still not through after 60 attempts`);
  };
  /** A purchase went through: succeeded, or, tried again after a failure, found the course owned (the first try went through after all). */
  const succeeded = (answer, what) => {
    if (answer.retried && answer.errors?.[0]?.message === ALREADY_OWNED) return null;
    if (answer.data?.purchaseCourse?.status !== 'SUCCEEDED') throw new Error(`${what}: ${JSON.stringify(answer)}`);
    return answer.data.purchaseCourse.enrollment.id;
  };

  let purchases = 0;
  const buyPlan = async ({ buyer, courseIds, race }) => {
    const [first, ...rest] = courseIds;
    if (race === 'two keys') {
      const answers = await Promise.all([purchase(buyer, first, crypto.randomUUID()), purchase(buyer, first, crypto.randomUUID())]);
      const won = answers.filter((a) => a.data?.purchaseCourse?.status === 'SUCCEEDED');
      const refused = answers.filter((a) => ALREADY_OWNED_OR_IN_FLIGHT.test(a.errors?.[0]?.message ?? ''));
      if (won.length !== 1 || refused.length !== 1) throw new Error(`the same course bought twice at once with two keys: ${JSON.stringify(answers)}`);
    } else if (race === 'one key') {
      const key = crypto.randomUUID();
      const answers = await Promise.all([purchase(buyer, first, key), purchase(buyer, first, key)]);
      // Both answer the one enrollment, unless a failed payment made one of them pay again with a new key and find the course owned.
      const enrollments = answers.filter((a) => a.data?.purchaseCourse?.status === 'SUCCEEDED').map((a) => a.data.purchaseCourse.enrollment.id);
      const refused = answers.filter((a) => ALREADY_OWNED_OR_IN_FLIGHT.test(a.errors?.[0]?.message ?? ''));
      if (enrollments.length === 0 || new Set(enrollments).size !== 1 || enrollments.length + refused.length !== 2) {
        throw new Error(`a purchase and its retry at the same moment: ${JSON.stringify(answers)}`);
      }
    } else {
      succeeded(await purchase(buyer, first, crypto.randomUUID(), { waitForPending: true }), 'a purchase');
    }
    purchases += 1;
    for (const courseId of rest) {
      succeeded(await purchase(buyer, courseId, crypto.randomUUID(), { waitForPending: true }), 'a purchase');
      purchases += 1;
    }
  };
  let seconds = 0;
  const buying = async () => {
    const started = performance.now();
    await Promise.all(plans.map(buyPlan));
    seconds = (performance.now() - started) / 1000;
  };
  const measured = await around(buying);
  await checkOnePerPair(db, plans);
  return {
    measured,
    students,
    purchases,
    requests: latencies.length,
    unavailable,
    failed,
    pending,
    racers,
    seconds,
    perSecond: purchases / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    max: Math.max(...latencies),
  };
}

/** Thrown when SQL finds a student with other than one enrollment, payment and charge for a course bought: the bench must fail. */
export class OnePurchaseRuleBroken extends Error {}

/** Exactly one enrollment, one successful payment and one successful charge at the provider per student and course; nothing else. */
async function checkOnePerPair(db, plans) {
  const studentIds = plans.flatMap(({ buyer, courseIds }) => courseIds.map(() => buyer.id));
  const courseIds = plans.flatMap(({ courseIds: ids }) => ids);
  const { rows } = await db.query(
    `WITH pairs AS (SELECT * FROM unnest($1::uuid[], $2::uuid[]) AS p("studentId", "courseId"))
     SELECT p."studentId", p."courseId",
       (SELECT count(*)::int FROM "enrollment" e WHERE e."studentId" = p."studentId" AND e."courseId" = p."courseId") AS "enrollments",
       (SELECT count(*)::int FROM "payment" y WHERE y."studentId" = p."studentId" AND y."courseId" = p."courseId" AND y."status" = 'SUCCEEDED') AS "payments",
       (SELECT count(*)::int FROM "test_mode_payment" t WHERE t."metadata"->>'studentId' = p."studentId"::text AND t."metadata"->>'courseId' = p."courseId"::text AND t."status" = 'succeeded') AS "charges"
     FROM pairs p`,
    [studentIds, courseIds],
  );
  const wrong = rows.filter((row) => row.enrollments !== 1 || row.payments !== 1 || row.charges !== 1);
  const {
    rows: [totals],
  } = await db.query(
    `SELECT (SELECT count(*)::int FROM "enrollment" WHERE "studentId" = ANY($1::uuid[])) AS "enrollments",
            (SELECT count(*)::int FROM "test_mode_payment" WHERE "metadata"->>'studentId' = ANY($1::text[]) AND "status" = 'succeeded') AS "charges"`,
    [[...new Set(studentIds)]],
  );
  if (rows.length !== studentIds.length || wrong.length > 0 || totals.enrollments !== studentIds.length || totals.charges !== studentIds.length) {
    throw new OnePurchaseRuleBroken(
      `BUYING UNDER LOAD BROKE THE ONE-PURCHASE RULE: ${wrong.length} student-course pairs without exactly one enrollment, payment and charge ` +
        `(${JSON.stringify(wrong.slice(0, 5))}); ${totals.enrollments} enrollments and ${totals.charges} charges for ${studentIds.length} purchases`,
    );
  }
}
