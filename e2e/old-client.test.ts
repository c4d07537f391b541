import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { baseUrl, launchBrowser } from './support/browser';
import { newEmail } from './support/accounts';

// The old web client runs on its own origin: a page there calls the API as the old client did.
const oldOrigin = process.env.E2E_OLD_CLIENT_ORIGIN ?? 'http://localhost:3000';

let browser: Browser;
let oldSite: http.Server;
before(async () => {
  browser = await launchBrowser();
  oldSite = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' });
    res.end('<!doctype html><title>Old Shikhon client</title><p>old client</p>');
  });
  // Listening on every address: the old origin's host name is localhost, the other one tried is 127.0.0.1.
  await new Promise<void>((resolve) => oldSite.listen(Number(new URL(oldOrigin).port), resolve));
});
after(async () => {
  await browser.close();
  await new Promise((resolve) => oldSite.close(resolve));
});

interface Answer {
  status: number;
  body: unknown;
}

/** A fetch made by the page, as the old client's axios made it (JSON, bearer token when signed in). */
function call(page: Page, method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  return page.evaluate(
    async ({ api, method, path, body, token }) => {
      const headers: Record<string, string> = {};
      if (body !== undefined) headers['content-type'] = 'application/json';
      if (token) headers.authorization = `Bearer ${token}`;
      const res = await fetch(api + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'include' });
      const answer: unknown = await res.json();
      return { status: res.status, body: answer };
    },
    { api: baseUrl, method, path, body, token },
  );
}

async function oldClientPage(origin = oldOrigin): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await page.goto(`${origin}/`);
  return page;
}

describe('the old web client on its own origin', () => {
  it('browses, signs in, loads the instructor box, pays with {amount, token} and enrolls', async () => {
    const page = await oldClientPage();
    const courses = await call(page, 'GET', '/api/courses?limit=50');
    assert.equal(courses.status, 200);
    const courseId = (courses.body as Array<{ id: string; price: number }>).find((c) => c.price > 0)!.id;
    const course = (await call(page, 'GET', `/api/courses/${courseId}`)).body as { id: string; price: number; instructorEmail: string; name: string };
    assert.equal(course.id, courseId);

    const box = await call(page, 'GET', `/api/users/getUserByEmail/${encodeURIComponent(course.instructorEmail)}`);
    assert.equal(box.status, 200);
    assert.deepEqual(Object.keys(box.body as object).sort(), ['_id', 'eduQualification', 'id', 'image', 'name', 'role']);

    const email = newEmail('old-client');
    const signUp = await call(page, 'POST', '/graphql', {
      query: 'mutation ($input: SignUpInput!) { signUp(input: $input) { accessToken } }',
      variables: { input: { name: 'Old Client Learner', email, password: 'Old client 123!', phone: '+880 1711-000999', date: '2007-02-03', role: 'STUDENT' } },
    });
    const token = (signUp.body as { data: { signUp: { accessToken: string } } }).data.signUp.accessToken;

    const charge = await call(page, 'POST', '/payment', { amount: Math.round(course.price * 100), token: 'tok_visa' }, token);
    assert.equal(charge.status, 200);
    const { balance_transaction, amount } = charge.body as { balance_transaction: string; amount: number };
    const enrolled = await call(
      page,
      'POST',
      '/api/enroll',
      {
        courseID: courseId,
        courseName: course.name,
        courseDescription: '',
        courseImage: '',
        email,
        transactionID: balance_transaction,
        transactionAmount: amount / 100,
        billingDetails: {},
      },
      token,
    );
    assert.deepEqual([enrolled.status, (enrolled.body as { acknowledged: boolean }).acknowledged], [201, true]);
    const mine = (await call(page, 'GET', `/api/enroll/${encodeURIComponent(email)}`, undefined, token)).body as Array<{
      courseID: string;
      transactionAmount: number;
    }>;
    assert.deepEqual(
      mine.map((e) => [e.courseID, e.transactionAmount]),
      [[courseId, course.price]],
    );
    await page.context().close();
  });

  it('is refused by the browser on an origin CORS_ORIGINS does not list', async () => {
    const page = await oldClientPage(oldOrigin.replace('localhost', '127.0.0.1'));
    await assert.rejects(call(page, 'GET', '/api/courses'), /Failed to fetch/);
    await page.context().close();
  });

  it('keeps its session past the access token: the refresh token comes in the answer and goes back as an argument', async () => {
    const page = await oldClientPage();
    const email = newEmail('old-client-session');
    const signUp = await call(page, 'POST', '/graphql', {
      query: 'mutation ($input: SignUpInput!) { signUp(input: $input) { refreshToken } }',
      variables: { input: { name: 'Old Client Session', email, password: 'Old client 123!', phone: '01711000998', date: '2007-02-03', role: 'STUDENT' } },
    });
    let refreshToken = (signUp.body as { data: { signUp: { refreshToken: string } } }).data.signUp.refreshToken;
    assert.ok(refreshToken, 'a page of a listed origin is handed its refresh token');
    // Twice, as the page would every 15 minutes: each answer's token is the next one to send.
    for (let round = 0; round < 2; round += 1) {
      const refreshed = await call(page, 'POST', '/graphql', {
        query: 'mutation ($t: String) { refreshSession(refreshToken: $t) { accessToken refreshToken } }',
        variables: { t: refreshToken },
      });
      const session = (refreshed.body as { data: { refreshSession: { accessToken: string; refreshToken: string } } }).data.refreshSession;
      const me = await call(page, 'POST', '/graphql', { query: '{ me { email } }' }, session.accessToken);
      assert.equal((me.body as { data: { me: { email: string } } }).data.me.email, email.toLowerCase());
      assert.notEqual(session.refreshToken, refreshToken);
      refreshToken = session.refreshToken;
    }
    await page.context().close();
  });
});
