import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { assertNoSidewaysScroll, openPhone } from './support/phone';
import { startMotionPracticeSet } from './support/practice-set';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string, values?: Record<string, string>) =>
  values ? (bangla as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name]) : text(bangla, key);
const toBangla = (n: number) => String(n).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)]);

describe('a practice set taken offline, on a 390 px phone in Bangla', () => {
  it(
    'a student starts a practice set online, answers every question with no network seeing each explanation (the page reloaded offline halfway), and on return the server has every answer and the page shows the result',
    { timeout: 240_000 },
    async () => {
      const visit = await openPhone(browser, { offline: true });
      const { page, context } = visit;
      const email = newEmail('practice-offline');
      await signUp(page, { name: 'অনুশীলনী তানিয়া', email, password: 'a good password' });
      await page.waitForURL((url) => url.pathname === '/');
      // The site's service worker runs the page (it installs in the background on the first visit).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });

      const { attemptId, total } = await startMotionPracticeSet(page);
      assert.ok(total >= 5, `${total} questions`);
      // The set's keys and explanations are kept on the phone once it opens.
      await page.waitForFunction((id) => (JSON.parse(localStorage.getItem(`kept:practice-keys:${id}`) ?? '[]') as unknown[]).length > 0, attemptId);
      // So is the page itself, to open again with no network.
      const pageKept = () => page.evaluate(async (address) => Boolean(await caches.match(address, { ignoreVary: true })), `/attempts/${attemptId}`);
      for (const deadline = Date.now() + 30_000; !(await pageKept()); await page.waitForTimeout(100)) {
        assert.ok(Date.now() < deadline, 'the attempt page was kept on the phone within 30 s');
      }

      // No network: each answer shows whether it was right and the explanation, from the copy kept.
      await context.setOffline(true);
      await page.getByTestId('practice-offline').getByText(bn('practice.self.offline')).waitFor();
      let right = 0;
      const explanations: string[] = [];
      const half = Math.floor(total / 2);
      for (let n = 0; n < total; n++) {
        if (n === half) {
          // The page opened again with no network: the answers kept so far are still there, and it goes on from the next question.
          await page.reload();
          await page.getByText(bn('practice.answeredOf', { answered: toBangla(half), total: toBangla(total) })).waitFor();
          await page.getByTestId('practice-offline').getByText(bn('practice.self.offline')).waitFor();
        }
        await page.getByText(bn('practice.questionOf', { n: toBangla(n + 1), total: toBangla(total) })).waitFor();
        await page.getByRole('radio').first().click();
        const feedback = page.getByTestId('practice-feedback');
        await feedback.waitFor();
        if (await feedback.getByText(bn('practice.self.right')).isVisible()) right += 1;
        if (await feedback.getByTestId('explanation').isVisible()) explanations.push((await feedback.getByTestId('explanation').textContent())!);
        if (n === 0) await assertNoSidewaysScroll(page);
        if (n < total - 1) await page.getByRole('button', { name: bn('practice.next') }).click();
      }
      const withExplanation = await sql<{ count: number }>(
        `SELECT count(*)::int AS count FROM question q JOIN attempt a ON q.id = ANY(a."questionOrder") WHERE a.id = $1 AND q.explanation <> ''`,
        [attemptId],
      );
      assert.equal(explanations.length, withExplanation[0].count, 'every explanation the set has was shown offline');
      const recorded = () => sql<{ count: number }>(`SELECT count(*)::int AS count FROM attempt_answer WHERE "attemptId" = $1`, [attemptId]);
      assert.equal((await recorded())[0].count, 0, 'nothing reached the server while offline');

      // Finished with no network: the page says the result comes once the network is back.
      await page.getByRole('button', { name: bn('practice.self.finish') }).click();
      await page.getByTestId('practice-offline').getByText(bn('practice.self.finishWhenOnline')).waitFor();
      await assertNoSidewaysScroll(page);

      // Back online: the answers go in order, the set is submitted and its result shows.
      await context.setOffline(false);
      await page.getByTestId('score').waitFor({ timeout: 30_000 });
      assert.equal(await page.getByTestId('rank').textContent(), bn('practice.self.notRanked'));
      const [attempt] = await sql<{ answers: number; correct: number; submitted: boolean }>(
        `SELECT (SELECT count(*)::int FROM attempt_answer aa WHERE aa."attemptId" = a.id) AS answers,
                (SELECT count(*)::int FROM attempt_answer aa JOIN question q ON q.id = aa."questionId"
                  WHERE aa."attemptId" = a.id AND aa."optionId" = q."correctOptionId") AS correct,
                a."submittedAt" IS NOT NULL AS submitted
           FROM attempt a WHERE a.id = $1`,
        [attemptId],
      );
      assert.deepEqual(attempt, { answers: total, correct: right, submitted: true }, 'every answer recorded once, as the phone showed it');
      await page
        .getByTestId('score')
        .filter({ hasText: new RegExp(`^${toBangla(right)} / `) })
        .waitFor();
      assert.equal(await page.evaluate(() => localStorage.getItem('practice:answers-outbox')), null, 'nothing is left to send');
      await assertNoSidewaysScroll(page);
      await visit.close();
    },
  );
});
