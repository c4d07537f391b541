import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { sidewaysScrolling } from './support/narrow';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const PHONE = { width: 390, height: 844 };
const bn = (key: string) => text(bangla, key);

describe("the instructor's sales chart on a phone, in Bangla", () => {
  it('draws a sale of today on a canvas and gives its amount in the table beside it', async () => {
    const { page } = await openPage(browser, PHONE);
    const email = newEmail('charts-teacher');
    await signUp(page, { name: 'Chart Teacher', email, password: 'a good password', role: 'Instructor', phone: '01719-642842' });
    await page.waitForURL((url) => url.pathname !== '/signUp');
    // A draft course of theirs, copied from a demo course, and a bKash sale of it now: ৳১,৪৪০.
    const [{ id: teacherId }] = await sql<{ id: string }>('SELECT id FROM "user" WHERE email = $1', [email]);
    const [{ id: courseId }] = await sql<{ id: string }>(
      `INSERT INTO course SELECT (jsonb_populate_record(NULL::course, to_jsonb(c) || jsonb_build_object(
         'id', gen_random_uuid(), 'instructorId', $1::uuid, 'name', 'Chart course', 'published', false))).*
       FROM course c ORDER BY c."createdAt" LIMIT 1 RETURNING id`,
      [teacherId],
    );
    await sql(
      `INSERT INTO payment ("studentId", "courseId", provider, "providerRef", "amountCents", currency, status, "idempotencyKey", method)
       VALUES ($1, $2, 'sslcommerz', 'SK-charts-e2e', 144000, 'bdt', 'SUCCEEDED', 'charts-e2e-sale', 'bKash')`,
      [teacherId, courseId],
    );

    await page.goto('/instructor-dashboard?lang=bn');
    const chart = page.getByTestId('revenue-chart');
    await chart.locator('canvas').first().waitFor();
    await page.getByTestId('sales-totals').getByText('৳১,৪৪০', { exact: false }).waitFor();
    // The canvas has something drawn on it: bars and axes, not a blank box.
    const drawnPixels = await chart
      .locator('canvas')
      .first()
      .evaluate((canvas: HTMLCanvasElement) => {
        const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
        let painted = 0;
        for (let index = 3; index < data.length; index += 4) if (data[index] > 0) painted += 1;
        return { painted, width: canvas.getBoundingClientRect().width };
      });
    assert.ok(drawnPixels.painted > 500, `the canvas has ${drawnPixels.painted} painted pixels`);
    assert.ok(drawnPixels.width <= PHONE.width, `the chart is ${drawnPixels.width} px wide`);

    // The table, with its caption, has today's row with the amount in Bangla digits.
    const table = chart.getByRole('table');
    assert.match((await table.locator('caption').textContent())!, /^টাকায় আয় ও ভর্তি, /);
    const amounts = await table.locator('tbody td').allTextContents();
    assert.ok(amounts.includes('৳১,৪৪০'), `the table's cells: ${amounts.slice(-4).join(', ')}`);
    await chart.getByRole('button', { name: bn('chart.showTable') }).click();
    await table.getByRole('cell', { name: '৳১,৪৪০' }).waitFor();
    assert.deepEqual(await sidewaysScrolling(page), []);

    // Turned sideways, the chart is drawn again at the new width.
    await page.setViewportSize({ width: 700, height: 390 });
    await page.waitForFunction(() => (document.querySelector('[data-testid="revenue-chart"] canvas')?.getBoundingClientRect().width ?? 0) > 400);
  });
});

describe("the admin's payment chart on a phone, in Bangla", () => {
  it('draws payments by way to pay and gives the failed share in its table', async () => {
    const { page } = await openPage(browser, PHONE);
    // A Nagad payment that failed today, beside whatever the other tests paid.
    const [{ id: studentId }] = await sql<{ id: string }>(`SELECT id FROM "user" ORDER BY "createdAt" LIMIT 1`);
    const [{ id: courseId }] = await sql<{ id: string }>(`SELECT id FROM course ORDER BY "createdAt" LIMIT 1`);
    await sql(
      `INSERT INTO payment ("studentId", "courseId", provider, "providerRef", "amountCents", currency, status, "idempotencyKey", method)
       VALUES ($1, $2, 'sslcommerz', 'SK-charts-e2e-failed', 144000, 'bdt', 'FAILED', 'charts-e2e-failed', 'Nagad')`,
      [studentId, courseId],
    );
    await page.goto('/login');
    await logIn(page, 'admin@shikhon.test', 'Admin123!');
    await page.waitForURL((url) => url.pathname !== '/login');
    await page.goto('/admin-dashboard/payments?lang=bn');
    const chart = page.getByTestId('payment-chart');
    await chart.locator('canvas').first().waitFor();
    const headers = await chart.locator('thead th').allTextContents();
    assert.deepEqual(headers.slice(1), [
      'বিকাশ',
      'নগদ',
      'রকেট',
      'কার্ড',
      'অন্যান্য',
      bn('admin.paymentChart.failed'),
      bn('admin.paymentChart.failedShare'),
      bn('admin.paymentChart.received'),
    ]);
    // Today's row: at least the failed payment, its share a percentage in Bangla digits.
    const today = await chart.locator('tbody tr').last().locator('td').allTextContents();
    assert.match(today[5], /^[১-৯][০-৯]*$/);
    assert.match(today[6], /^[০-৯.]+%$/);
    assert.match((await page.getByTestId('payment-totals').textContent())!, /ব্যর্থ/);
    assert.deepEqual(await sidewaysScrolling(page), []);
  });
});
