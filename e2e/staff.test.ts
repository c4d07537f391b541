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

/** The names of the GraphQL operations the page sends from now on. */
function sentOperations(page: Page): string[] {
  const names: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/graphql')) return;
    const body = request.postDataJSON() as { operationName?: string } | null;
    if (body?.operationName) names.push(body.operationName);
  });
  return names;
}

describe('staff', () => {
  it('an instructor uploads a course, publishes it and finds it in the catalogue and search', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'instructor@shikhon.test', 'Instructor123!');
    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Instructor Dashboard' }).click();
    await page.getByRole('heading', { name: 'Overview' }).waitFor();
    for (const label of ['Total Revenue', 'Average Rating', 'Total Course', 'Total Students']) await expectText(page, label);
    await page.getByRole('link', { name: 'Upload Course' }).click();
    const name = `Bangla Grammar for Class 8 ${Date.now()}`;
    await page.getByLabel('Course name').fill(name);
    await page.getByLabel('Description').fill('Sandhi, samas and karak with exercises.');
    // Taka first; the dollar price for cards abroad is left to the proposal from the taka price.
    await page.getByLabel('Price (taka)').fill('1100');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expectText(page, 'Lesson 1 needs a title');
    await page.getByLabel('Lesson 1 title').fill('Sandhi');
    await page.getByLabel('Lesson 1 video URL').fill('/media/videos/lesson-1.webm');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByLabel('Lesson 2 title').fill('Samas');
    await page.getByLabel('Lesson 2 video URL').fill('/media/videos/lesson-2.webm');
    // Samas is a free preview of 9 minutes; Sandhi's length is not given.
    await page.getByLabel('Lesson 2 length in minutes').fill('9');
    await page.getByTestId('lesson-row').nth(1).getByText('Free preview').click();
    await page.getByRole('button', { name: 'Move lesson 2 up' }).click();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expectText(page, 'The course is published');
    await page.getByTestId('managed-course').filter({ hasText: name }).getByText('Published').waitFor();

    await page.goto(`/search?q=${encodeURIComponent('samas bangla grammar')}`);
    await page.getByTestId('course-card').filter({ hasText: name }).getByRole('link', { name: 'BUY NOW' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const lessons = await page.getByTestId('course-lesson').evaluateAll((items) => items.map((item) => item.querySelector('span')?.textContent));
    assert.deepEqual(lessons, ['Samas', 'Sandhi']);
    await page.getByTestId('course-lesson').filter({ hasText: 'Samas' }).getByText('9 min', { exact: true }).waitFor();
    assert.equal(await page.getByRole('button', { name: /^Preview: / }).count(), 1);
    await page.getByRole('button', { name: 'Preview: Samas' }).click();
    await page.getByTestId('lesson-preview').getByTestId('lesson-video').waitFor();

    // Deleting asks first; Cancel sends nothing.
    await page.goto('/instructor-dashboard');
    const sent = sentOperations(page);
    const row = page.getByTestId('managed-course').filter({ hasText: name });
    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText(`Delete ${name}?`).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(
      sent.filter((op) => op === 'DeleteCourse'),
      [],
    );
    await row.getByRole('button', { name: 'Delete' }).click();
    await dialog.getByRole('button', { name: 'Delete course' }).click();
    await expectText(page, 'The course is deleted');
    await row.waitFor({ state: 'detached' });
    assert.deepEqual(
      sent.filter((op) => op === 'DeleteCourse'),
      ['DeleteCourse'],
    );
    visit.assertNoErrors();
    await visit.close();
  });

  it('an admin promotes a student, whose header and access change after signing in again', async () => {
    const email = newEmail('promoted');
    const studentVisit = await openPage(browser);
    await signUp(studentVisit.page, { name: 'Rising Student', email, password: 'a good password' });
    await studentVisit.page.getByRole('button', { name: /Account menu/ }).waitFor();
    await studentVisit.page.goto('/admin-dashboard');
    await expectText(studentVisit.page, 'This area is for staff only. Your account cannot open it.');

    const adminVisit = await openPage(browser);
    const { page } = adminVisit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/admin-dashboard');
    await page.getByRole('heading', { name: 'Summary' }).waitFor();
    await expectText(page, 'Students');
    await page.getByRole('link', { name: 'All Students' }).click();
    await page.getByLabel('Search users').fill(email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    const sent = sentOperations(page);
    await row.getByRole('button', { name: 'Make Admin' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Make Rising Student an admin?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(
      sent.filter((op) => op === 'MakeAdmin'),
      [],
    );
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await dialog.getByRole('button', { name: 'Make Admin' }).click();
    await expectText(page, 'Successfully made an admin');
    await page.getByRole('link', { name: 'All Admins' }).click();
    await page.getByTestId('user-row').filter({ hasText: email }).waitFor();
    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByRole('heading', { name: 'Audit log' }).waitFor();
    await page.getByTestId('audit-row').filter({ hasText: email }).filter({ hasText: 'Made admin' }).filter({ hasText: 'By admin@shikhon.test' }).waitFor();
    adminVisit.assertNoErrors();
    await adminVisit.close();

    const { page: student } = studentVisit;
    await student.goto('/');
    await student.getByRole('button', { name: /Account menu/ }).click();
    await student.getByRole('menuitem', { name: 'Logout' }).click();
    await student.getByRole('link', { name: 'Registration' }).waitFor();
    await student.goto('/login');
    await logIn(student, email, 'a good password');
    await student.getByRole('button', { name: /Account menu/ }).click();
    await student.getByRole('menuitem', { name: 'Admin Dashboard' }).click();
    await student.getByRole('heading', { name: 'Summary' }).waitFor();
    studentVisit.assertNoErrors();
    await studentVisit.close();
  });

  it("refuses Remove Admin on the last other admin with the server's reason", async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/admin-dashboard/all-Admin');
    const own = page.getByTestId('user-row').filter({ hasText: 'admin@shikhon.test' });
    await own.getByRole('button', { name: 'Remove Admin' }).click();
    const dialog = page.getByRole('alertdialog');
    const asked = (await dialog.textContent())!;
    assert.match(asked, /demoted/);
    assert.match(asked, /not deleted/);
    await dialog.getByRole('button', { name: 'Remove Admin' }).click();
    await expectText(page, 'You cannot remove your own admin role');
    visit.assertNoErrors();
    await visit.close();
  });

  it('on a phone, an admin closes an account only after confirming and finds it in the audit log', async () => {
    const email = newEmail('leaving');
    const studentVisit = await openPage(browser);
    await signUp(studentVisit.page, { name: 'Leaving Student', email, password: 'a good password' });
    await studentVisit.page.getByRole('button', { name: /Account menu/ }).waitFor();
    await studentVisit.close();

    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/admin-dashboard/all-Student');
    await page.getByLabel('Search users').fill(email);
    const row = page.getByTestId('user-row').filter({ hasText: email });
    const sent = sentOperations(page);
    await row.getByRole('button', { name: 'Close account' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Close the account of Leaving Student?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    assert.deepEqual(
      sent.filter((op) => op === 'CloseAccount'),
      [],
    );
    await row.getByRole('button', { name: 'Close account' }).click();
    await dialog.getByRole('button', { name: 'Close account' }).click();
    await expectText(page, 'The account is closed');
    await row.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Action').selectOption('CLOSE_ACCOUNT');
    const entry = page.getByTestId('audit-row').filter({ hasText: email });
    await entry.getByText('Closed account').waitFor();
    await page.getByLabel('Action').selectOption('REFUND_ENROLLMENT');
    await entry.waitFor({ state: 'detached' });
    assert.ok(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'the audit log fits the phone without sideways scrolling');
    visit.assertNoErrors();
    await visit.close();
  });
});
