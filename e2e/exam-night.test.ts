import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);
const answeredOf = (answered: string, total: string) =>
  (bangla as Record<string, string>)['practice.answeredOf'].replace('{answered}', answered).replace('{total}', total);

/**
 * Starts the seeded class 9 physics test (12 questions, a grace window of 120 s) and gives the
 * attempt a deadline `seconds` away, as if the student had started it long ago; the page is reloaded
 * so that it counts down to that deadline.
 */
async function attemptEndingIn(page: Page, seconds: number): Promise<string> {
  const [test] = await sql<{ id: string }>(`SELECT id FROM model_test WHERE published AND title LIKE '%পদার্থবিজ্ঞান নবম শ্রেণি%' ORDER BY "createdAt" LIMIT 1`);
  await page.goto(`/model-tests/${test.id}?lang=bn`);
  await page.getByRole('button', { name: bn('practice.start') }).click();
  await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);
  const attemptId = new URL(page.url()).pathname.split('/').pop()!;
  await sql(`UPDATE attempt SET deadline = now() + make_interval(secs => $2) WHERE id = $1`, [attemptId, seconds]);
  await page.reload();
  await page.getByTestId('question').waitFor();
  return attemptId;
}

/** Answers question 1 online, then questions 2 and 3 offline: the map marks them "not saved yet". */
async function answerThreeWithTheLastTwoOffline(page: Page, goOffline: () => Promise<void>) {
  const saved = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SaveAnswer'));
  await page.getByRole('radio').first().click();
  await saved;
  await goOffline();
  for (let n = 0; n < 2; n++) {
    await page.getByRole('button', { name: bn('practice.next') }).click();
    await page.getByRole('radio').nth(1).click();
  }
  await page.locator('[data-unsaved="true"]').nth(1).waitFor();
  assert.equal(await page.locator('[data-unsaved="true"]').count(), 2);
}

/** Asks the phone's cache until it holds the page and every script and style it loaded (waitForFunction would not wait for a promise). */
async function untilPageIsKept(page: Page) {
  const deadline = Date.now() + 30_000;
  const kept = () =>
    page.evaluate(async () => {
      const files = performance
        .getEntriesByType('resource')
        .map((entry) => new URL(entry.name))
        .filter((url) => url.origin === location.origin && /^\/assets\/.*\.(js|css)$/.test(url.pathname))
        .map((url) => url.pathname);
      const all = [location.pathname, ...files];
      const found = await Promise.all(all.map((address) => caches.match(address, { ignoreVary: true })));
      return all.filter((_, i) => !found[i]);
    });
  for (let missing = await kept(); missing.length; missing = await kept()) {
    assert.ok(Date.now() < deadline, `the page and its scripts were kept in the cache within 30 s; missing ${missing.join(', ')}`);
    await page.waitForTimeout(100);
  }
}

describe('exam night on a phone with a bad connection, in Bangla', () => {
  it('answers chosen offline before the deadline count when the phone is back within the grace window, without a reload', async () => {
    const visit = await openPhone(browser);
    const { page, context } = visit;
    await signUp(page, { name: 'পরীক্ষার্থী করিম', email: newEmail('grace'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    await attemptEndingIn(page, 20);
    await answerThreeWithTheLastTwoOffline(page, () => context.setOffline(true));

    // The time runs out while the phone is offline: the page says the answers are kept, it does not freeze.
    const timeUp = page.getByTestId('time-up');
    await timeUp.waitFor({ timeout: 60_000 });
    await page.waitForFunction(() => document.querySelector('[data-testid="time-up"]')?.textContent?.includes('মিনিটের মধ্যে'));
    assert.equal(await page.getByTestId('offline').count(), 0, 'one banner at a time');

    await context.setOffline(false);
    await page.getByTestId('score').waitFor({ timeout: 30_000 });
    assert.equal(await page.getByText(bn('practice.notAnswered')).count(), 9, 'all three answers were counted');
    assert.equal(await page.getByTestId('late-answers').count(), 0);
    await visit.close();
  });

  it('names the answers that reached the server after the grace window, on the result, without a reload', async () => {
    const visit = await openPhone(browser);
    const { page, context } = visit;
    await signUp(page, { name: 'পরীক্ষার্থী সুমি', email: newEmail('late'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    const attemptId = await attemptEndingIn(page, 20);
    await answerThreeWithTheLastTwoOffline(page, () => context.setOffline(true));
    await page.getByTestId('time-up').waitFor({ timeout: 60_000 });

    // The phone stays offline past the grace window: by the server's clock the deadline is long gone.
    await sql(`UPDATE attempt SET deadline = deadline - interval '130 seconds' WHERE id = $1`, [attemptId]);
    await context.setOffline(false);
    const late = page.getByTestId('late-answers');
    await late.waitFor({ timeout: 30_000 });
    assert.match((await late.textContent())!, /২, ৩ নম্বর প্রশ্নের উত্তর বাড়তি সময়ের পরে পৌঁছেছে/);
    assert.equal(await page.getByText(bn('practice.notAnswered')).count(), 11, 'only the answer saved online counted');
    await visit.close();
  });

  it('a test page reloaded with no network opens from the phone, with every answer, and sends the kept one when back online', async () => {
    const visit = await openPhone(browser, { offline: true });
    const { page, context } = visit;
    await signUp(page, { name: 'পরীক্ষার্থী নাবিলা', email: newEmail('reload'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    await attemptEndingIn(page, 600);
    const saved = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SaveAnswer'));
    await page.getByRole('radio').first().click();
    await saved;
    // The page and its scripts are in the phone's cache, under the practice pages' service worker.
    await page.evaluate(() => navigator.serviceWorker.ready);
    await untilPageIsKept(page);

    await context.setOffline(true);
    await page.getByRole('button', { name: bn('practice.next') }).click();
    await page.getByRole('radio').nth(1).click();
    await page.locator('[data-unsaved="true"]').waitFor();
    await page.reload();
    await page.getByTestId('question').waitFor();
    await page.getByText(answeredOf('২', '১২')).waitFor();
    assert.equal(await page.locator('[data-unsaved="true"]').count(), 1, 'the answer chosen offline is kept, not saved yet');

    await context.setOffline(false);
    await page.waitForFunction(() => document.querySelectorAll('[data-unsaved="true"]').length === 0, undefined, { timeout: 30_000 });
    const [{ count }] = await sql<{ count: number }>(
      `SELECT count(*)::int AS count FROM attempt_answer a JOIN attempt t ON t.id = a."attemptId" WHERE t.id = $1`,
      [new URL(page.url()).pathname.split('/').pop()],
    );
    assert.equal(count, 2);
    await visit.close();
  });

  it('a save answered "briefly unavailable" during a database restart is kept, marked not saved, sent again and counted', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await signUp(page, { name: 'পরীক্ষার্থী তানভীর', email: newEmail('restart'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    const attemptId = await attemptEndingIn(page, 600);
    // The server's answer while its database restarts (server tests check it gives exactly this).
    let refused = 0;
    await page.route('**/graphql', async (route) => {
      if ((route.request().postData() ?? '').includes('SaveAnswer') && refused < 2) {
        refused += 1;
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          headers: { 'retry-after': '5' },
          body: JSON.stringify({
            errors: [
              {
                message: 'The service is briefly unavailable. Please try again in a moment.',
                extensions: { code: 'SERVICE_UNAVAILABLE', category: 'SERVICE_UNAVAILABLE' },
              },
            ],
          }),
        });
        return;
      }
      await route.continue();
    });
    await page.getByRole('radio').first().click();
    await page.locator('[data-unsaved="true"]').waitFor();
    assert.equal(await page.getByRole('radio', { checked: true }).count(), 1, 'still shown as chosen');
    await page.waitForFunction(() => document.querySelectorAll('[data-unsaved="true"]').length === 0, undefined, { timeout: 30_000 });
    assert.equal(refused, 2);
    const [{ count }] = await sql<{ count: number }>(`SELECT count(*)::int AS count FROM attempt_answer WHERE "attemptId" = $1`, [attemptId]);
    assert.equal(count, 1);
    await visit.close();
  });
});
