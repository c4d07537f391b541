import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { NARROW, sidewaysScrolling } from './support/narrow';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);
const fromBangla = (digits: string) => Number(digits.replace(/[০-৯]/g, (d) => String('০১২৩৪৫৬৭৮৯'.indexOf(d))));

async function fits(page: Page) {
  assert.deepEqual(await sidewaysScrolling(page), []);
}

/** Answers every question of the practice set on screen with its first option; answers how many were wrong. */
async function answerAll(page: Page, { saveFirst = false } = {}): Promise<number> {
  const total = fromBangla((await page.getByText(/^প্রশ্ন ১ \/ [০-৯]+$/).textContent())!.split('/ ')[1]);
  let wrong = 0;
  for (let n = 0; n < total; n++) {
    await page.getByRole('radio').first().click();
    const feedback = page.getByTestId('practice-feedback');
    await feedback.waitFor();
    if (await feedback.getByText(bn('practice.self.notRight')).isVisible()) wrong += 1;
    if (n === 0 && saveFirst) {
      await feedback.getByRole('button', { name: new RegExp(bn('practice.self.save')) }).click();
      await feedback.getByRole('button', { name: new RegExp(bn('practice.self.savedOn')) }).waitFor();
    }
    if (n === 0) await fits(page);
    if (n < total - 1) await page.getByRole('button', { name: bn('practice.next') }).click();
  }
  return wrong;
}

describe('practising by oneself on a 360 px phone, in Bangla', () => {
  it('a student builds a 20-question set from two chapters, sees each explanation, saves a question, retries the wrong answers and finds the weakest chapter on the profile', async () => {
    const visit = await openPage(browser, NARROW);
    const { page } = visit;
    await signUp(page, { name: 'অনুশীলনী সুমি', email: newEmail('self-practice'), password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');

    await page.goto('/practice?lang=bn');
    await page.getByRole('heading', { name: bn('practice.self.title'), level: 1 }).waitFor();
    await page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
    await page.getByLabel(bn('practice.subject'), { exact: true }).selectOption('physics');
    const chapters = page.getByTestId('practice-chapters');
    await chapters.getByText('গতি', { exact: true }).click();
    await chapters.getByText('বল', { exact: true }).click();
    await page.getByText('২০টি প্রশ্ন', { exact: true }).click();
    await fits(page);
    await page.getByRole('button', { name: bn('practice.self.start') }).click();
    await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);

    // No timer; the title names the subject and the chapters.
    await page.getByRole('heading', { name: /পদার্থবিজ্ঞান অনুশীলন: গতি, বল/ }).waitFor();
    assert.equal(await page.getByRole('timer').count(), 0);
    const total = fromBangla((await page.getByText(/^প্রশ্ন ১ \/ [০-৯]+$/).textContent())!.split('/ ')[1]);
    assert.ok(total >= 8 && total <= 20, `${total} questions`);

    const wrong = await answerAll(page, { saveFirst: true });
    assert.ok((await page.getByTestId('explanation').count()) > 0, 'the explanation shows after the answer');
    await page.getByRole('button', { name: bn('practice.self.finish') }).click();
    await page.getByTestId('score').waitFor();
    assert.equal((await page.getByTestId('rank').textContent())!, bn('practice.self.notRanked'));
    await page.getByTestId('chapter-strengths').waitFor();
    await fits(page);

    // Retry the wrong answers (answering every first option gets some wrong).
    assert.ok(wrong > 0);
    await page.getByRole('button', { name: bn('practice.self.retryWrong') }).click();
    await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'ভুল উত্তরগুলোর অনুশীলন' }).waitFor();
    await page.getByText(`প্রশ্ন ১ / ${String(wrong).replace(/\d/g, (d) => '০১২৩৪৫৬৭৮৯'[Number(d)])}`).waitFor();

    // The saved question is on the saved list.
    await page.goto('/practice/saved');
    await page.getByRole('heading', { name: bn('practice.self.savedTitle'), level: 1 }).waitFor();
    await page.getByTestId('saved-question').first().waitFor();
    assert.equal(await page.getByTestId('saved-question').count(), 1);
    await fits(page);

    // The profile shows the chapters, weakest first, each one tap from practising it.
    await page.goto('/myprofile');
    const rows = page.getByTestId('chapter-strength');
    await rows.first().waitFor();
    const shares = (await rows.allTextContents()).map((row) => fromBangla(/([০-৯]+)% সঠিক/.exec(row)![1]));
    assert.deepEqual(
      shares,
      [...shares].sort((a, b) => a - b),
      'weakest first',
    );
    assert.equal(await rows.count(), 2);
    await fits(page);
    await rows
      .first()
      .getByRole('button', { name: bn('strengths.practise') })
      .click();
    await page.waitForURL(/\/attempts\/[0-9a-f-]{36}$/);
    await page.getByTestId('question').waitFor();
    await visit.close();
  });
});
