import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** Opens a paid course from the catalogue and goes to its checkout, paying by international card; answers the course's name. */
async function openCheckout(page: Page, nth = 0, method: 'card' | 'local' = 'card'): Promise<string> {
  await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
  const card = page.getByTestId('course-card').nth(nth);
  await card.waitFor();
  const name = (await card.getByRole('heading').textContent())!.trim();
  await card.getByRole('link', { name: 'Preview' }).click();
  await page.getByRole('link', { name: 'Course Enroll' }).click();
  await page.waitForURL(/\/enroll\//);
  await page.getByRole('heading', { name: 'Order summary' }).waitFor();
  if (method === 'card') await page.getByText(/^International card \(Stripe\)/).click();
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
  it('pays in taka with bKash through SSLCommerz on a phone, the mobile number typed in Bangla digits, then finds the course under My Courses', async () => {
    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page } = visit;
    // Avro and Ridmik type Bangla digits by default.
    await signUp(page, { name: 'Bkash Student', email: newEmail('bkash'), password: 'a good password', phone: '০১৭১২-৩৪৫৬৭৮' });
    await page.waitForURL((url) => url.pathname === '/');
    const name = await openCheckout(page, 3, 'local');
    await page.getByRole('radio', { name: /^bKash \/ Nagad \/ Rocket \/ card \(SSLCommerz\) — ৳[\d,]+$/ }).waitFor();
    assert.equal(await page.getByRole('radio', { name: /SSLCommerz/ }).isChecked(), true, 'local payment is chosen first');
    await expectText(page, 'Sandbox: no real money moves.');
    const pay = page.getByRole('button', { name: /^Pay ৳[\d,]+$/ });
    const mobile = page.getByLabel('Mobile number');
    await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[type="tel"]')?.value === '+8801712345678');
    assert.equal(await mobile.inputValue(), '+8801712345678', "the profile's mobile number, as the server keeps it");
    await mobile.fill('');
    await pay.click();
    await expectText(page, 'Enter a Bangladeshi mobile number, like 01712-345678');
    await mobile.fill('০১৭১২৩৪৫৬৭৮');
    await pay.click();
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    for (const method of ['bKash', 'Nagad', 'Rocket', 'Card']) await page.getByRole('heading', { name: method, exact: true }).waitFor();
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(/\/course\/[0-9a-f-]{36}\?success=true$/);
    await expectText(page, 'Order placed! You will receive an email confirmation.');
    await page.goto('/mycourses');
    await page.getByTestId('enrollment').filter({ hasText: name }).waitFor();
    await page.goto('/myprofile');
    const record = page.getByTestId('my-payment').filter({ hasText: name });
    // The wallet the buyer actually used, as SSLCommerz reported it.
    assert.match((await record.getByTestId('payment-method').textContent())!, /^bKash · /);
    await record.getByText('Paid', { exact: true }).waitFor();
    assert.match((await record.getByText(/^৳[\d,]+$/).textContent())!, /^৳[\d,]+$/);
    visit.assertNoErrors();
    await visit.close();

    // An admin refunds it from the Payments page, asked first.
    const admin = await openPage(browser);
    await admin.page.goto('/login');
    await logIn(admin.page, 'admin@shikhon.test', 'Admin123!');
    await admin.page.getByRole('button', { name: /Account menu/ }).waitFor();
    await admin.page.goto('/admin-dashboard/payments');
    // The ways to pay as the server names them (paymentOptions' labels).
    await admin.page.getByLabel('Provider').selectOption({ label: 'bKash / Nagad / Rocket / card (SSLCommerz)' });
    await admin.page.getByLabel('How it was paid').selectOption('bKash');
    const payment = admin.page.getByTestId('admin-payment').filter({ hasText: name }).filter({ hasText: 'Bkash Student' });
    await payment.getByRole('button', { name: 'Refund' }).click();
    const dialog = admin.page.getByRole('alertdialog');
    await dialog.getByText(`Refund Bkash Student for ${name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    await payment.getByText('Paid', { exact: true }).waitFor();
    await payment.getByRole('button', { name: 'Refund' }).click();
    await admin.page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
    await expectText(admin.page, 'The refund is on its way');
    await payment.getByText('Refunded', { exact: true }).waitFor();
    admin.assertNoErrors();
    await admin.close();
  });

  it('comes back from a cancelled SSLCommerz payment with the cancel message and no course', async () => {
    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page } = visit;
    await signUp(page, { name: 'Nagad Student', email: newEmail('nagad'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    const name = await openCheckout(page, 4, 'local');
    await page.getByLabel('Mobile number').fill('01812345678');
    await page.getByRole('button', { name: /^Pay ৳[\d,]+$/ }).click();
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await page.getByRole('form', { name: 'Nagad' }).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\?canceled=true$/);
    await expectText(page, "Order canceled -- continue to shop around and checkout when you're ready.");
    await page.goto('/mycourses');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    assert.equal(await page.getByTestId('enrollment').filter({ hasText: name }).count(), 0);
    visit.assertNoErrors();
    await visit.close();
  });

  it('pays with a test card, then finds the course under My Courses and owns it', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Paying Student', email: newEmail('buyer'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const name = await openCheckout(page);
    await expectText(page, 'Pay With Credit Card');
    assert.equal(await page.getByText('Not valid', { exact: true }).count(), 0, 'no shipping row for a course');
    await expectText(page, 'Test mode: no real money moves.');
    const pay = page.getByRole('button', { name: /^Pay Now \$\d+/ });
    await pay.waitFor();
    await fillCheckout(page, '4242 4242 4242 4242');
    await pay.click();
    await expectText(page, 'Payment was successful');
    await page.waitForURL('**/mycourses');
    const enrollment = page.getByTestId('enrollment').filter({ hasText: name });
    await enrollment.waitFor();
    assert.match((await enrollment.getByRole('link', { name: 'Start Course' }).getAttribute('href'))!, /^\/myCourseplay\/[0-9a-f-]{36}$/i); // the player route, either spelling (matching ignores case)
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

  it("formats the expiry as it is typed and shows a card's problem next to its field", async () => {
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
