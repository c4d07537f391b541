import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { newEmail } from './support/accounts';
import { baseUrl, launchBrowser } from './support/browser';
import { ensureDrawn, gotoDrawn } from './support/before-scripts';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { NARROW, sidewaysScrolling } from './support/narrow';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);
const password = 'a long enough password';

/** A 360 px phone that runs no JavaScript, reading Bangla (chosen once with ?lang=bn, kept in its cookie). */
async function banglaPhoneWithoutScripts(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: NARROW, baseURL: baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  await gotoDrawn(page, '/?lang=bn');
  return { context, page };
}

/** The account the browser's session cookie brings back, as the app's scripts would ask for it (null when none). */
async function sessionEmail(context: BrowserContext): Promise<string | null> {
  const res = await context.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: 'mutation { refreshSession(refreshToken: null) { user { email phone } } }' },
  });
  const body = (await res.json()) as { data?: { refreshSession: { user: { email: string | null; phone: string | null } } | null } };
  const user = body.data?.refreshSession?.user;
  return user ? (user.email ?? user.phone) : null;
}

async function assertFits(page: Page) {
  assert.deepEqual(await sidewaysScrolling(page), [], `${page.url()} fits 360 px`);
}

/** The code in the newest SMS to `phone` (+8801XXXXXXXXX), from the offline outbox. */
async function latestCodeTo(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql<{ text: string }>(`SELECT text FROM outbox_message WHERE "to" = $1 AND channel = 'sms' ORDER BY "createdAt" DESC LIMIT 1`, [phone]);
    const code = row && /@[^\s]+ #(\d{6})$/.exec(row.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code sent to ${phone}`);
}

describe('a 360 px phone with JavaScript off, in Bangla', () => {
  const email = newEmail('no-script');

  it('registers with the plain form: a refusal comes back in Bangla with what was typed, then the account is made and signed in', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, '/signUp');
    await assertFits(page);
    const form = page.getByRole('form', { name: bn('signUp.form') });
    await form.getByText(bn('account.role.STUDENT'), { exact: true }).click();
    await form.getByLabel(bn('account.field.name'), { exact: true }).fill('Nusrat Jahan');
    await form.getByLabel(bn('account.field.email'), { exact: true }).fill(email);
    await form.getByLabel(bn('account.field.password'), { exact: true }).fill(password);
    await form.getByLabel(bn('account.field.phone'), { exact: true }).fill('01712345678');
    await form.getByLabel(bn('account.field.date'), { exact: true }).fill('2008-04-01');
    // Sent without ticking the terms: the server draws the page again, in Bangla, keeping all but the password.
    await form.getByRole('button', { name: bn('signUp.button'), exact: true }).click();
    await page.waitForLoadState('load');
    await page.getByText('অ্যাকাউন্ট খুলতে শর্তাবলিতে সম্মতি দিন').waitFor();
    assert.equal(await page.getByLabel(bn('account.field.email'), { exact: true }).inputValue(), email);
    assert.equal(await page.getByLabel(bn('account.field.name'), { exact: true }).inputValue(), 'Nusrat Jahan');
    assert.equal(await page.getByLabel(bn('account.field.password'), { exact: true }).inputValue(), '');
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn');

    await page.getByLabel(bn('account.field.password'), { exact: true }).fill(password);
    await page.locator('main').getByRole('checkbox').check();
    await page.getByRole('button', { name: bn('signUp.button'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await sessionEmail(context), email);
    await context.close();
  });

  it('browses model tests (a GET form filters), opens a test, and its start link signs in with the plain form and comes back', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, '/model-tests');
    await page.getByRole('heading', { level: 1, name: bn('practice.title') }).waitFor();
    await page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
    await page.getByRole('button', { name: bn('practice.show'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('class') === '9');
    await ensureDrawn(page);
    const cards = page.getByTestId('model-test');
    assert.ok((await cards.count()) > 0, 'class 9 has model tests');
    await assertFits(page);
    const title = (await cards.first().getByRole('heading').textContent())!.trim();
    await cards
      .first()
      .getByRole('link', { name: bn('practice.open'), exact: true })
      .click();
    await page.waitForURL(/\/model-tests\/[0-9a-f-]{36}$/);
    const testPath = new URL(page.url()).pathname;
    await ensureDrawn(page);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('heading', { level: 2, name: bn('practice.leaderboard') }).waitFor();
    await assertFits(page);

    await page.getByRole('link', { name: bn('practice.signInToStart'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('next') === testPath);
    await ensureDrawn(page);
    const form = page.getByRole('form', { name: bn('login.title') });
    await form.getByLabel(bn('account.field.email'), { exact: true }).fill(email);
    await form.getByLabel(bn('account.field.password'), { exact: true }).fill('not the password');
    await form.getByRole('button', { name: bn('login.button'), exact: true }).click();
    await page.waitForLoadState('load');
    // Refused: the page again, the error in Bangla, the email kept, the password not, the return address kept.
    await page.getByText('ইমেইল বা পাসওয়ার্ড ভুল').waitFor();
    assert.equal(await page.getByLabel(bn('account.field.email'), { exact: true }).inputValue(), email);
    assert.equal(await page.getByLabel(bn('account.field.password'), { exact: true }).inputValue(), '');
    assert.equal(await sessionEmail(context), null);
    await assertFits(page);

    await page.getByLabel(bn('account.field.password'), { exact: true }).fill(password);
    await page.getByRole('button', { name: bn('login.button'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === testPath);
    assert.equal(await sessionEmail(context), email);
    await context.close();
  });

  it('checks a certificate by its number', async () => {
    const [student] = await sql<{ id: string }>(`SELECT id FROM "user" WHERE email = $1`, [email]);
    const [course] = await sql<{ id: string; name: string; description: string }>(`SELECT id, name, description FROM course WHERE published LIMIT 1`);
    const [enrollment] = await sql<{ id: string }>(
      `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
      [student.id, course.id, course.name, course.description, email],
    );
    const number = 'SHK-N05CR1PT00';
    await sql(
      `INSERT INTO certificate (number, "enrollmentId", "studentId", "courseId", "studentName", course, instructor) VALUES ($1, $2, $3, $4, 'Nusrat Jahan', $5, 'Rahim Uddin')`,
      [number, enrollment.id, student.id, course.id, course.name],
    );
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, `/certificate/${number}`);
    await page.getByRole('heading', { level: 1, name: bn('certificate.valid') }).waitFor();
    await page.getByText('Nusrat Jahan', { exact: true }).waitFor();
    await page.getByText(number, { exact: true }).waitFor();
    await assertFits(page);
    await gotoDrawn(page, '/certificate/SHK-NONE');
    await page.getByRole('heading', { level: 1, name: bn('certificate.notFound') }).waitFor();
    await context.close();
  });

  it('signs up with a mobile number and the code from the SMS, the plain form asking for the name', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, '/login?with=phone');
    const number = '01812345670';
    await page.getByLabel(bn('phone.number'), { exact: true }).fill(number);
    await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
    await page.waitForLoadState('load');
    const code = page.getByLabel(bn('phone.code'), { exact: true });
    await code.waitFor();
    await assertFits(page);
    await code.fill(await latestCodeTo('+8801812345670'));
    await page.getByRole('button', { name: bn('phone.signIn'), exact: true }).click();
    await page.waitForLoadState('load');
    // A number without an account: the code stays good and the name is asked for.
    const name = page.getByLabel(bn('phone.name'), { exact: true });
    await name.waitFor();
    await name.fill('Karim Hossain');
    await page.getByRole('button', { name: bn('phone.signUp'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await sessionEmail(context), '+8801812345670');
    await context.close();
  });
});
