import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { launchBrowser } from './support/browser';
import { authoringBangla, bangla, text } from './support/catalogues';
import { assertNoSidewaysScroll, openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** A Bangla text (the app's or the authoring pages'); with values, its simple {placeholders} filled in. */
const texts: Record<string, string> = { ...bangla, ...authoringBangla };
const bn = (key: string, values?: Record<string, string>) => (values ? texts[key].replace(/\{(\w+)\}/g, (_, name: string) => values[name]) : text(texts, key));

describe('writing practice on a phone, in Bangla', () => {
  it('an instructor imports questions from the CSV template (a bad row reported), builds a model test with negative marking and publishes it; a student finds it', async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    await page.goto('/login');
    await logIn(page, 'instructor@shikhon.test', 'Instructor123!');
    await page.waitForURL((url) => url.pathname !== '/login');

    await page.goto('/instructor-dashboard?lang=bn');
    const dashboard = page.getByRole('navigation', { name: bn('instructor.nav.title') });
    await dashboard.getByRole('link', { name: bn('instructor.nav.questionBank') }).click();
    await page.getByRole('heading', { name: bn('authoring.bank.title'), level: 1 }).waitFor();

    // The template comes from the server (two example rows); the instructor adds a good row and a bad one (one option only).
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: bn('authoring.import.template') }).click();
    const template = fs.readFileSync(await (await downloading).path(), 'utf8').replace(/^\uFEFF/, '');
    assert.match(template, /^class,subject,chapter,difficulty,question,option1/);
    const csv = `${template.trimEnd()}
9,পদার্থবিজ্ঞান,,MEDIUM,"বলের সূত্র $F = ma$ হলে বলের একক কী?",নিউটন,জুল,ওয়াট,,,,1,"$F = ma$: কিলোগ্রাম × মিটার/সেকেন্ড² = নিউটন"
9,physics,,EASY,"শুধু একটি অপশনের প্রশ্ন",হ্যাঁ,,,,,,1,
`;
    await page.locator('input[type="file"]').setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv, 'utf8') });
    await page
      .getByTestId('import-summary')
      .getByText(bn('authoring.import.summary', { imported: '৩', updated: '০', unchanged: '০', problems: '১' }))
      .waitFor();
    const problems = page.getByTestId('import-problem');
    assert.equal(await problems.count(), 1);
    assert.deepEqual(await problems.first().locator('td').allTextContents(), ['৫', 'কলাম option1-option6: একটি প্রশ্নে ২ থেকে ৬টি অপশন থাকে']);
    // The imported questions are in the bank, formulas drawn.
    const force = page.getByTestId('bank-question').filter({ hasText: 'বলের একক কী?' });
    await force.waitFor();
    assert.ok((await force.locator('.katex').count()) > 0);
    await assertNoSidewaysScroll(page);

    // A model test of those questions, with 0.25 taken off per wrong answer (typed in Bangla digits).
    await dashboard.getByRole('link', { name: bn('practice.title') }).click();
    await page.getByRole('link', { name: bn('authoring.tests.new') }).click();
    await page.getByRole('heading', { name: bn('authoring.tests.new'), level: 1 }).waitFor();
    const title = `বল ও গতি: ভর্তি প্রস্তুতি ${Date.now()}`;
    // Saving an empty form names the fields to fix, and sends nothing.
    await page.getByRole('button', { name: bn('authoring.tests.saveDraft') }).click();
    await page.getByText(bn('authoring.error.titleRequired')).waitFor();
    await page.getByText(bn('authoring.error.duration')).waitFor();
    await page.getByLabel(bn('authoring.tests.titleField'), { exact: true }).fill(title);
    await page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
    await page.getByLabel(bn('practice.subject'), { exact: true }).selectOption('physics');
    await page.getByLabel(bn('authoring.tests.duration'), { exact: true }).fill('১০');
    await page.getByLabel(bn('authoring.tests.negativeMark'), { exact: true }).fill('০.২৫');
    await page.getByLabel(bn('authoring.tests.passMark'), { exact: true }).fill('১');
    const picks = page.getByTestId('bank-pick');
    await picks.filter({ hasText: 'বলের একক কী?' }).waitFor();
    const shown = await picks.count();
    assert.ok(shown >= 2, `the bank shows ${shown} class 9 physics questions`);
    await page.getByRole('button', { name: /^দেখানো সবগুলো যোগ করুন/ }).click();
    assert.equal(await page.getByTestId('chosen-question').count(), shown);
    await assertNoSidewaysScroll(page);

    await page.getByRole('button', { name: bn('authoring.tests.saveAndPublish') }).click();
    await page.waitForURL(/\/instructor-dashboard\/model-tests\/[0-9a-f-]{36}$/);
    await page.getByText(bn('authoring.tests.published')).first().waitFor();
    await page.getByText(bn('authoring.tests.stateLive'), { exact: true }).waitFor();
    await page.getByRole('button', { name: bn('authoring.unpublish') }).waitFor();

    // In the author's list, published.
    await page.getByRole('link', { name: bn('authoring.tests.back') }).click();
    const mine = page.getByTestId('authored-test').filter({ hasText: title });
    await mine.getByText(bn('authoring.tests.stateLive'), { exact: true }).waitFor();
    await assertNoSidewaysScroll(page);
    visit.assertNoErrors();
    await visit.close();

    // A student sees it among the model tests, with its negative marking.
    const student = await openPhone(browser);
    await signUp(student.page, { name: 'পরীক্ষার্থী করিম', email: newEmail('authoring'), password: 'a good password' });
    await student.page.waitForURL((url) => url.pathname === '/');
    await student.page.goto('/model-tests?lang=bn');
    await student.page.getByLabel(bn('practice.class'), { exact: true }).selectOption('9');
    const card = student.page.getByTestId('model-test').filter({ hasText: title });
    await card.waitFor();
    await card.getByText(bn('practice.negative', { mark: '০.২৫' })).waitFor();
    await card.getByText(bn('practice.shape', { questions: shown.toLocaleString('bn-BD'), minutes: '১০' })).waitFor();
    await student.close();
  });
});
