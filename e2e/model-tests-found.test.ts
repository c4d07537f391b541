import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { NARROW, sidewaysScrolling } from './support/narrow';
import { openPhoneMenu } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

describe('model tests found from everywhere, on a 360 px phone in Bangla', () => {
  it('a visitor reaches a free model test from the home page in one tap, is asked to sign in to start it and is brought back to it', async () => {
    const visit = await openPage(browser, NARROW);
    const { page } = visit;
    await page.goto('/?lang=bn');
    const section = page.getByTestId('home-model-tests');
    await section.getByRole('heading', { name: bn('home.tests.title') }).waitFor();
    assert.deepEqual(await sidewaysScrolling(page), []);
    // Tap 1: the free physics test's card.
    const card = section.getByRole('link', { name: /পদার্থবিজ্ঞান নবম শ্রেণি/ });
    await card.click();
    await page.waitForURL(/\/model-tests\/[0-9a-f-]{36}$/);
    const testAddress = new URL(page.url()).pathname;
    await page.getByRole('heading', { name: /পদার্থবিজ্ঞান নবম শ্রেণি/, level: 1 }).waitFor();
    await page.getByText('৯ম শ্রেণি', { exact: true }).waitFor();
    // Tap 2: sign in to start.
    await page.getByRole('link', { name: bn('practice.signInToStart') }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    const login = page.getByRole('form', { name: bn('login.title') });
    await login.locator('input[type="email"]').fill('student@shikhon.test');
    await login.locator('input[type="password"]').fill('Student123!');
    await login.getByRole('button', { name: bn('login.button'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === testAddress);
    await page.getByRole('button', { name: bn('practice.start') }).waitFor();
    await visit.close();
  });

  it('the header, the phone menu and the footer lead to the model tests', async () => {
    const visit = await openPage(browser, NARROW);
    const { page } = visit;
    await page.goto('/?lang=bn');
    assert.equal(
      await page
        .locator('footer')
        .getByRole('link', { name: bn('footer.modelTests'), exact: true })
        .getAttribute('href'),
      '/model-tests',
    );
    const menu = await openPhoneMenu(page, { toggle: bn('header.openMenu'), menu: bn('header.phoneNav') });
    await menu.getByRole('link', { name: bn('header.modelTests'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/model-tests');
    await page.getByRole('heading', { name: bn('practice.title'), level: 1 }).waitFor();
    await page.getByRole('link', { name: bn('practice.self.link') }).waitFor();
    await visit.close();
  });

  it('search lists the model tests of a subject named in Bangla, and of a class, beside the courses', async () => {
    const visit = await openPage(browser, NARROW);
    const { page } = visit;
    await page.goto(`/search?q=${encodeURIComponent('পদার্থবিজ্ঞান')}&lang=bn`);
    const block = page.getByTestId('search-tests');
    await block.getByRole('link', { name: /পদার্থবিজ্ঞান নবম শ্রেণি/ }).waitFor();
    assert.equal(await block.getByRole('link', { name: 'পদার্থবিজ্ঞান অনুশীলন করুন' }).getAttribute('href'), '/practice?subject=physics');
    assert.deepEqual(await sidewaysScrolling(page), []);
    await page.goto(`/search?q=${encodeURIComponent('english class 9')}&lang=bn`);
    await page
      .getByTestId('search-tests')
      .getByRole('link', { name: /English Grammar/ })
      .waitFor();
    await visit.close();
  });
});
