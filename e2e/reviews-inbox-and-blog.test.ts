import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';
import { enrollInFreeCourse, writeReview } from './support/reviews';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

async function signInAsAdmin(page: Page) {
  await page.goto('/login');
  await logIn(page, 'admin@shikhon.test', 'Admin123!');
  await page.getByRole('button', { name: /Account menu/ }).waitFor();
}

describe("reviews, the admins' inbox and the blog", () => {
  it('shows a student their review with Edit and Delete, and /reviews lists it after the testimonials', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const name = `Second Thoughts ${Date.now()}`;
    await signUp(page, { name, email: newEmail('rethink'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const courseName = await enrollInFreeCourse(page, 3);
    await writeReview(page, courseName, 3, 'Good, but the audio is quiet.');

    await page.goto('/reviews');
    const testimonials = page.getByRole('region', { name: 'What our learners say' });
    await testimonials.getByTestId('review-card').first().waitFor();
    const written = page.getByRole('region', { name: 'Student reviews' }).getByTestId('review-card');
    const mine = written.filter({ hasText: name });
    assert.equal(await written.first().textContent(), await mine.textContent(), 'newest first');
    await mine.getByText(`Student of ${courseName}`).waitFor();
    await mine.getByRole('img', { name: '3 out of 5 stars' }).waitFor();
    assert.equal(await testimonials.getByText(name).count(), 0);

    await page.goto('/addReview');
    await page.getByLabel('Course', { exact: true }).selectOption({ label: courseName });
    const yours = page.getByRole('region', { name: 'Your review' });
    await yours.getByText('Good, but the audio is quiet.').waitFor();
    assert.equal(await page.getByPlaceholder('Write about Course').count(), 0, 'no form that would silently replace it');
    await yours.getByRole('button', { name: 'Edit' }).click();
    assert.equal(await page.getByPlaceholder('Write about Course').inputValue(), 'Good, but the audio is quiet.');
    await page.getByPlaceholder('Write about Course').fill('Much better with headphones.');
    await page.getByRole('radio', { name: '5 stars' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { level: 1, name: courseName }).waitFor();
    await page.getByTestId('review-card').filter({ hasText: name }).getByText('Much better with headphones.').waitFor();

    await page.goto('/addReview');
    await page.getByLabel('Course', { exact: true }).selectOption({ label: courseName });
    await yours.getByText('Much better with headphones.').waitFor();
    await yours.getByRole('button', { name: 'Delete' }).click();
    await yours.getByRole('button', { name: 'Yes, delete it' }).click();
    await expectText(page, 'Your review is deleted');
    await page.getByPlaceholder('Write about Course').waitFor();
    await page.goto('/reviews');
    await page.getByRole('heading', { name: 'Student reviews' }).waitFor();
    await page.getByTestId('review-card').first().waitFor();
    assert.equal(await page.getByTestId('review-card').filter({ hasText: name }).count(), 0);
    visit.assertNoErrors();
    await visit.close();
  });

  it('a student reviews a course they own and sees it on the course page and /reviews', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const name = `Reviewer ${Date.now()}`;
    await signUp(page, { name, email: newEmail('reviewer'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/allCourses?section=FREE');
    const card = page.getByTestId('course-card').nth(1);
    const courseName = (await card.getByRole('heading').textContent())!.trim();
    await card.getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('link', { name: 'Course Enroll' }).click();
    await page.getByRole('button', { name: 'Enroll for free' }).click();
    await page.waitForURL('**/mycourses');

    await page.goto('/addReview');
    await page.getByRole('heading', { name: 'Add Review' }).waitFor();
    await expectText(page, 'Add a Review & share your Experience!');
    await page.getByLabel('Course', { exact: true }).selectOption({ label: courseName });
    await page.getByPlaceholder('Write about Course').fill('The examples made every chapter easy.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectText(page, 'Choose a rating from 1 to 5 stars');
    await page.getByRole('radio', { name: '4 stars' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { level: 1, name: courseName }).waitFor();
    await page.getByTestId('course-rating').waitFor();
    await page.getByTestId('review-card').filter({ hasText: name }).getByText('The examples made every chapter easy.').waitFor();
    await page.goto('/reviews');
    await page.getByTestId('review-card').filter({ hasText: name }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });

  it('a complaint, a contact message and a subscription reach the admin inbox; subscribing twice is one subscription', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const stamp = Date.now();
    await signUp(page, { name: 'Unhappy Learner', email: newEmail('unhappy'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/complain');
    for (const [label, value] of [
      ['Name', 'Unhappy Learner'],
      ['Email', 'unhappy@example.com'],
      ['Phone', '01712345678'],
      ['Subject', `Video ${stamp}`],
    ]) {
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel('Complain', { exact: true }).fill('Lesson 3 stops after a minute.');
    await page.getByRole('button', { name: 'Submit' }).click();
    await expectText(page, 'Your complaint is sent');
    await page.getByRole('button', { name: 'OK' }).click();

    await page.goto('/contact');
    await page.getByLabel('Name', { exact: true }).fill('Curious Parent');
    await page.getByLabel('Email', { exact: true }).fill('parent@example.com');
    await page.getByLabel('Message', { exact: true }).fill(`Is there a class 5 batch? ${stamp}`);
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expectText(page, 'Massage Sent Successfully!');
    await page.getByRole('button', { name: 'OK' }).click();

    const subscriber = `subscriber.${stamp}@example.com`;
    for (let i = 0; i < 2; i++) {
      await page.getByLabel('Your email').fill(subscriber);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expectText(page, 'Thanks for subscribing!');
      await page.getByText('Thanks for subscribing!').first().waitFor({ state: 'detached', timeout: 10_000 });
    }
    visit.assertNoErrors();
    await visit.close();

    const adminVisit = await openPage(browser);
    const admin = adminVisit.page;
    await signInAsAdmin(admin);
    await admin.goto('/admin-dashboard/inbox');
    await admin
      .getByTestId('inbox-row')
      .filter({ hasText: `Video ${stamp}` })
      .waitFor();
    await admin.getByRole('button', { name: 'Contact messages' }).click();
    await admin
      .getByTestId('inbox-row')
      .filter({ hasText: `Is there a class 5 batch? ${stamp}` })
      .waitFor();
    await admin.getByRole('button', { name: 'Subscriptions' }).click();
    await admin.getByTestId('inbox-row').filter({ hasText: subscriber }).first().waitFor();
    assert.equal(await admin.getByTestId('inbox-row').filter({ hasText: subscriber }).count(), 1);
    const row = admin.getByTestId('inbox-row').filter({ hasText: subscriber });
    await row.getByRole('button', { name: 'Mark handled' }).click();
    await row.getByText('Handled', { exact: true }).waitFor();
    adminVisit.assertNoErrors();
    await adminVisit.close();
  });

  it('an instructor writes a blog post that appears on /blog and counts reads', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'instructor@shikhon.test', 'Instructor123!');
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    await page.goto('/addblog');
    const title = `Five habits of toppers ${Date.now()}`;
    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('img URL', { exact: true }).fill('/media/blog/blog-exam.svg');
    await page.getByLabel('Description', { exact: true }).fill('Sleep, plan, practise, rest and ask questions.');
    await page.getByRole('button', { name: 'Publish' }).click();
    await page.waitForURL('**/blog');
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expectText(page, '1 reads');
    visit.assertNoErrors();
    await visit.close();
  });
});
