import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const PHONE = { width: 390, height: 844 };
const bn = (key: string) => text(bangla, key);
const TAKA_FIRST = /^৳[০-৯,]+/;

/** The ids of the paid courses in the catalogue's professional section, as a Bangla reader finds them. */
async function paidCourseIds(page: Page): Promise<string[]> {
  await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
  await page.getByTestId('course-card').first().waitFor();
  const ids: string[] = [];
  for (const card of await page.getByTestId('course-card').all()) {
    if ((await card.getByTestId('card-price').textContent())!.trim() === bn('courseCard.free')) continue;
    const href = (await card.getByRole('link', { name: bn('courseCard.preview') }).getAttribute('href'))!;
    ids.push(/\/course\/([0-9a-f-]{36})/.exec(href)![1]);
  }
  return ids;
}

/** From a course's checkout to SSLCommerz's page (the offline sandbox), paying in taka. */
async function toGateway(page: Page, courseId: string) {
  await page.goto(`/enroll/${courseId}`);
  const local = page.getByRole('radio', { name: /^বিকাশ \/ নগদ \/ রকেট \/ কার্ড \(SSLCommerz\) — ৳[০-৯,]+$/ });
  await local.waitFor();
  assert.equal(await local.isChecked(), true, 'taka first: bKash, Nagad and Rocket are chosen first');
  await page.getByLabel(bn('checkout.local.phone'), { exact: true }).fill('01712-345678');
  await page.getByRole('button', { name: /^৳[০-৯,]+ পেমেন্ট করুন$/ }).click();
  await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
}

describe('money on a phone, in Bangla', () => {
  it('shows taka first on cards, the course page and checkout, and each return from the payment page leads on', async () => {
    const visit = await openPage(browser, PHONE);
    const { page } = visit;
    await signUp(page, { name: 'Taka Student', email: newEmail('taka'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/?lang=bn');

    // Cards: "দাম: ৳…" or "ফ্রি", never dollars.
    await page.getByTestId('card-price').first().waitFor();
    for (const price of await page.getByTestId('card-price').allTextContents()) {
      assert.ok(price === bn('courseCard.free') || /^দাম: ৳[০-৯,]+$/.test(price), `a card shows ${price}`);
    }
    const [paid, cancelled, held] = await paidCourseIds(page);

    // The course page: the taka price first; dollars only where a card payment in dollars is offered.
    await page.goto(`/course/${paid}`);
    assert.match((await page.getByTestId('course-price').textContent())!, TAKA_FIRST);

    // Paid with bKash: back on the course, which opens with "Start learning".
    await toGateway(page, paid);
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\?success=true$/);
    const success = page.getByTestId('payment-return');
    await success.getByText(bn('checkout.orderPlaced'), { exact: true }).waitFor();
    await success.getByRole('link', { name: bn('course.return.startLearning') }).click();
    await page.waitForURL(/\/myCourseplay\//i);

    // Cancelled with Nagad: it says so and offers to try again, which leads back to checkout.
    await toGateway(page, cancelled);
    await page.getByRole('form', { name: 'Nagad' }).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\?canceled=true$/);
    const cancel = page.getByTestId('payment-return');
    await cancel.getByText(bn('checkout.orderCanceled'), { exact: true }).waitFor();
    await cancel.getByRole('link', { name: bn('course.return.tryAgain') }).click();
    await page.waitForURL(new RegExp(`/enroll/${cancelled}$`));

    // Failed with Rocket: it says it failed, why, and offers to try again.
    await toGateway(page, cancelled);
    await page.getByRole('form', { name: 'Rocket' }).getByRole('button', { name: 'Fail' }).click();
    await page.waitForURL(/\?failed=true$/);
    const failed = page.getByTestId('payment-return');
    await failed.getByText(bn('payment.failed'), { exact: true }).waitFor();
    // Why, once the page has asked the server about this student's payment.
    await failed.getByText(/^কারণ: .+/).waitFor();
    await failed.getByRole('link', { name: bn('course.return.tryAgain') }).waitFor();

    // Held for review: "being checked" on the course page and at checkout, and no second payment offered.
    await toGateway(page, held);
    const bkash = page.getByRole('form', { name: 'bKash' });
    await bkash.getByText('Sandbox options').click();
    await bkash.getByLabel('Flag as risky (risk_level 1)').check();
    await bkash.getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\?held=true$/);
    await page.getByTestId('payment-return').getByText(bn('payment.held'), { exact: true }).waitFor();
    await page.getByTestId('payment-held').waitFor();
    assert.equal(await page.getByRole('link', { name: bn('course.enroll') }).count(), 0);
    await page.goto(`/enroll/${held}`);
    await page.getByTestId('payment-held').getByText(bn('payment.held'), { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /পেমেন্ট করুন/ }).count(), 0);

    // My payments on the profile: each in taka, named by the wallet used.
    await page.goto('/myprofile');
    const payments = page.getByTestId('my-payment');
    await payments.first().waitFor();
    const methods = await page.getByTestId('payment-method').allTextContents();
    assert.ok(
      methods.some((line) => line.startsWith('bKash · ')),
      `bKash among ${methods.join(' | ')}`,
    );
    for (const amount of await payments.getByText(/^৳/).allTextContents()) assert.match(amount, /^৳[০-৯,]+$/);
    visit.assertNoErrors();
    await visit.close();
  });
});
