import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { bangla, text } from './support/catalogues';
import { assertNoSidewaysScroll, openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** A Bangla text; with values, its simple {placeholders} filled in. */
const bn = (key: string, values?: Record<string, string>) =>
  values ? (bangla as Record<string, string>)[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name]) : text(bangla, key);

describe('model tests on a phone, in Bangla', () => {
  it('a student finds a free test by class and subject, takes it, goes offline, reloads, finishes and sees score, rank and explanations with formulas', async () => {
    const visit = await openPhone(browser);
    const { page, context } = visit;
    await signUp(page, { name: 'পরীক্ষার্থী রহিম', email: newEmail('practice'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/model-tests?lang=bn');
    await page.getByRole('heading', { name: bn('practice.title'), level: 1 }).waitFor();
    await page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
    await page.getByLabel(bn('practice.subject'), { exact: true }).selectOption('physics');
    await page.waitForURL(/class=9.*subject=physics|subject=physics.*class=9/);
    // The seeded class 9 physics test (other runs may have published more of the same class and subject).
    const card = page
      .getByTestId('model-test')
      .filter({ hasText: /পদার্থবিজ্ঞান নবম শ্রেণি/ })
      .first();
    await card.waitFor();
    await assertNoSidewaysScroll(page);
    await card.getByRole('link', { name: bn('practice.open') }).click();
    await page.waitForURL(/\/model-tests\/[0-9a-f-]{36}$/);
    await page.getByRole('button', { name: bn('practice.start') }).click();
    await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);

    // One question per screen, with a countdown in Bangla digits.
    await page.getByText(bn('practice.questionOf', { n: '১', total: '১২' })).waitFor();
    assert.match((await page.getByTestId('countdown').textContent())!, /^১[০-৪]:[০-৫][০-৯]$/);
    await assertNoSidewaysScroll(page);
    const saved = () => page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('SaveAnswer'));
    for (let n = 0; n < 2; n++) {
      const response = saved();
      await page.getByRole('radio').first().click();
      await response;
      await page.getByRole('button', { name: bn('practice.next') }).click();
    }

    // Offline in the middle: the answer is kept on the phone.
    await context.setOffline(true);
    await page.getByRole('radio').nth(1).click();
    await page.getByTestId('offline').waitFor();
    await context.setOffline(false);
    await page.reload();

    // Back at the same question, with every answer, the kept one sent.
    await page.getByText(bn('practice.questionOf', { n: '৩', total: '১২' })).waitFor();
    await page.getByText(bn('practice.answeredOf', { answered: '৩', total: '১২' })).waitFor();
    assert.equal(await page.getByRole('radio', { checked: true }).count(), 1);
    await page.waitForFunction(
      () =>
        Object.keys(JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith('practice:pending:'))!) ?? '{}') as object).length === 0,
    );

    await page.getByRole('button', { name: bn('practice.submit') }).click();
    await page.getByRole('button', { name: bn('practice.submitNow') }).click();
    await page.getByTestId('score').waitFor();
    assert.match((await page.getByTestId('score').textContent())!, /^[০-৩] \/ ১২ নম্বর$/);
    assert.match((await page.getByTestId('rank').textContent())!, /^[০-৯]+ জনের মধ্যে [০-৯]+$/);
    assert.equal(await page.getByTestId('review-item').count(), 12);
    assert.equal(await page.getByText(bn('practice.notAnswered')).count(), 9, 'three answers were counted, the one chosen offline too');
    assert.ok((await page.getByTestId('explanation').locator('.katex').count()) > 0, 'explanations show formulas');
    await assertNoSidewaysScroll(page);

    // The attempt is in the student's history, and on the leaderboard.
    await page.getByRole('link', { name: bn('practice.seeLeaderboard') }).click();
    await page.getByTestId('leaderboard').getByText('পরীক্ষার্থী র.').waitFor();
    await page.goto('/model-tests');
    await page.getByTestId('my-attempt').first().waitFor();
    // (No check of the console: the browser logs the request it could not send while offline.)
    await visit.close();
  });
});
