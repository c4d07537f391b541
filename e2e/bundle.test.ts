import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { bangla, expectBanglaOnly, text } from './support/catalogues';
import { sql } from './support/database';
import { api } from './support/tour';

let browser: Browser;
let bundleId: string | null = null;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  // The bundle is this file's own: the files after it see the home page as it was.
  if (bundleId) await sql('DELETE FROM bundle WHERE id = $1', [bundleId]);
  await browser.close();
});

const bn = (key: string) => text(bangla, key);
const BUNDLE_NAME = 'বিজ্ঞান বান্ডেল';

describe('a bundle of courses', () => {
  it('is opened from its home-page card on a phone in Bangla, paid with bKash in the sandbox, and every course is in My Courses', async () => {
    // An admin makes a bundle of two paid courses, at four fifths of their taka prices.
    const courses = await sql<{ id: string; name: string; priceBDT: number }>(
      `SELECT id, name, "priceBDT" FROM course WHERE published AND "priceBDT" > 0 ORDER BY name LIMIT 2`,
    );
    assert.equal(courses.length, 2);
    const sum = courses.reduce((total, course) => total + course.priceBDT, 0);
    const priceBDT = Math.floor(sum * 0.8);
    const { login } = await api<{ login: { accessToken: string } }>(`mutation { login(email: "admin@shikhon.test", password: "Admin123!") { accessToken } }`);
    const { createBundle } = await api<{ createBundle: { id: string } }>(
      `mutation ($input: CreateBundleInput!) { createBundle(input: $input) { id } }`,
      { input: { name: BUNDLE_NAME, courseIds: courses.map((course) => course.id), priceBDT } },
      login.accessToken,
    );
    bundleId = createBundle.id;

    // Its page is drawn by the server, in Bangla, before any script runs.
    const drawn = await (await fetch(`${baseUrl}/bundles/${bundleId}?lang=bn`)).text();
    assert.ok(drawn.includes(`<h1 class="ui-heading ui-heading-2xl">${BUNDLE_NAME}</h1>`), 'the server draws the bundle page');
    assert.ok(drawn.includes(bn('bundle.courses')), 'in Bangla');

    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page } = visit;
    await page.goto('/?lang=bn');
    // Signing up in Bangla: the account keeps the language.
    await page.goto('/signUp');
    await page.getByLabel(bn('account.field.name'), { exact: true }).fill('বান্ডেল শিক্ষার্থী');
    await page.getByLabel(bn('account.field.email'), { exact: true }).fill(newEmail('bundle-buyer'));
    await page.getByLabel(bn('account.field.password'), { exact: true }).fill('a good password');
    await page.getByLabel(bn('account.field.phone'), { exact: true }).fill('+880 1911-223344');
    await page.getByLabel(bn('account.field.date'), { exact: true }).fill('2006-04-12');
    await page.locator('main').getByRole('checkbox').check();
    await page.getByRole('button', { name: bn('signUp.button'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // The home page's card: the bundle's name, what it saves, and its price.
    const card = page.getByTestId('home-bundles').locator('li').filter({ hasText: BUNDLE_NAME });
    await card.waitFor();
    await card.getByText(/^সাশ্রয় ৳[০-৯,]+$/).waitFor();
    await card.getByRole('link', { name: BUNDLE_NAME }).click();
    await page.waitForURL(new RegExp(`/bundles/${bundleId}$`));

    // Its page: the price and the saving, in Bangla digits, and its courses.
    await page.getByRole('heading', { name: BUNDLE_NAME, level: 1 }).waitFor();
    const banglaTaka = (amount: number) => `৳${new Intl.NumberFormat('bn-BD').format(amount)}`;
    assert.equal((await page.getByTestId('bundle-price-amount').textContent())!.trim(), banglaTaka(priceBDT));
    assert.equal((await page.getByTestId('bundle-saving').textContent())!.trim(), `সাশ্রয় ${banglaTaka(sum - priceBDT)}`);
    for (const course of courses) await page.getByRole('link', { name: course.name }).waitFor();
    await expectBanglaOnly(page, ['bundle.'], ['bundle.courses', 'bundle.buy.title', 'bundle.rule']);

    // Paying with bKash in the SSLCommerz sandbox, the mobile number typed in Bangla digits.
    await page.getByLabel(bn('bundle.buy.phone')).fill('০১৯১১২২৩৩৪৪');
    await page.getByRole('button', { name: `${banglaTaka(priceBDT)} পেমেন্ট করুন` }).click();
    await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
    await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
    await page.waitForURL(new RegExp(`/bundles/${bundleId}\\?success=true$`));
    await page.getByText(bn('bundle.return.success'), { exact: true }).waitFor();
    await page.getByTestId('bundle-all-owned').waitFor();

    // Every course of the bundle is in My Courses.
    await page.goto('/mycourses');
    for (const course of courses) await page.getByTestId('enrollment').filter({ hasText: course.name }).waitFor();
    visit.assertNoErrors();
    await visit.close();
  });
});
