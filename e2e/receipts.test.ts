import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './support/browser';
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

/** The newest SMS to `phone` (+8801XXXXXXXXX) whose text matches `like`, from the offline outbox (no SMS_PROVIDER here). */
async function latestSmsTo(phone: string, like: string): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const [row] = await sql<{ text: string }>(
      `SELECT text FROM outbox_message WHERE "to" = $1 AND channel = 'sms' AND text LIKE $2 ORDER BY "createdAt" DESC LIMIT 1`,
      [phone, like],
    );
    if (row) return row.text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no SMS like ${like} sent to ${phone}`);
}

/** Signs up with a mobile number and the code from its SMS, in Bangla. */
async function signUpWithPhone(page: Page, typed: string, phone: string, name: string) {
  await page.goto('/signUp?lang=bn');
  await page.getByRole('button', { name: bn('phone.useMobile'), exact: true }).click();
  await page.getByLabel(bn('phone.number'), { exact: true }).fill(typed);
  await page.getByRole('button', { name: bn('phone.sendCode'), exact: true }).click();
  await page.getByText(bn('phone.codeSent', { phone: banglaDigits(typed) })).waitFor();
  const code = /@[^\s]+ #(\d{6})$/.exec(await latestSmsTo(phone, '%#%'))![1];
  await page.getByLabel(bn('phone.code'), { exact: true }).fill(banglaDigits(code));
  await page.getByLabel(bn('phone.name'), { exact: true }).fill(name);
  await page.getByRole('button', { name: bn('phone.signUp'), exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

describe('a receipt for a phone-only student, in Bangla on a phone (390 px)', () => {
  it('buys a course with bKash in the sandbox, is told the receipt comes by SMS, and opens the receipt from the SMS link', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    const phone = '+8801912345681';
    await signUpWithPhone(page, '০১৯১২-৩৪৫৬৮১', phone, 'রসিদ শিক্ষার্থী');

    // A paid course, bought in taka with bKash through the SSLCommerz sandbox.
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const card = page.getByTestId('course-card').nth(3);
    await card.waitFor();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const coursePath = (await card.getByRole('link', { name: bn('courseCard.preview') }).getAttribute('href'))!;
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(coursePath)![1];
    await page.goto(`/enroll/${courseId}`);
    await page.waitForFunction((number) => document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === number, phone);
    await page.getByRole('button', { name: /^৳[০-৯,]+ পেমেন্ট করুন$/ }).click();
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}\?success=true$/);
    // The account has no email: the page says the confirmation comes by SMS, not by email.
    await page.getByText(bn('checkout.orderPlacedSms'), { exact: true }).waitFor();
    assert.equal(await page.getByText(bn('checkout.orderPlaced'), { exact: true }).count(), 0);

    const [paid] = await sql<{ id: string; transactionRef: string; amountCents: number }>(
      `SELECT p.id, p."transactionRef", p."amountCents" FROM payment p JOIN "user" u ON u.id = p."studentId" WHERE u.phone = $1 AND p.status = 'SUCCEEDED'`,
      [phone],
    );
    assert.ok(paid.transactionRef, 'the payment has its transaction id');
    const taka = `৳${(paid.amountCents / 100).toLocaleString('bn-BD')}`;

    // The receipt SMS links to the receipt's page.
    const sms = await latestSmsTo(phone, '%রসিদ%');
    const link = new RegExp(`^শিখন: আপনার শিখন রসিদ: .+। পুরোটা পড়ুন এখানে: (http://127\\.0\\.0\\.1:\\d+/receipts/${paid.id})$`).exec(sms);
    assert.ok(link, `the receipt SMS links to the receipt: ${sms}`);
    await page.goto(new URL(link[1]).pathname);
    const receipt = page.getByTestId('receipt');
    await receipt.waitFor();
    assert.equal(await receipt.getAttribute('lang'), 'bn');
    await receipt.getByRole('heading', { name: 'পেমেন্টের রসিদ' }).waitFor();
    const line = (key: string) => receipt.locator(`[data-line="${key}"] dd`);
    assert.equal(await line('transaction').textContent(), paid.transactionRef);
    assert.equal(await line('method').textContent(), 'bKash');
    assert.equal(await line('amount').textContent(), taka);
    assert.equal(await line('course').textContent(), name);
    assert.match((await line('date').textContent())!, /^[০-৯]+ \S+, [০-৯]{4}$/);
    await assertNoSidewaysScroll(page);

    // Printing shows the receipt alone.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: bn('receipt.print') }).isVisible(), false);
    assert.equal(await receipt.isVisible(), true);
    await page.emulateMedia({ media: 'screen' });

    // Its PDF downloads with the sign-in.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: bn('receipt.download') }).click()]);
    assert.match(download.suggestedFilename(), /^receipt-[\w.-]+\.pdf$/);

    // My Payments: the transaction id and the way to the receipt.
    await page.goto('/myprofile');
    const record = page.getByTestId('my-payment').filter({ hasText: name });
    assert.equal(await record.getByTestId('payment-transaction').textContent(), bn('account.payments.transaction', { id: paid.transactionRef }));
    await record.getByRole('link', { name: bn('account.payments.receiptOf', { course: name }) }).click();
    await page.waitForURL((url) => url.pathname === `/receipts/${paid.id}`);
    await page.getByTestId('receipt').waitFor();
    visit.assertNoErrors();
    await visit.close();
  });
});

describe('a guardian pays for a student, in Bangla on a phone (390 px)', () => {
  it('the student sends the link; the guardian, signed out, pays with bKash in the sandbox; the student finds the course in My Courses', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await signUpWithPhone(page, '০১৯১২-৩৪৫৬৮২', '+8801912345682', 'নাফিসা ইসলাম');

    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const card = page.getByTestId('course-card').nth(4);
    await card.waitFor();
    const name = (await card.getByRole('heading').textContent())!.trim();
    const coursePath = (await card.getByRole('link', { name: bn('courseCard.preview') }).getAttribute('href'))!;
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(coursePath)![1];
    await page.goto(`/enroll/${courseId}`);
    await page.getByRole('button', { name: bn('guardian.ask') }).click();
    const form = page.getByRole('form', { name: bn('guardian.ask') });
    await form.getByLabel(bn('guardian.phone')).fill('০১৮১২-৩৪৫৬৯৯');
    await form.getByRole('button', { name: bn('guardian.send') }).click();
    await form.getByText(bn('guardian.sent', { phone: '০১৮১২-৩৪৫৬৯৯' })).waitFor();
    await assertNoSidewaysScroll(page);

    // The guardian's SMS, in Bangla, with the link; the guardian opens it signed out, on another phone.
    const sms = await latestSmsTo('+8801812345699', '%অনুরোধ%');
    const link = /(http:\/\/127\.0\.0\.1:\d+\/guardian-pay\/[\w-]+\?lang=bn)$/.exec(sms);
    assert.ok(link, `the guardian's SMS has the link: ${sms}`);
    assert.ok(sms.startsWith(`শিখন: নাফিসা আপনাকে "${name}" কোর্সের ৳`), sms);
    const guardian = await openPhone(browser);
    await guardian.page.goto(new URL(link[1]).pathname + new URL(link[1]).search);
    await guardian.page.getByText(bn('guardian.asked', { name: 'নাফিসা' })).waitFor();
    assert.equal(await guardian.page.getByTestId('guardian-course').textContent(), name);
    assert.match((await guardian.page.getByTestId('guardian-price').textContent())!, /^৳[০-৯,]+$/);
    await assertNoSidewaysScroll(guardian.page);
    await guardian.page.getByLabel(bn('guardian.name')).fill('আব্দুল করিম');
    await guardian.page.getByRole('button', { name: /^৳[০-৯,]+ পরিশোধ করুন$/ }).click();
    await guardian.page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await guardian.page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await guardian.page.waitForURL(/\/guardian-pay\/done\?success=true$/);
    await guardian.page.getByText(bn('guardian.outcome.success')).waitFor();
    // The receipt's page for the guardian, from this browser, with the transaction id the SMS names.
    await guardian.page.getByRole('link', { name: bn('guardian.seeReceipt') }).click();
    const transaction = (await guardian.page.getByTestId('guardian-transaction').textContent())!;
    const receipt = await latestSmsTo('+8801812345699', '%পরিশোধ হয়েছে%');
    assert.ok(receipt.includes(`লেনদেন: ${transaction}, `), receipt);
    guardian.assertNoErrors();
    await guardian.close();

    // The student has the course.
    await page.goto('/mycourses');
    await page.getByRole('heading', { name }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });
});

describe('a coupon at checkout, in Bangla on a phone (390 px)', () => {
  it('the student applies a coupon, sees the new taka price and pays it with bKash in the sandbox', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await signUpWithPhone(page, '০১৯১২-৩৪৫৬৮৩', '+8801912345683', 'তাসনিম হক');
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const card = page.getByTestId('course-card').nth(5);
    await card.waitFor();
    const coursePath = (await card.getByRole('link', { name: bn('courseCard.preview') }).getAttribute('href'))!;
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(coursePath)![1];
    // An admin's coupon for every course: a quarter off.
    await sql(`INSERT INTO coupon (code, "percentOff", "createdById") SELECT 'EIDPHONE25', 25, id FROM "user" WHERE role = 'ADMIN' LIMIT 1`);
    const [{ priceBDT }] = await sql<{ priceBDT: number }>(`SELECT "priceBDT" FROM course WHERE id = $1`, [courseId]);
    const taka = (amount: number) =>
      `৳${amount.toLocaleString('bn-BD', { minimumFractionDigits: Number.isInteger(amount) ? 0 : 2, maximumFractionDigits: 2 })}`;

    await page.goto(`/enroll/${courseId}`);
    const coupon = page.getByRole('form', { name: bn('checkout.coupon.label') });
    await coupon.getByLabel(bn('checkout.coupon.label')).fill('eidphone25');
    await coupon.getByRole('button', { name: bn('checkout.coupon.apply') }).click();
    await coupon.getByText(bn('checkout.coupon.applied', { code: 'EIDPHONE25' })).waitFor();
    // A quarter of the price, rounded down to the poisha, comes off.
    const paidCents = priceBDT * 100 - Math.floor((priceBDT * 100 * 25) / 100);
    const paid = paidCents / 100;
    await page.getByRole('button', { name: `${taka(paid)} পেমেন্ট করুন` }).click();
    await assertNoSidewaysScroll(page);
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}\?success=true$/);
    const [payment] = await sql<{ amountCents: number }>(
      `SELECT p."amountCents" FROM payment p JOIN "user" u ON u.id = p."studentId" WHERE u.phone = '+8801912345683' AND p.status = 'SUCCEEDED'`,
    );
    assert.equal(payment.amountCents, paidCents);
    visit.assertNoErrors();
    await visit.close();
  });
});
