import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';
import { latestMailTo, sql } from './support/database';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const phone = { width: 390, height: 844 };

describe('account safety', () => {
  it('a new student sees the confirm-email banner, asks for a new link and confirms with it', async () => {
    const visit = await openPage(browser, phone);
    const { page } = visit;
    const email = newEmail('confirming');
    await signUp(page, { name: 'Sadia Islam', email, password: 'a good password' });
    const banner = page.getByTestId('verify-email-banner');
    await banner.getByText(`Please confirm your email address: open the link we sent to ${email}.`).waitFor();
    await banner.getByRole('button', { name: 'Resend' }).click();
    await banner.getByRole('button', { name: 'Sent' }).waitFor();
    const rows = await sql(`SELECT count(*)::int AS n FROM outbox_message WHERE "to" = $1 AND subject = 'Confirm your email for Shikhon'`, [email]);
    assert.equal(rows[0].n, 2);
    const link = /(http\S+verify-email\?token=\S+)/.exec((await latestMailTo(email)).text)![1];
    await page.goto(link);
    await expectText(page, 'Thank you: your email address is confirmed.');
    await page.getByTestId('verify-email-banner').waitFor({ state: 'detached' });
    await page.goto('/');
    // Signed in again from the cookie once the hero offers no sign-up.
    await page.getByRole('link', { name: 'Continue learning' }).waitFor();
    assert.equal(await page.getByTestId('verify-email-banner').count(), 0, 'no banner once confirmed');
    visit.assertNoErrors();
    await visit.close();
  });

  it('an admin sends a course back from review with a reason, and its instructor reads it', async () => {
    const [course] = await sql(
      `UPDATE course SET published = false, "reviewRequestedAt" = now() WHERE id = (
         SELECT c.id FROM course c JOIN "user" u ON u.id = c."instructorId" WHERE u.email = 'instructor@shikhon.test' AND c.published
         AND NOT EXISTS (SELECT 1 FROM enrollment e WHERE e."courseId" = c.id) ORDER BY c.name LIMIT 1)
       RETURNING id, name`,
    );
    const admin = await openPage(browser);
    await admin.page.goto('/login');
    await logIn(admin.page, 'admin@shikhon.test', 'Admin123!');
    await admin.page.getByRole('button', { name: /Account menu/ }).waitFor();
    await admin.page.goto('/admin-dashboard/course-review');
    const card = admin.page.getByTestId('review-course').filter({ hasText: String(course.name) });
    await card.getByRole('button', { name: 'Send back' }).click();
    await card.getByRole('button', { name: 'Send back to the instructor' }).click();
    await card.getByText('Say why the course is sent back, so its instructor can fix it').waitFor();
    await card.getByLabel(/Why is it sent back/).fill('The second lesson has no sound.');
    await card.getByRole('button', { name: 'Send back to the instructor' }).click();
    await expectText(admin.page, 'The course is sent back to its instructor');
    await admin.page
      .getByTestId('review-course')
      .filter({ hasText: String(course.name) })
      .waitFor({ state: 'detached' });
    admin.assertNoErrors();
    await admin.close();

    const teacher = await openPage(browser);
    await teacher.page.goto('/login');
    await logIn(teacher.page, 'instructor@shikhon.test', 'Instructor123!');
    await teacher.page.getByRole('button', { name: /Account menu/ }).waitFor();
    await teacher.page.goto('/instructor-dashboard');
    const row = teacher.page.getByTestId('managed-course').filter({ hasText: String(course.name) });
    await row.getByText('Sent back by an admin: The second lesson has no sound.').waitFor();
    await row.getByText('Draft', { exact: true }).waitFor();
    // An approved instructor publishes directly.
    await row.getByRole('button', { name: 'Publish' }).click();
    await expectText(teacher.page, 'The course is published');
    teacher.assertNoErrors();
    await teacher.close();
  });
});
