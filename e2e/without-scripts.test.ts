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

  it('subscribes from the footer with the plain form: thanks in Bangla, and the way back to the page', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, '/about');
    const subscriber = newEmail('no-script-reader');
    await page.getByLabel(bn('footer.yourEmail'), { exact: true }).fill(subscriber);
    await page.getByRole('button', { name: bn('footer.subscribe'), exact: true }).click();
    await page.getByRole('status').getByText(bn('footer.subscribeThanks'), { exact: true }).waitFor();
    await assertFits(page);
    const [row] = await sql<{ count: string }>(`SELECT count(*) FROM inbox_message WHERE kind = 'SUBSCRIPTION' AND email = $1`, [subscriber]);
    assert.equal(Number(row.count), 1);
    await page.getByRole('link', { name: '←' }).click();
    await page.waitForURL((url) => url.pathname === '/about');
    await context.close();
  });

  it('browses the catalogue: the pager, a section and a class move with links and a GET form, each address drawn by the server, and Back goes back', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    await gotoDrawn(page, '/allCourses');
    await page.getByRole('heading', { level: 1, name: bn('catalog.title') }).waitFor();
    const cards = page.getByTestId('course-card');
    const pager = page.getByRole('navigation', { name: bn('pager.label') });
    assert.match((await pager.getByText(/^পাতা /).textContent())!, /^পাতা ১ \/ [২-৯]/);
    const firstOnPage1 = await cards.first().getByRole('heading').textContent();
    await assertFits(page);

    // The pager: a link to the next page.
    await pager.getByRole('link', { name: bn('pager.next'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('offset') === '20');
    await ensureDrawn(page);
    assert.match((await pager.getByText(/^পাতা /).textContent())!, /^পাতা ২ \//);
    assert.notEqual(await cards.first().getByRole('heading').textContent(), firstOnPage1);

    // A section: its link starts from its first page.
    const filters = page.getByRole('group', { name: bn('catalog.filter') });
    await filters.getByRole('link', { name: bn('catalog.filters.school'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'CLASS_1_TO_12' && !url.searchParams.has('offset'));
    await ensureDrawn(page);
    await page.getByText(bn('home.sections.school'), { exact: true }).waitFor();
    assert.equal(await filters.getByRole('link', { name: bn('catalog.filters.school'), exact: true }).getAttribute('aria-current'), 'true');
    const inSection = await cards.count();
    assert.ok(inSection > 0, 'the school section has courses');

    // A class: the select and the form's button (shown because scripts are off); the section stays.
    const [{ level }] = await sql<{ level: number }>(
      `SELECT "classLevel" AS level FROM course WHERE published AND "classLevel" IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
    );
    await page.getByLabel(bn('catalog.class'), { exact: true }).selectOption(String(level));
    await filters.getByRole('button', { name: bn('catalog.show'), exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('class') === String(level) && url.searchParams.get('section') === 'CLASS_1_TO_12');
    await ensureDrawn(page);
    assert.equal(await page.getByLabel(bn('catalog.class'), { exact: true }).inputValue(), String(level));
    const inClass = await cards.count();
    assert.ok(inClass > 0 && inClass <= inSection, `class ${level} has courses of the section`);
    await assertFits(page);

    // Back: the section without the class, as it was.
    await page.goBack();
    await page.waitForURL((url) => url.searchParams.get('section') === 'CLASS_1_TO_12' && !url.searchParams.has('class'));
    await ensureDrawn(page);
    assert.equal(await cards.count(), inSection);

    // Every filter at once, in a shared address: drawn by the server too.
    await gotoDrawn(page, `/allCourses?section=CLASS_1_TO_12&class=${level}&language=bn`);
    await cards.first().waitFor();
    await gotoDrawn(page, '/allCourses?language=bn&offset=0');
    assert.ok((await cards.count()) > 0, 'courses taught in Bangla');
    await context.close();
  });

  it('asks for a password reset with the sign-in form’s Forgot Password: the email first, then the same answer for any address', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    const mails = async (to: string) => Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_message WHERE "to" = $1`, [to]))[0].n);
    const before = await mails(email);
    await gotoDrawn(page, '/login');
    const forgot = () => page.getByRole('form', { name: bn('login.title') }).getByRole('button', { name: bn('login.forgotPassword'), exact: true });
    // No email yet: the page asks for it, as the scripts' alert does.
    await forgot().click();
    await page.waitForLoadState('load');
    await page.getByRole('alert').getByText(bn('login.forgotPasswordEmpty'), { exact: true }).waitFor();
    await assertFits(page);

    await page.getByLabel(bn('account.field.email'), { exact: true }).fill(email);
    await forgot().click();
    await page.waitForLoadState('load');
    await page.getByRole('status').getByText(bn('login.forgotPasswordSent'), { exact: true }).waitFor();
    assert.equal(await page.getByLabel(bn('account.field.email'), { exact: true }).inputValue(), email);
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn');
    assert.equal(await mails(email), before + 1);
    await assertFits(page);

    // An address with no account: the same page, and no mail.
    const nobody = newEmail('nobody');
    await page.getByLabel(bn('account.field.email'), { exact: true }).fill(nobody);
    await forgot().click();
    await page.waitForLoadState('load');
    await page.getByRole('status').getByText(bn('login.forgotPasswordSent'), { exact: true }).waitFor();
    assert.equal(await mails(nobody), 0);
    assert.equal(await sessionEmail(context), null);
    await context.close();
  });

  it('asks for a new code on the phone form: too soon it says the wait, after it a new code comes (then a 60 s wait) and signs in', async () => {
    const { context, page } = await banglaPhoneWithoutScripts();
    const number = '01812345671';
    const phone = '+8801812345671';
    const sent = async () =>
      Number((await sql<{ n: number }>(`SELECT count(*)::int AS n FROM outbox_message WHERE "to" = $1 AND channel = 'sms'`, [phone]))[0].n);
    await gotoDrawn(page, '/login?with=phone');
    await page.getByLabel(bn('phone.number'), { exact: true }).fill(number);
    await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
    await page.waitForLoadState('load');
    await page.getByText('৩০ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।', { exact: true }).waitFor();
    assert.equal(await sent(), 1);
    const resend = page.getByRole('button', { name: bn('phone.resend'), exact: true });

    // Too soon: the code step again with the wait the server gave, and nothing sent.
    await resend.click();
    await page.waitForLoadState('load');
    await page.getByText(/^[০-৯]+ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।$/).waitFor();
    await page.getByLabel(bn('phone.code'), { exact: true }).waitFor();
    assert.equal(await sent(), 1);
    await assertFits(page);

    // The wait over: a new code, and the next wait is 60 s.
    await sql(`UPDATE sign_in_code SET "createdAt" = "createdAt" - interval '31 seconds' WHERE phone = $1`, [phone]);
    await resend.click();
    await page.waitForLoadState('load');
    await page.getByText('৬০ সেকেন্ড পরে নতুন কোড চাইতে পারবেন।', { exact: true }).waitFor();
    assert.equal(await sent(), 2);

    await page.getByLabel(bn('phone.code'), { exact: true }).fill(await latestCodeTo(phone));
    await page.getByRole('button', { name: bn('phone.signIn'), exact: true }).click();
    await page.waitForLoadState('load');
    const name = page.getByLabel(bn('phone.name'), { exact: true });
    await name.waitFor();
    await name.fill('Sadia Islam');
    await page.getByRole('button', { name: bn('phone.signUp'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    assert.equal(await sessionEmail(context), phone);
    await context.close();
  });
});
