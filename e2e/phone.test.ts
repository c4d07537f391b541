import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser } from './support/browser';
import { setCoursePublished } from './support/database';
import { assertNoSidewaysScroll, menuToggle, openPhone, openPhoneMenu, PHONE, tapInPhoneMenu } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('on a phone (390 px)', () => {
  it('the menu stacks its items as tall rows, signs in, reaches the account pages and logs out', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/');
    const menu = await openPhoneMenu(page);
    const rows = ['Courses', 'Support', 'Login', 'Registration'];
    const boxes = [];
    for (const name of rows) {
      const box = (await menu.getByRole('link', { name, exact: true }).boundingBox())!;
      assert.ok(box.height >= 44, `${name} is ${box.height} px tall`);
      boxes.push(box);
    }
    for (let i = 1; i < boxes.length; i++) assert.ok(boxes[i].y >= boxes[i - 1].y + boxes[i - 1].height, `${rows[i]} is below ${rows[i - 1]}`);
    await menu.getByRole('link', { name: 'Login', exact: true }).click();
    await page.waitForURL('**/login');
    assert.equal(await page.getByRole('navigation', { name: 'Mobile' }).count(), 0, 'the menu closes');
    await logIn(page, 'student@shikhon.test', 'Student123!');
    await page.waitForURL((url) => url.pathname === '/');

    const account = (await openPhoneMenu(page)).getByRole('list', { name: 'Account of Demo Student' });
    await account.getByRole('button', { name: 'Logout' }).waitFor();
    const items = account.getByRole('listitem').locator('a, button');
    const sizes = await items.evaluateAll((rows) => rows.map((row) => `${row.textContent}: ${getComputedStyle(row).fontSize}`));
    assert.deepEqual(
      sizes,
      ['My Profile', 'My Learning', 'Logout'].map((name) => `${name}: 16px`),
      'every account row is written the same size',
    );
    await menuToggle(page, 'Close menu').click();

    await tapInPhoneMenu(page, 'My Learning');
    await page.getByRole('heading', { name: 'My Courses' }).waitFor();
    await tapInPhoneMenu(page, 'My Profile');
    await page.getByRole('heading', { name: 'Demo Student' }).waitFor();
    await assertNoSidewaysScroll(page);
    await tapInPhoneMenu(page, 'Logout');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('link', { name: 'Join Free' }).waitFor();
    const signedOut = await openPhoneMenu(page);
    await signedOut.getByRole('link', { name: 'Registration', exact: true }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('plays the product tour in a dialog from Watch how it works', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/');
    await page.getByRole('link', { name: 'Watch how it works' }).click();
    const dialog = page.getByRole('dialog', { name: 'How Shikhon works' });
    await dialog.waitFor();
    assert.equal(new URL(page.url()).hash, '', 'the page did not just scroll down');
    const video = dialog.getByTestId('tour-video');
    await page.waitForFunction(() => {
      const el = document.querySelector<HTMLVideoElement>('[data-testid="tour-video"]');
      return el !== null && el.currentTime > 0.5 && el.videoWidth > 0;
    });
    assert.match((await video.getAttribute('src'))!, /^\/media\/videos\/product-tour\.webm$/);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    visit.assertNoErrors();
    await visit.close();
  });

  it('searches from the bar', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/');
    await page.getByRole('link', { name: 'Search courses' }).click();
    const box = page.getByRole('searchbox', { name: 'Search courses' }).or(page.getByRole('textbox', { name: 'Search courses' }));
    await box.waitFor();
    assert.equal(await box.evaluate((el) => el === document.activeElement), true, 'the search box has the focus');
    await page.keyboard.type('phisics');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/search?q=phisics');
    // The misspelt word still finds the physics courses (close matches, when nothing matches exactly).
    const card = page.getByTestId('course-card').filter({ hasText: 'Physics' }).first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name: 'BUY NOW' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('buys a course with a test card', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await signUp(page, { name: 'Phone Buyer', email: newEmail('phonebuyer'), password: 'a good password' });
    await page.getByRole('link', { name: 'Continue learning' }).waitFor();
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const card = page.getByTestId('course-card').nth(3);
    const name = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('link', { name: 'Course Enroll' }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    await assertNoSidewaysScroll(page);
    await page.getByText(/^International card \(Stripe\)/).click();
    await page.getByLabel('Billing address', { exact: true }).fill('House 12, Road 5, Dhanmondi');
    await page.getByLabel('Billing city', { exact: true }).fill('Dhaka');
    await page.getByLabel('Billing postal code', { exact: true }).fill('1209');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry').fill('12/34');
    await page.getByLabel('CVC').fill('123');
    await page.getByRole('button', { name: /^Pay Now/ }).click();
    await expectText(page, 'Payment was successful');
    await page.waitForURL('**/mycourses');
    await page.getByTestId('enrollment').filter({ hasText: name }).waitFor();
    await assertNoSidewaysScroll(page);
    visit.assertNoErrors();
    await visit.close();
  });

  it('learns a course, and keeps learning it after its instructor takes it off sale', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await signUp(page, { name: 'Phone Learner', email: newEmail('phonelearner'), password: 'a good password' });
    await page.getByRole('link', { name: 'Continue learning' }).waitFor();
    await page.goto('/allCourses?section=FREE');
    await page.getByTestId('course-card').nth(1).getByRole('link', { name: 'Preview' }).click();
    const courseId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('link', { name: 'Course Enroll' }).click();
    await page.getByRole('button', { name: 'Enroll for free' }).click();
    await page.waitForURL('**/mycourses');
    await setCoursePublished(courseId, false);
    try {
      await page.reload();
      await page.getByTestId('enrollment').first().getByRole('link', { name: 'Start Course' }).click();
      await page.waitForURL(/\/myCourseplay\//i);
      await page.getByTestId('lesson-item').first().click();
      await page.getByTestId('lesson-video').waitFor();
      await assertNoSidewaysScroll(page);
    } finally {
      await setCoursePublished(courseId, true);
    }
    visit.assertNoErrors();
    await visit.close();
  });

  it('opens the instructor and admin dashboards from the menu', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.waitForURL((url) => url.pathname === '/');
    await tapInPhoneMenu(page, 'Instructor Dashboard');
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    await assertNoSidewaysScroll(page);
    await tapInPhoneMenu(page, 'Admin Dashboard');
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await assertNoSidewaysScroll(page);
    await page.goto('/admin-dashboard/all-users');
    const row = page.getByTestId('user-row').first();
    await row.waitFor();
    for (const button of await row.getByRole('button').all()) {
      const box = (await button.boundingBox())!;
      assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${await button.textContent()} is at ${box.x} to ${box.x + box.width}`);
    }
    await assertNoSidewaysScroll(page);
    visit.assertNoErrors();
    await visit.close();
  });

  it("shows the inbox's sender and date, and reopens a closed account whose owner was told how", async () => {
    const sender = `Inbox Sender ${Date.now()}`;
    const visitor = await openPhone(browser);
    await visitor.page.goto('/contact');
    await visitor.page.getByLabel('Name', { exact: true }).fill(sender);
    await visitor.page.getByLabel('Email', { exact: true }).fill('sender@example.com');
    await visitor.page.getByLabel('Message', { exact: true }).fill('Is there a course for Class 5 English?');
    await visitor.page.getByRole('button', { name: 'Send Message' }).click();
    await expectText(visitor.page, 'Massage Sent Successfully!');
    const email = newEmail('closed');
    await visitor.context.clearCookies();
    await signUp(visitor.page, { name: 'Leaving Student', email, password: 'a good password' });
    await visitor.page.getByRole('link', { name: 'Continue learning' }).waitFor();
    await visitor.context.clearCookies();

    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/admin-dashboard/inbox');
    await page.getByRole('button', { name: 'Contact messages' }).click();
    const message = page.getByTestId('inbox-row').filter({ hasText: sender });
    await message.getByText(`From: ${sender}`).waitFor();
    assert.match((await message.locator('time').textContent())!, /^\d{1,2} \w{3} \d{4}, \d{2}:\d{2}$/);
    await assertNoSidewaysScroll(page);

    await page.goto('/admin-dashboard/all-users');
    await page.getByLabel('Search users').fill(email);
    await page.getByTestId('user-row').filter({ hasText: email }).getByRole('button', { name: 'Close account' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Close account' }).click();
    await expectText(page, 'The account is closed');

    await visitor.page.goto('/login');
    await logIn(visitor.page, email, 'a good password');
    await expectText(
      visitor.page,
      'This account is closed. To reopen it, call +880 9612-345678 or send us a message from the Support page; an admin will reopen it.',
    );
    assert.equal(await visitor.page.getByRole('link', { name: 'Go to the Support page' }).getAttribute('href'), '/support');

    await page.getByRole('button', { name: 'Closed accounts' }).click();
    await page.getByTestId('user-row').filter({ hasText: email }).getByRole('button', { name: 'Reopen account' }).click();
    await expectText(page, 'The account is reopened');
    await logIn(visitor.page, email, 'a good password');
    await visitor.page.getByRole('link', { name: 'Continue learning' }).waitFor();
    visit.assertNoErrors();
    await visit.close();
    await visitor.close();
  });
});
