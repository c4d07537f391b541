import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { assertNoSidewaysScroll, openPhone, untilKept } from './support/phone';
import { startMotionPracticeSet } from './support/practice-set';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

/** The tags of Background Sync waiting for the network; null where the browser has no Background Sync (headless Chromium turns it off). */
const syncTags = (page: Page) =>
  page.evaluate(async () => {
    const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync?: { getTags(): Promise<string[]> } };
    return registration.sync ? registration.sync.getTags().catch(() => null) : null;
  });

describe('what the phone kept offline goes from any page, on a 390 px phone in Bangla', () => {
  it(
    'a lesson marked done and a practice set finished with no network reach the server once the network is back, with the student on the home page',
    { timeout: 240_000 },
    async () => {
      const visit = await openPhone(browser, { offline: true });
      const { page, context } = visit;
      const email = newEmail('kept-changes');
      await signUp(page, { name: 'শিক্ষার্থী রুমানা', email, password: 'a good password' });
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      // A published course whose lessons count as done without a quiz.
      const [course] = await sql<{ id: string }>(
        `SELECT c.id FROM course c WHERE c.published AND c."quizPassPercent" IS NULL AND EXISTS (SELECT 1 FROM lesson l WHERE l."courseId" = c.id)
          ORDER BY c."createdAt" LIMIT 1`,
      );
      await sql(
        `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email)
         SELECT u.id, c.id, c.name, c.description, u.email FROM "user" u, course c WHERE u.email = $1 AND c.id = $2`,
        [email, course.id],
      );

      // Online: a practice set starts (its keys kept on the phone, and its page).
      const { attemptId, total } = await startMotionPracticeSet(page);
      await page.waitForFunction((id) => (JSON.parse(localStorage.getItem(`kept:practice-keys:${id}`) ?? '[]') as unknown[]).length > 0, attemptId);
      await untilKept(page, `/attempts/${attemptId}`);

      // The course's player, then no network: the first lesson marked done is kept on the phone.
      await page.goto(`/myCoursePlay/${course.id}?lang=bn`);
      const done = page.getByRole('checkbox', { name: bn('player.completed') });
      await done.waitFor({ state: 'attached' });
      await context.setOffline(true);
      await page.getByText(bn('player.completed'), { exact: true }).click();
      await page.getByText(bn('player.keptOffline')).waitFor();
      const tags = await syncTags(page);
      if (tags !== null) assert.ok(tags.includes('shikhon-send-kept-changes'), `Background Sync waits for the network: ${tags.join(', ')}`);

      // Still offline, the practice set opens from the phone, is answered and finished.
      await page.goto(`/attempts/${attemptId}`);
      for (let n = 0; n < total; n++) {
        await page.getByRole('radio').first().click();
        await page.getByTestId('practice-feedback').waitFor();
        if (n < total - 1) await page.getByRole('button', { name: bn('practice.next') }).click();
      }
      await page.getByRole('button', { name: bn('practice.self.finish') }).click();
      await page.getByTestId('practice-offline').getByText(bn('practice.self.finishWhenOnline')).waitFor();

      // The student leaves for the home page before the network is back.
      await page
        .getByRole('link', { name: bn('header.home') })
        .first()
        .click();
      await page.waitForURL((url) => url.pathname === '/');
      const recorded = () =>
        sql<{ answers: number; submitted: boolean; completed: number }>(
          `SELECT (SELECT count(*)::int FROM attempt_answer aa WHERE aa."attemptId" = a.id) AS answers,
                  a."submittedAt" IS NOT NULL AS submitted,
                  (SELECT count(*)::int FROM lesson_progress p JOIN "user" u ON u.id = p."studentId"
                    WHERE u.email = $2 AND p."completedAt" IS NOT NULL) AS completed
             FROM attempt a WHERE a.id = $1`,
          [attemptId, email],
        );
      assert.deepEqual((await recorded())[0], { answers: 0, submitted: false, completed: 0 }, 'nothing reached the server while offline');

      // Back online on the home page: the lesson, then every answer in order and the set's finish, each once.
      await context.setOffline(false);
      for (const deadline = Date.now() + 30_000; ; await page.waitForTimeout(200)) {
        const [now] = await recorded();
        if (now.submitted && now.completed === 1) break;
        assert.ok(Date.now() < deadline, `sent within 30 s: ${JSON.stringify(now)}`);
      }
      assert.deepEqual((await recorded())[0], { answers: total, submitted: true, completed: 1 });
      await page.waitForFunction(
        () => ['player:progress-outbox', 'practice:answers-outbox', 'practice:finish-outbox'].every((key) => localStorage.getItem(key) === null),
        undefined,
        { timeout: 10_000 },
      );
      assert.equal(new URL(page.url()).pathname, '/', 'sent from the home page');
      await assertNoSidewaysScroll(page);
      await visit.close();
    },
  );
});
