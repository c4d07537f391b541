import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser } from './support/browser';
import { sql } from './support/database';
import { gotoDrawn, phoneWithHeldScripts, words, type Language } from './support/before-scripts';
import { menuToggle } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

for (const language of ['en', 'bn'] as Language[]) {
  const say = words(language);

  describe(`a phone whose scripts arrive late (${language})`, () => {
    it('opens the ☰ menu at first paint; when the scripts take over, nothing moves, and the menu and search keep working', async () => {
      const held = await phoneWithHeldScripts(browser);
      const { page } = held;
      // Shifts of the layout that no tap caused, counted from when the scripts are let through.
      await page.addInitScript(() => {
        const measured = window as unknown as { layoutShift: number };
        measured.layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
            if (!entry.hadRecentInput) measured.layoutShift += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await gotoDrawn(page, language === 'bn' ? '/?lang=bn' : '/', { waitUntil: 'domcontentloaded' });
      assert.equal(await held.interactive(), false, 'the scripts have not arrived');

      const menu = page.getByRole('navigation', { name: say.phoneNav });
      await menuToggle(page).click();
      await menu.waitFor();
      await menu.getByRole('link', { name: say.courses, exact: true }).waitFor();
      await menu.getByRole('link', { name: say.otherName, exact: true }).waitFor();
      await menu.getByRole('link', { name: say.login, exact: true }).waitFor();
      await menu.getByRole('search').getByLabel(say.searchPlaceholder).fill('physics');
      assert.equal(await held.interactive(), false, 'all of it before the scripts arrived');
      // The elements the visitor is using, to find them again after the scripts take over.
      await page.evaluate(() => {
        const kept = window as unknown as { drawn: Element[]; layoutShift: number };
        kept.drawn = ['header', 'header details', 'header details nav', 'main'].map((selector) => document.querySelector(selector)!);
        kept.layoutShift = 0;
      });

      held.release();
      await page.waitForSelector('html[data-interactive]');
      await page.waitForLoadState('networkidle');
      assert.deepEqual(
        await page.evaluate(() => {
          const kept = window as unknown as { drawn: Element[] };
          return kept.drawn.map((element) => element.isConnected);
        }),
        [true, true, true, true],
        'the scripts took over the header, the menu and the page as drawn, without drawing them again',
      );
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      assert.ok(shift < 0.01, `the page moved as the scripts took over (layout shift ${shift.toFixed(3)})`);

      // The menu opened before stays open, its toggle now says so, and it still closes and opens.
      await menu.waitFor();
      await menuToggle(page, say.closeMenu).click();
      await menu.waitFor({ state: 'hidden' });
      await menuToggle(page, say.openMenu).click();
      await menu.waitFor();
      // What was typed before the scripts arrived is searched for, now by the app itself.
      assert.equal(await menu.getByRole('search').getByLabel(say.searchPlaceholder).inputValue(), 'physics');
      await menu.getByRole('search').getByRole('button', { name: say.search, exact: true }).click();
      await page.waitForURL('**/search?q=physics');
      await page.getByRole('heading', { level: 1, name: say.resultsFor('physics') }).waitFor();
      await page
        .getByTestId('course-card')
        .filter({ hasText: /Physics/i })
        .first()
        .waitFor();
      await menu.waitFor({ state: 'hidden' });

      // A link in the menu is followed in place.
      await menuToggle(page, say.openMenu).click();
      await menu.getByRole('link', { name: say.courses, exact: true }).click();
      await page.waitForURL('**/allCourses');
      await page.getByRole('heading', { level: 1, name: say.catalogueTitle }).waitFor();
      assert.equal(await menu.count(), 0, 'the menu closes as it leads away');
      held.assertNoErrors();
      await held.context.close();
    });
  });
}

describe('signing in and up on a phone whose scripts arrive late', () => {
  it('keeps a mobile number typed before the scripts arrived, and sends the code to it', async () => {
    const held = await phoneWithHeldScripts(browser);
    const { page } = held;
    await gotoDrawn(page, '/login?with=phone', { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Mobile number', { exact: true }).fill('01612345671');
    assert.equal(await held.interactive(), false, 'typed before the scripts arrived');
    held.release();
    await page.waitForSelector('html[data-interactive]');
    await page.getByRole('button', { name: 'Send code', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '01612345671' }).waitFor();
    held.assertNoErrors();
    await held.context.close();
  });

  it('keeps what was typed, chosen and ticked before the scripts arrived, and makes the account with it', async () => {
    const held = await phoneWithHeldScripts(browser);
    const { page } = held;
    const email = newEmail('early');
    await gotoDrawn(page, '/signUp', { waitUntil: 'domcontentloaded' });
    assert.equal(await held.interactive(), false, 'the scripts have not arrived');
    await page.getByText('Instructor', { exact: true }).click();
    await page.getByLabel('Name', { exact: true }).fill('Early Typist');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('a good password');
    await page.getByLabel('Phone', { exact: true }).fill('+880 1712-345678');
    await page.getByLabel('Date of birth', { exact: true }).fill('2001-02-03');
    await page.locator('main').getByRole('checkbox').check();
    const signUp = page.getByRole('button', { name: 'Sign Up', exact: true });
    assert.equal(await page.getByRole('form', { name: 'Sign up' }).getAttribute('action'), '/signUp', 'sent before the scripts, the server takes it');
    assert.equal(await held.interactive(), false, 'all of it before the scripts arrived');

    held.release();
    await page.waitForSelector('html[data-interactive]');
    // The terms were agreed to before the scripts came: the button follows the box as it is.
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('main form button[type="submit"]')?.disabled);
    assert.equal(await page.getByRole('radio', { name: 'Instructor' }).isChecked(), true);
    assert.equal(await page.getByLabel('Name', { exact: true }).inputValue(), 'Early Typist');
    await signUp.click();
    await page.waitForURL((url) => url.pathname === '/');
    const [account] = await sql<{ name: string; role: string; phone: string; date: string }>(
      `SELECT name, role, phone, date::text AS date FROM "user" WHERE email = $1`,
      [email],
    );
    assert.deepEqual(account, { name: 'Early Typist', role: 'INSTRUCTOR', phone: '+8801712345678', date: '2001-02-03' });
    held.assertNoErrors();
    await held.context.close();
  });
});

describe('the catalogue on a phone whose scripts arrive late', () => {
  it('shows the selects’ Show button until the scripts run; then its links, selects, pager and Back change the address in place', async () => {
    const held = await phoneWithHeldScripts(browser);
    const { page } = held;
    await gotoDrawn(page, '/allCourses', { waitUntil: 'domcontentloaded' });
    const filters = page.getByRole('group', { name: 'Filter courses' });
    await filters.getByRole('button', { name: 'Show', exact: true }).waitFor();
    assert.equal(await held.interactive(), false, 'the scripts have not arrived');
    held.release();
    await page.waitForSelector('html[data-interactive]');
    // With the scripts, a choice applies at once: no button to send it.
    await filters.getByRole('button', { name: 'Show', exact: true }).waitFor({ state: 'detached' });
    // A mark on this document: a page loaded afresh would not have it.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    const pager = page.getByRole('navigation', { name: 'Pages' });
    await pager.getByRole('link', { name: 'Next', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('offset') === '20');
    await pager.getByText(/^Page 2 of /).waitFor();
    await filters.getByRole('link', { name: 'Class 1 to 12', exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('section') === 'CLASS_1_TO_12' && !url.searchParams.has('offset'));
    await page.getByText('Courses for Class 1 to 12', { exact: true }).waitFor();
    await page.getByLabel('Language', { exact: true }).selectOption('bn');
    await page.waitForURL((url) => url.searchParams.get('language') === 'bn' && url.searchParams.get('section') === 'CLASS_1_TO_12');
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('language') && url.searchParams.get('section') === 'CLASS_1_TO_12');
    assert.equal(await page.getByLabel('Language', { exact: true }).inputValue(), '');
    assert.equal(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'no page was loaded afresh');
    held.assertNoErrors();
    await held.context.close();
  });
});
