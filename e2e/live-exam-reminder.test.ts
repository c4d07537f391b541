import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail, signUp } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { NARROW, sidewaysScrolling } from './support/narrow';
import { accounts, api } from './support/tour';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

/** A live exam opening in two hours, written and published by the admin through the API. */
async function liveExamInTwoHours(title: string): Promise<string> {
  const { login } = await api<{ login: { accessToken: string } }>(`mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }`, {
    e: accounts.admin.email,
    p: accounts.admin.password,
  });
  const token = login.accessToken;
  const { createQuestion } = await api<{ createQuestion: { id: string } }>(
    `mutation ($input: QuestionInput!) { createQuestion(input: $input) { id } }`,
    { input: { text: 'বলের একক কী?', options: ['জুল', 'নিউটন'], correctOption: 1, classLevel: 9, subjectId: 'physics' } },
    token,
  );
  const hours = (n: number) => new Date(Date.now() + n * 3600_000).toISOString();
  const { createModelTest } = await api<{ createModelTest: { id: string } }>(
    `mutation ($input: ModelTestInput!) { createModelTest(input: $input) { id } }`,
    {
      input: {
        title,
        classLevel: 9,
        subjectId: 'physics',
        free: true,
        durationMinutes: 20,
        questionIds: [createQuestion.id],
        opensAt: hours(2),
        closesAt: hours(3),
      },
    },
    token,
  );
  await api(`mutation ($id: ID!) { setModelTestPublished(id: $id, published: true) { id } }`, { id: createModelTest.id }, token);
  return createModelTest.id;
}

/** The outbox's messages to `to` about the test (not the sign-up's), waiting up to `seconds` for `count` of them. */
async function outboxTo(to: string, testId: string, count: number, seconds: number): Promise<Array<{ subject: string; text: string }>> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const rows = await sql<{ subject: string; text: string }>(
      `SELECT subject, text FROM outbox_message WHERE "to" = $1 AND text LIKE '%' || $2 || '%' ORDER BY "createdAt"`,
      [to, `/model-tests/${testId}`],
    );
    if (rows.length >= count || Date.now() > deadline) return rows;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

describe('a live exam on a small phone, in Bangla', () => {
  it('a student asks to be reminded by email, and the reminder is in the outbox before the exam opens', async () => {
    const title = `রাতের লাইভ পরীক্ষা ${Date.now()}`;
    const testId = await liveExamInTwoHours(title);
    const { page } = await openPage(browser, NARROW);
    const email = newEmail('reminded');
    await signUp(page, { name: 'পরীক্ষার্থী নাদিয়া', email, password: 'a good password' });
    await page.waitForURL((url) => url.pathname === '/');
    // The address confirmed (the link in the mail is followed by other tests), the account read in Bangla.
    await sql(`UPDATE "user" SET "emailVerifiedAt" = now(), language = 'bn' WHERE email = $1`, [email]);

    await page.goto(`/model-tests/${testId}?lang=bn`);
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    // Not open yet: a countdown in Bangla digits that runs, and no start button.
    const countdown = page.getByTestId('countdown');
    const first = (await countdown.textContent())!;
    assert.match(first, /^শুরু হতে বাকি [০-৯]:[০-৫][০-৯]:[০-৫][০-৯]$/);
    await page.waitForFunction((before) => document.querySelector('[data-testid="countdown"]')?.textContent !== before, first);
    assert.equal(await page.getByRole('button', { name: bn('practice.start') }).count(), 0);

    // Remind me, by email.
    const remind = page.getByTestId('remind-me');
    await remind.getByText(bn('practice.remind.EMAIL'), { exact: true }).click();
    await remind.getByRole('button', { name: bn('practice.remind.button') }).click();
    await remind.getByText(bn('practice.remind.doneEMAIL')).waitFor();
    assert.deepEqual(await sidewaysScrolling(page), []);
    // Still there after a reload.
    await page.reload();
    await page.getByTestId('remind-me').getByText(bn('practice.remind.doneEMAIL')).waitFor();
    assert.equal((await outboxTo(email, testId, 0, 0)).length, 0, 'nothing is sent two hours before');

    // Time moves on: the exam now opens in five minutes, and the notices' job is asked to run at once.
    await sql(`UPDATE model_test SET "opensAt" = now() + interval '5 minutes', "closesAt" = now() + interval '1 hour' WHERE id = $1`, [testId]);
    await sql(`INSERT INTO pgboss.job (name, data) VALUES ('live-exam-notices', '{}')`);
    const [reminder, ...more] = await outboxTo(email, testId, 1, 30);
    assert.ok(reminder, 'the reminder is in the outbox');
    assert.match(reminder.subject, new RegExp(`^মনে করিয়ে দিচ্ছি: ${title} শুরু হবে .*[০-৯]`));
    assert.equal(more.length, 0, 'one reminder: the ten-minute one');

    // The page counts down the last minutes and still shows the reminder.
    await page.reload();
    assert.match((await page.getByTestId('countdown').textContent())!, /^শুরু হতে বাকি [০-৫]:[০-৯]{2}$/);
  });
});
