/**
 * The server as real processes: two copies sharing one database keep purchases and rate limits
 * right, and SIGTERM under load lets requests in flight finish before a clean exit.
 */
import http from 'node:http';
import type { DataSource } from 'typeorm';
import { closeTestDatabase, openTestDatabase } from './test/database';
import { makeCourse, makeUser } from './test/factories';
import { HttpClient, signedInClient } from './test/http-client';
import { startServerProcess, type ServerProcess } from './test/server-process';
import { startSmtpSink, type SmtpSink } from './test/smtp-sink';
import { Enrollment } from './modules/enrollment/enrollment.entity';
import { TestModePayment } from './payments/offline/stripe-test-mode/test-mode-payment.entity';
import { ALREADY_OWNED, PAYMENT_IN_PROGRESS } from './modules/payment/checkout.service';
import { WRONG_CREDENTIALS } from './modules/auth/auth.service';

jest.setTimeout(120_000);

const PURCHASE = `mutation ($input: PurchaseInput!) { purchaseCourse(input: $input) { status enrollment { id } } }`;
type PurchaseAnswer = { purchaseCourse: { status: string; enrollment: { id: string } | null } };
const LOGIN = `mutation ($email: String!, $password: String!) { login(email: $email, password: $password) { accessToken } }`;

describe('two server processes on one database', () => {
  let db: DataSource;
  let servers: ServerProcess[];

  beforeAll(async () => {
    db = await openTestDatabase();
    await makeUser(db, { email: 'racer@example.com' }, 'racer password');
    await makeUser(db, { email: 'target@example.com' }, 'the right password');
    servers = await Promise.all([startServerProcess(db), startServerProcess(db)]);
  });
  afterAll(async () => {
    await Promise.all((servers ?? []).map((server) => server.stop()));
    await closeTestDatabase(db);
  });

  /** The same student signed in on both copies (one sign-in, the token works on either). */
  async function studentOnBoth(): Promise<HttpClient[]> {
    const first = await signedInClient(servers[0].url, 'racer@example.com', 'racer password');
    const second = new HttpClient(servers[1].url);
    second.token = first.token;
    return [first, second];
  }

  const enrollmentsIn = (courseId: string) => db.getRepository(Enrollment).countBy({ courseId });
  const chargesFor = async (courseId: string) =>
    (await db.getRepository(TestModePayment).find({ where: { status: 'succeeded' } })).filter((p) => p.metadata.courseId === courseId).length;

  it('enrolls once and charges once when one purchase is sent to both copies at the same moment', async () => {
    const clients = await studentOnBoth();
    for (const round of [1, 2, 3]) {
      const course = await makeCourse(db, { name: `Raced course ${round}`, price: 12 });
      const answers = await Promise.all(
        clients.map((client) =>
          client.graphql<PurchaseAnswer>(PURCHASE, { input: { courseId: course.id, paymentMethod: 'pm_card_visa', idempotencyKey: `round-${round}` } }),
        ),
      );
      // The retry answers what the first request did: both see the same success.
      expect(answers.map((a) => a.data?.purchaseCourse.status)).toEqual(['SUCCEEDED', 'SUCCEEDED']);
      expect(answers[0].data!.purchaseCourse.enrollment!.id).toBe(answers[1].data!.purchaseCourse.enrollment!.id);
      expect(await enrollmentsIn(course.id)).toBe(1);
      expect(await chargesFor(course.id)).toBe(1);
    }
  });

  it('refuses the second of two different purchases of one course raced across the copies', async () => {
    const clients = await studentOnBoth();
    for (const round of [1, 2, 3]) {
      const course = await makeCourse(db, { name: `Twice bought ${round}`, price: 9 });
      const answers = await Promise.all(
        clients.map((client, i) =>
          client.graphql<PurchaseAnswer>(PURCHASE, { input: { courseId: course.id, paymentMethod: 'pm_card_visa', idempotencyKey: `copy-${i}-${round}` } }),
        ),
      );
      const succeeded = answers.filter((a) => a.data?.purchaseCourse.status === 'SUCCEEDED');
      const refused = answers.filter((a) => a.errors?.length);
      expect(succeeded).toHaveLength(1);
      expect(refused).toHaveLength(1);
      expect([ALREADY_OWNED, PAYMENT_IN_PROGRESS]).toContain(refused[0].errors![0].message);
      expect(await enrollmentsIn(course.id)).toBe(1);
      expect(await chargesFor(course.id)).toBe(1);
    }
  });

  it('counts wrong passwords for one account across both copies', async () => {
    const messages: string[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const { errors } = await new HttpClient(servers[attempt % 2].url).graphql(LOGIN, { email: 'target@example.com', password: `guess ${attempt}` });
      messages.push(errors![0].message);
    }
    expect(messages.slice(0, 10)).toEqual(Array(10).fill(WRONG_CREDENTIALS));
    expect(messages[10]).toMatch(/^Too many failed sign-ins to this account from new browsers\. Try again in \d+ seconds?/);
    // Even the right password from a new browser waits now, on either copy.
    const { errors } = await new HttpClient(servers[1].url).graphql(LOGIN, { email: 'target@example.com', password: 'the right password' });
    expect(errors![0].message).toMatch(/^Too many failed sign-ins/);
  });
});

describe('SIGTERM under load', () => {
  let db: DataSource;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await openTestDatabase();
    await makeCourse(db, { name: 'Steady course' });
    server = await startServerProcess(db);
  });
  afterAll(async () => {
    await server.stop();
    await closeTestDatabase(db);
  });

  /**
   * A GraphQL request whose body is sent in two halves, so it is in flight for as long as we wait.
   * It asks for `100 Continue`, which the server sends once it has read the request's headers and
   * taken the request in: only then is it a request in flight. (A connection the server has not
   * read a request from yet is closed at shutdown like an idle one; waiting for the client's
   * `connect` alone let SIGTERM come first on a busy machine, and the request was cut: socket hang up.)
   */
  function slowRequest(url: string, query: string) {
    const body = JSON.stringify({ query });
    const target = new URL('/graphql', url);
    const req = http.request({
      host: target.hostname,
      port: target.port,
      path: target.pathname,
      method: 'POST',
      agent: false,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), expect: '100-continue' },
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode!, text }));
      });
      req.on('error', reject);
    });
    const takenIn = new Promise<void>((resolve) => req.once('continue', () => resolve()));
    req.write(body.slice(0, 10));
    return { takenIn, finish: () => req.end(body.slice(10)), answer };
  }

  /** Waits, a turn of the event loop at a time, until the condition holds (at most 10 s). */
  async function until(condition: () => boolean, what: string) {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  it('finishes requests in flight, refuses new ones and exits cleanly within 10 seconds', async () => {
    const query = '{ courses { total items { name } } }';
    const statuses: number[] = [];
    let loading = true;
    // Load from a few clients until the server goes away; a refused connection ends a client.
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (loading) {
          try {
            const res = await fetch(`${server.url}/graphql`, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ query }),
            });
            statuses.push(res.status);
            await res.text();
          } catch {
            return;
          }
        }
      }),
    );
    await until(() => statuses.length >= 8, 'the load to be answered');
    const inFlight = slowRequest(server.url, query);
    await inFlight.takenIn;
    // The load goes on meanwhile: the server answers others while the slow request waits for its body.
    const answeredBefore = statuses.length;
    await until(() => statuses.length >= answeredBefore + 8, 'the server to answer after taking the slow request in');

    server.child.kill('SIGTERM');
    await until(() => server.logs.some((line) => line.includes('shutting down')), 'the server to start shutting down');
    // New connections are refused from the moment the listener closes, which follows shortly.
    const refusedAt = Date.now() + 10_000;
    while (
      await fetch(`${server.url}/healthz`).then(
        () => true,
        () => false,
      )
    ) {
      if (Date.now() > refusedAt) throw new Error('the server kept taking new connections while shutting down');
    }
    inFlight.finish();

    const finished = await inFlight.answer;
    expect(finished.status).toBe(200);
    expect(JSON.parse(finished.text)).toEqual({ data: { courses: { total: 1, items: [{ name: 'Steady course' }] } } });
    expect(await server.exited).toBe(0);
    loading = false;
    await load;
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 200)).toBe(true);
    // Exiting within 10 s: the server force-closes connections after 8 s, and logs it; it never had to.
    expect(server.logs.some((line) => line.includes('stopped cleanly'))).toBe(true);
    expect(server.logs.some((line) => line.includes('shutdown took too long'))).toBe(false);
    // A clean shutdown writes no error-level line (pino: level 50 and above).
    expect(server.logs.filter((line) => /"level":(5|6)\d/.test(line))).toEqual([]);
  });
});

describe('SIGTERM with a job in hand', () => {
  let db: DataSource;
  let smtp: SmtpSink;
  let server: ServerProcess;

  beforeAll(async () => {
    db = await openTestDatabase();
    await makeUser(db, { email: 'forgetful@example.com' }, 'the right password');
    // An SMTP server that accepts and never answers: a mail job stays in hand as long as its timeouts allow.
    smtp = await startSmtpSink({ silent: true });
    server = await startServerProcess(db, { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_TIMEOUT_SECONDS: '60' });
  });
  afterAll(async () => {
    await server.stop();
    await smtp.close();
    await closeTestDatabase(db);
  });

  it('waits for the job only as long as the shutdown allows, and exits cleanly within 10 seconds, logging no error', async () => {
    const { data } = await new HttpClient(server.url).graphql(`mutation { requestPasswordReset(email: "forgetful@example.com") }`);
    expect(data).toEqual({ requestPasswordReset: true });
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [job] = await db.query<Array<{ state: string }>>(`SELECT state FROM pgboss.job WHERE name = 'send-mail'`);
      if (job?.state === 'active') break;
      if (Date.now() > deadline) throw new Error('the mail job was never taken');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(10_000);
    expect(server.logs.some((line) => line.includes('stopped cleanly'))).toBe(true);
    expect(server.logs.filter((line) => /"level":(5|6)\d/.test(line))).toEqual([]);
    // The mail is not lost: its job waits for the next server to send it.
    const [job] = await db.query<Array<{ state: string }>>(`SELECT state FROM pgboss.job WHERE name = 'send-mail'`);
    expect(job.state).toBe('retry');
  });
});
