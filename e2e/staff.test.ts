import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

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
    await page.getByLabel('Price (dollars)').fill('9');
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expectText(page, 'Lesson 1 needs a title');
    await page.getByLabel('Lesson 1 title').fill('Sandhi');
    await page.getByLabel('Lesson 1 video URL').fill('/media/videos/lesson-1.webm');
    await page.getByRole('button', { name: 'Add lesson' }).click();
    await page.getByLabel('Lesson 2 title').fill('Samas');
    await page.getByLabel('Lesson 2 video URL').fill('/media/videos/lesson-2.webm');
    await page.getByRole('button', { name: 'Move lesson 2 up' }).click();
    await page.getByRole('button', { name: 'Save and publish' }).click();
    await expectText(page, 'The course is published');
    await page.getByTestId('managed-course').filter({ hasText: name }).getByText('Published').waitFor();

    await page.goto(`/search?q=${encodeURIComponent('samas bangla grammar')}`);
    await page.getByTestId('course-card').filter({ hasText: name }).getByRole('link', { name: 'BUY NOW' }).click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const lessons = await page.getByRole('listitem').filter({ hasText: /^(Samas|Sandhi)$/ }).allTextContents();
    assert.deepEqual(lessons, ['Samas', 'Sandhi']);
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
    await row.getByRole('button', { name: 'Make Admin' }).click();
    await expectText(page, 'Successfully made an admin');
    await page.getByRole('link', { name: 'All Admins' }).click();
    await page.getByTestId('user-row').filter({ hasText: email }).waitFor();
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

  it('refuses Remove Admin on the last other admin with the server\'s reason', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/admin-dashboard/all-Admin');
    const own = page.getByTestId('user-row').filter({ hasText: 'admin@shikhon.test' });
    const asked: string[] = [];
    page.once('dialog', (dialog) => {
      asked.push(dialog.message());
      void dialog.accept();
    });
    await own.getByRole('button', { name: 'Remove Admin' }).click();
    await expectText(page, 'You cannot remove your own admin role');
    assert.match(asked[0], /demoted/);
    assert.match(asked[0], /not deleted/);
    page.once('dialog', (dialog) => void dialog.dismiss());
    await own.getByRole('button', { name: 'Remove Admin' }).click();
    await expectText(page, 'You cannot remove your own admin role');
    visit.assertNoErrors();
    await visit.close();
  });
});
