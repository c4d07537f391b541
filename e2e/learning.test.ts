import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page, Request } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { expectText, launchBrowser, openPage } from './support/browser';

/** Knows when the page has no request in flight, e.g. the progress saves before leaving a page. */
function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  page.on('request', (request) => inFlight.add(request));
  page.on('requestfinished', (request) => inFlight.delete(request));
  page.on('requestfailed', (request) => inFlight.delete(request));
  return {
    async settled() {
      const deadline = Date.now() + 10_000;
      while (inFlight.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      assert.equal(inFlight.size, 0, 'requests still in flight');
    },
  };
}

/** Waits until the player shows lesson `position` (React renders after the click returns). */
async function currentLesson(page: Page, position: number) {
  await page
    .getByTestId('current-lesson')
    .filter({ hasText: new RegExp(`^${position}\\. `) })
    .waitFor();
}

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('learning', () => {
  it('starts a course from My Courses, plays lessons, moves, searches, completes and resumes', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const requests = trackRequests(page);
    // The page's clock runs as usual until the test moves it on (past the auto-advance countdown).
    await page.clock.install();
    await signUp(page, { name: 'Eager Learner', email: newEmail('learner'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    // A free course enrolls without payment.
    await page.goto('/allCourses?section=FREE');
    await page.getByTestId('course-card').first().getByRole('link', { name: 'Preview' }).click();
    await page.getByRole('link', { name: 'Course Enroll' }).click();
    await page.getByRole('heading', { name: 'Order summary' }).waitFor();
    assert.equal(await page.getByLabel('Card number').count(), 0, 'no card for a free course');
    await page.getByRole('button', { name: 'Enroll for free' }).click();
    await page.waitForURL('**/mycourses');
    await page.getByRole('link', { name: 'Start Course' }).first().click();
    await page.waitForURL(/\/myCourseplay\//i);

    // The player opens on the first lesson at once, never on an empty frame.
    await currentLesson(page, 1);
    assert.equal(await page.getByText('Please select a video to play!').count(), 0);
    const items = page.getByTestId('lesson-item');
    const total = await items.count();
    assert.ok(total >= 4);
    await expectText(page, `0 of ${total} lessons · 0%`);
    await items.nth(0).click();
    const video = page.getByTestId('lesson-video');
    await video.waitFor();
    await currentLesson(page, 1);
    assert.equal(await page.getByRole('button', { name: 'Previous' }).isDisabled(), true);

    // The video plays to its end and the lesson counts as done.
    await video.evaluate((el: HTMLVideoElement) => {
      el.muted = true;
      el.playbackRate = 16;
      return el.play();
    });
    await expectText(page, `1 of ${total} lessons · ${Math.floor(100 / total)}%`);
    // The countdown to the next lesson can be cancelled: the player stays.
    const countdown = page.getByTestId('auto-advance');
    await countdown.waitFor();
    await countdown.getByRole('button', { name: 'Cancel' }).click();
    await countdown.waitFor({ state: 'detached' });
    // Well past the countdown (5 s): the player stays on the lesson.
    await page.clock.runFor(6000);
    await currentLesson(page, 1);

    await page.getByRole('button', { name: 'Next' }).click();
    await currentLesson(page, 2);
    await page.getByText('Completed', { exact: true }).click();
    await expectText(page, `2 of ${total} lessons · ${Math.floor(200 / total)}%`);
    await page.getByRole('button', { name: 'Next' }).click();
    await currentLesson(page, 3);
    await page.getByRole('button', { name: 'Previous' }).click();
    await currentLesson(page, 2);
    await requests.settled();

    const secondTitle = (await page.getByTestId('current-lesson').textContent())!.replace(/^2\. /, '');
    await page.getByLabel('Search lessons').fill(secondTitle.slice(0, 8).toUpperCase());
    assert.ok((await items.count()) < total);
    await items.first().waitFor();
    await page.getByLabel('Search lessons').fill('no lesson has this title');
    await expectText(page, 'No lesson matches your search.');

    // A new visit (no lesson in the address) lands on the lesson watched last.
    const playerPath = new URL(page.url()).pathname;
    await page.goto(playerPath);
    await page.getByTestId('lesson-video').waitFor();
    await currentLesson(page, 2);
    await expectText(page, `2 of ${total} lessons · ${Math.floor(200 / total)}%`);
    visit.assertNoErrors();
    await visit.close();
  });

  it('sends a student who does not own the course to its page with a clear message', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await signUp(page, { name: 'Curious Learner', email: newEmail('curious'), password: 'a good password' });
    await page.getByRole('button', { name: /Account menu/ }).waitFor();
    const res = await fetch(`${process.env.E2E_BASE_URL}/api/courses?limit=1`);
    const [course] = (await res.json()) as Array<{ id: string }>;
    await page.goto(`/myCoursePlay/${course.id}`);
    await page.waitForURL(`**/course/${course.id}`);
    await expectText(page, 'Enroll in this course to watch its lessons.');
    visit.assertNoErrors();
    await visit.close();
  });
});
