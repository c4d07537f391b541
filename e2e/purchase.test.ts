import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** Opens a paid course from the catalogue and goes to its checkout; answers the course's name. */
async function openCheckout(page: Page, nth = 0): Promise<string> {
  await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
  const card = page.getByTestId('course-card').nth(nth);
  await card.waitFor();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('link', { name: 'Course Enroll' }).click();
  await page.waitForURL(/\/enroll\//);
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  return name;
}

async function fillCheckout(page: Page, cardNumber: string) {
  await page.getByLabel('Billing address', { exact: true }).fill('House 12, Road 5, Dhanmondi');
  await page.getByLabel('Billing city', { exact: true }).fill('Dhaka');
  await page.getByLabel('Billing postal code', { exact: true }).fill('1209');
  await page.getByLabel('Card number').fill(cardNumber);
  await page.getByLabel('Expiry').fill('12/34');
  await page.getByLabel('CVC').fill('123');
}

describe('buying a course', () => {
  it('pays with a test card, then finds the course under My Courses and owns it', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Paying Student', email: newEmail('buyer'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const name = await openCheckout(page);
    await expectText(page, 'Shipping');
    await expectText(page, 'Not valid');
    await expectText(page, 'Pay With Credit Card');
    await expectText(page, 'Test mode: no real money moves.');
    const pay = page.getByRole('button', { name: /^Pay Now \$\d+/ });
    await pay.waitFor();
    await fillCheckout(page, '4242 4242 4242 4242');
    await pay.click();
    await expectText(page, 'Payment was successful');
    await page.waitForURL('**/mycourses');
    const enrollment = page.getByTestId('enrollment').filter({ hasText: name });
    await enrollment.waitFor();
    assert.match((await enrollment.getByRole('link', { name: 'Start Course' }).getAttribute('href'))!, /^\/myCourseplay\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Recommended for you' }).waitFor();
    const recommended = await page.getByRole('complementary').getByTestId('course-card').getByRole('heading').allTextContents();
    assert.ok(!recommended.includes(name), 'an owned course is not recommended');

    await page.goBack();
    await page.goto(new URL(page.url()).pathname.replace('/enroll/', '/course/'));
    await expectText(page, 'Enrolled');
    await page.getByRole('link', { name: 'Go to course' }).waitFor();
    await page.goto(page.url().replace('/course/', '/enroll/'));
    await expectText(page, 'You are already enrolled in this course.');
    assert.equal(await page.getByRole('button', { name: /Pay Now/ }).count(), 0);
    visit.assertNoErrors();
    await visit.close();
  });

  it('shows a declined card as not successful and enrolls nothing', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Declined Student', email: newEmail('declined'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await openCheckout(page, 1);
    await fillCheckout(page, '4000 0000 0000 0002');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    await expectText(page, 'Payment was not successful');
    await expectText(page, 'Your card was declined.');
    await page.goto('/mycourses');
    await expectText(page, 'You have not enrolled in a course yet.');
    visit.assertNoErrors();
    await visit.close();
  });

  it('asks for 3-D Secure and enrolls after the student completes it', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Careful Student', email: newEmail('threeds'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const name = await openCheckout(page, 2);
    await fillCheckout(page, '4000 0027 6000 3184');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    await page.getByRole('button', { name: 'Complete authentication' }).click();
    await expectText(page, 'Payment was successful');
    await page.getByTestId('enrollment').filter({ hasText: name }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('formats the expiry as it is typed and shows a card\'s problem next to its field', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Typing Student', email: newEmail('typing'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await openCheckout(page, 1);
    await fillCheckout(page, '4242 4242 4242 4242');
    const expiry = page.getByLabel('Expiry');
    await expiry.fill('');
    await expiry.pressSequentially('1229');
    assert.equal(await expiry.inputValue(), '12/29');
    await page.getByLabel('CVC').fill('1');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    const cvcField = page.getByRole('group').filter({ has: page.getByLabel('CVC') });
    await cvcField.getByText("Your card's security code is invalid.").waitFor();
    await expiry.fill('13/29');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    await page.getByRole('group').filter({ has: expiry }).getByText("Your card's expiration month is invalid.").waitFor();
    assert.equal(await cvcField.getByText("Your card's security code is invalid.").count(), 0);
    await page.goto('/mycourses');
    await expectText(page, 'You have not enrolled in a course yet.');
    // (The refused cards are answered 402, which the browser logs as errors.)
    await visit.close();
  });

  it('checks the billing address before any payment', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Hasty Student', email: newEmail('hasty'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await openCheckout(page);
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    await expectText(page, 'Required');
    await page.goto('/mycourses');
    await expectText(page, 'You have not enrolled in a course yet.');
    visit.assertNoErrors();
    await visit.close();
  });
});
