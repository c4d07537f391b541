import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { NARROW, sidewaysScrolling } from './support/narrow';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { assertNoSidewaysScroll, openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** A Bangla text; plain `{name}` placeholders filled in as given. */
const bn = (key: string, values: Record<string, string> = {}) =>
  Object.keys(values).length === 0 ? text(bangla, key) : bangla[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name]);
const banglaDigits = (digits: string) => digits.replace(/\d/g, (d) => String.fromCodePoint(0x09e6 + Number(d)));

/** The code in the newest SMS to `phone` (+8801XXXXXXXXX), from the offline outbox (no SMS_PROVIDER here). */
async function latestCodeTo(phone: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql<{ text: string }>(`SELECT text FROM outbox_message WHERE "to" = $1 AND channel = 'sms' ORDER BY "createdAt" DESC LIMIT 1`, [phone]);
    const code = row && /@[^\s]+ #(\d{6})$/.exec(row.text)?.[1];
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code sent to ${phone}`);
}

/** Asks for a code for `typed` in the open number form and types the code from the SMS in Bangla digits. */
async function typeNumberAndCode(page: Page, typed: string, phone: string) {
  await page.getByLabel(bn('phone.number'), { exact: true }).fill(typed);
  await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
  // The number is said back in the page's digits.
  await page.getByText(bn('phone.codeSent', { phone: banglaDigits(typed) })).waitFor();
  const code = page.getByLabel(bn('phone.code'), { exact: true });
  assert.equal(await code.getAttribute('autocomplete'), 'one-time-code');
  assert.equal(await code.getAttribute('inputmode'), 'numeric');
  await code.fill(banglaDigits(await latestCodeTo(phone)));
}

describe('a mobile number and a code by SMS, in Bangla on a phone (390 px)', () => {
  it('a new student signs up with a number typed in Bangla digits, buys a course with bKash and finds the receipt on the profile', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/signUp?lang=bn');
    await page.getByRole('button', { name: bn('phone.useMobile'), exact: true }).click();
    await typeNumberAndCode(page, '০১৮১২-৩৪৫৬৭৯', '+8801812345679');
    await page.getByLabel(bn('phone.name'), { exact: true }).fill('মোবাইল শিক্ষার্থী');
    await assertNoSidewaysScroll(page);
    await page.getByRole('button', { name: bn('phone.signUp'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const [account] = await sql<{ email: string | null; phone: string; confirmed: boolean; language: string }>(
      `SELECT email, phone, "phoneConfirmedAt" IS NOT NULL AS confirmed, language FROM "user" WHERE name = $1`,
      ['মোবাইল শিক্ষার্থী'],
    );
    assert.deepEqual(account, { email: null, phone: '+8801812345679', confirmed: true, language: 'bn' });

    // A paid course, bought in taka with bKash through the SSLCommerz sandbox: the number is already filled in.
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const card = page.getByTestId('course-card').nth(2);
    await card.waitFor();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const coursePath = (await card.getByRole('link', { name: bn('courseCard.preview') }).getAttribute('href'))!;
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(coursePath)![1];
    await page.goto(`/enroll/${courseId}`);
    await page.getByRole('radio', { name: /^বিকাশ \/ নগদ \/ রকেট \/ কার্ড \(SSLCommerz\) — ৳[০-৯,]+$/ }).waitFor();
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === '+8801812345679');
    await page.getByRole('button', { name: /^৳[০-৯,]+ পেমেন্ট করুন$/ }).click();
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}\?success=true$/);

    // The receipt: on the profile, and as a short SMS (the account has no email).
    await page.goto('/myprofile');
    const record = page.getByTestId('my-payment').filter({ hasText: name });
    assert.match((await record.getByTestId('payment-method').textContent())!, /^bKash · /);
    await assertNoSidewaysScroll(page);
    const sms = await sql<{ text: string }>(`SELECT text FROM outbox_message WHERE "to" = $1 AND channel = 'sms' AND text LIKE $2`, [
      '+8801812345679',
      '%রসিদ%',
    ]);
    assert.equal(sms.length, 1, 'one receipt SMS');
    assert.match(sms[0].text, /^শিখন: আপনার শিখন রসিদ: .+। পুরোটা পড়ুন এখানে: http:\/\/127\.0\.0\.1:\d+\/receipts\/[0-9a-f-]{36}$/);
    // The SMS's link leads to the receipt's page, not to a missing page (e2e/receipts.test.ts reads it).
    await page.goto(new URL(sms[0].text.split(' ').at(-1)!).pathname);
    await page.getByTestId('receipt').waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('an email account adds a number on Edit Profile, confirms it, then signs in with a code', async () => {
    const email = newEmail('adds-phone');
    const setUp = await openPhone(browser);
    await signUp(setUp.page, { name: 'Email Student', email, password: 'a good password' });
    await setUp.page.waitForURL((url) => url.pathname === '/');

    await setUp.page.goto('/editProfile?lang=bn');
    const section = setUp.page.getByTestId('sign-in-phone');
    await section.getByText(bn('phone.addHint')).waitFor();
    await typeNumberAndCode(setUp.page, '০১৯১২৩৪৫৬৭০', '+8801912345670');
    await section.getByRole('button', { name: bn('phone.confirm'), exact: true }).click();
    await section.getByText(bn('phone.confirmed', { phone: '+8801912345670' })).waitFor();
    await assertNoSidewaysScroll(setUp.page);
    setUp.assertNoErrors();
    await setUp.close();

    // Another phone, never signed in here: the number and a code reach the same account.
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/login?lang=bn');
    await page.getByRole('button', { name: bn('phone.useMobile'), exact: true }).click();
    await typeNumberAndCode(page, '01912345670', '+8801912345670');
    await page.getByRole('button', { name: bn('phone.signIn'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/myprofile');
    await page.getByText(email, { exact: true }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });
});

describe('the code screen in Bangla on a 360 px phone', () => {
  it('counts down in Bangla digits before a new code can be asked for, and says how many tries a wrong code leaves', async () => {
    const visit = await openPage(browser, NARROW);
    const { page } = visit;
    await page.goto('/login?lang=bn');
    await page.getByRole('button', { name: bn('phone.useMobile'), exact: true }).click();
    await page.getByLabel(bn('phone.number'), { exact: true }).fill('০১৭১৫-৩৬০৩৬০');
    await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
    await page.getByText(bn('phone.codeSent', { phone: '০১৭১৫-৩৬০৩৬০' })).waitFor();

    // "নতুন কোড পাঠান" is off, with the seconds left in Bangla digits, counting down from ৩০.
    const resend = page.getByRole('button', { name: /^নতুন কোড পাঠান \([০-৯]+ সেকেন্ড\)$/ });
    await resend.waitFor();
    assert.equal(await resend.isDisabled(), true);
    const secondsShown = async () => Number(latinDigitsOf(/\(([০-৯]+) সেকেন্ড\)/.exec((await resend.textContent()) ?? '')?.[1] ?? ''));
    const first = await secondsShown();
    assert.ok(first <= 30 && first >= 27, `the countdown starts at ৩০, shows ${first}`);
    // A second or two later, it shows fewer seconds, still in Bangla digits.
    let later = first;
    for (let i = 0; i < 50 && later >= first; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      later = await secondsShown();
    }
    assert.ok(later < first && later > 0, `the countdown went from ${first} to ${later}`);
    assert.equal(await resend.isDisabled(), true);

    // A wrong code: the code's message and the tries left, in Bangla digits.
    const code = await latestCodeTo('+8801715360360');
    const wrong = code === '000000' ? '111111' : '000000';
    await page.getByLabel(bn('phone.code'), { exact: true }).fill(banglaDigits(wrong));
    await page.getByRole('button', { name: bn('phone.signIn'), exact: true }).click();
    await page.getByText('এই কোডে আর ৪ বার চেষ্টা করা যাবে।', { exact: true }).waitFor();
    assert.deepEqual(await sidewaysScrolling(page), []);
    visit.assertNoErrors();
    await visit.close();
  });
});

const latinDigitsOf = (digits: string) => digits.replace(/[০-৯]/g, (d) => String(d.charCodeAt(0) - 0x09e6));
