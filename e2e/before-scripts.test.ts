import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { ensureDrawn, gotoDrawn, phoneWithoutScripts, words, type Language } from './support/before-scripts';
import { menuToggle, PHONE } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** Every public page the server draws, the course and blog post pages with a seeded record. */
async function publicPages(): Promise<string[]> {
  const [course] = (await (await fetch(`${baseUrl}/api/courses?limit=1`)).json()) as Array<{ id: string }>;
  const [post] = (await (await fetch(`${baseUrl}/blogs.json`)).json()) as Array<{ _id: string }>;
  return [
    '/',
    '/allCourses',
    '/search?q=physics',
    `/course/${course.id}`,
    '/blog',
    `/blog/${post._id}`,
    '/reviews',
    '/login',
    '/signUp',
    '/about',
    '/support',
    '/contact',
    '/privacyAndPolicy',
    '/termsAndCondition',
    '/RefundPolicy',
    '/career',
    '/success-story',
  ];
}

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/** The phone menu, opened with its ☰ toggle (a <summary>: no script involved). */
async function openMenu(page: Page, say: ReturnType<typeof words>) {
  const menu = page.getByRole('navigation', { name: say.phoneNav });
  assert.equal(await menu.count(), 0, `${page.url()}: the menu starts closed`);
  await menuToggle(page).click();
  await menu.waitFor();
  return menu;
}

for (const language of ['en', 'bn'] as Language[]) {
  const say = words(language);

  describe(`a phone with JavaScript off (${language})`, () => {
    it('opens and closes the ☰ menu on every public page, each link in it leading where it says', async () => {
      const { context, page } = await phoneWithoutScripts(browser, language);
      for (const path of await publicPages()) {
        await gotoDrawn(page, path);
        assert.equal(await htmlLang(page), language, `${path} is in the chosen language`);
        const menu = await openMenu(page, say);
        const href = (name: string) => menu.getByRole('link', { name, exact: true }).getAttribute('href');
        assert.equal(await href(say.courses), '/allCourses', path);
        assert.equal(await href(say.support), '/support', path);
        assert.equal(await href(say.login), '/login', path);
        assert.equal(await href(say.registration), '/signUp', path);
        const switchTo = new URL((await href(say.otherName))!, baseUrl);
        assert.equal(switchTo.pathname, new URL(path, baseUrl).pathname, `${path}: the language link stays on the page`);
        assert.equal(switchTo.searchParams.get('lang'), say.other);
        await menu
          .getByRole('searchbox', { name: say.searchPlaceholder })
          .or(menu.getByRole('textbox', { name: say.searchPlaceholder }))
          .waitFor();
        await menuToggle(page).click();
        await menu.waitFor({ state: 'hidden' });
      }

      // Each link, followed.
      const follow = async (name: string, heading: string) => {
        await gotoDrawn(page, '/');
        await (await openMenu(page, say)).getByRole('link', { name, exact: true }).click();
        await page.waitForLoadState('load');
        await ensureDrawn(page);
        await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      };
      await follow(say.courses, say.catalogueTitle);
      await follow(say.support, say.supportTitle);
      await follow(say.login, say.loginTitle);
      await follow(say.registration, say.signUpTitle);
      await context.close();
    });

    it('switches the language with the link in the menu, and keeps it on the next page', async () => {
      const { context, page } = await phoneWithoutScripts(browser, language);
      const other = words(say.other);
      await gotoDrawn(page, '/allCourses');
      await page.getByRole('heading', { level: 1, name: say.catalogueTitle }).waitFor();
      await (await openMenu(page, say)).getByRole('link', { name: say.otherName, exact: true }).click();
      await page.waitForLoadState('load');
      await ensureDrawn(page);
      assert.equal(await htmlLang(page), say.other);
      assert.equal(new URL(page.url()).pathname, '/allCourses');
      await page.getByRole('heading', { level: 1, name: other.catalogueTitle }).waitFor();
      // The choice is kept (a cookie): the next page, without ?lang=, is in it too.
      await gotoDrawn(page, '/blog');
      assert.equal(await htmlLang(page), say.other);
      await context.close();
    });

    it('searches from the menu and from the search button, the server answering with the seeded physics courses', async () => {
      const { context, page } = await phoneWithoutScripts(browser, language);
      await gotoDrawn(page, '/');
      const menu = await openMenu(page, say);
      await menu.getByRole('search').getByLabel(say.searchPlaceholder).fill('physics');
      await menu.getByRole('search').getByRole('button', { name: say.search, exact: true }).click();
      await page.waitForURL('**/search?q=physics');
      await ensureDrawn(page);
      await page.getByRole('heading', { level: 1, name: say.resultsFor('physics') }).waitFor();
      const cards = page.getByTestId('course-card');
      assert.ok((await cards.count()) > 0, 'the search page comes with its results');
      // English names with the word, and the Bangla-named courses whose subject is physics (পদার্থবিজ্ঞান).
      for (const name of await cards.getByRole('heading').allTextContents()) assert.match(name, /Physics|পদার্থবিজ্ঞান/i);

      // The header's search button leads to the search page and its own search box.
      await gotoDrawn(page, '/');
      await page.getByRole('link', { name: say.searchPlaceholder, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/search');
      await ensureDrawn(page);
      const box = page.getByRole('search').filter({ visible: true });
      await box.getByLabel(say.searchPlaceholder).fill('physics');
      await box.getByRole('button', { name: say.search, exact: true }).click();
      await page.waitForURL('**/search?q=physics');
      await ensureDrawn(page);
      await page
        .getByTestId('course-card')
        .filter({ hasText: /Physics/i })
        .first()
        .waitFor();
      await context.close();
    });

    it('leads from a course card to its course, and from Enroll to sign-in, which comes back to enrolling', async () => {
      const { context, page } = await phoneWithoutScripts(browser, language);
      await gotoDrawn(page, '/allCourses');
      const card = page.getByTestId('course-card').first();
      const name = (await card.getByRole('heading').textContent())!.trim();
      await card.getByRole('link', { name: say.cardEnroll, exact: true }).click();
      await page.waitForURL(/\/course\/[0-9a-f-]{36}$/);
      const courseId = new URL(page.url()).pathname.split('/').pop()!;
      await ensureDrawn(page);
      await page.getByRole('heading', { level: 1, name }).waitFor();

      await page.getByRole('link', { name: say.courseEnroll, exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/login');
      assert.equal(new URL(page.url()).searchParams.get('next'), `/enroll/${courseId}`);
      await ensureDrawn(page);
      await page.getByRole('heading', { level: 1, name: say.loginTitle }).waitFor();
      const signInAddress = page.url();
      await context.close();

      // Once the scripts run there, signing in comes back to the course's enrolment.
      const email = newEmail('before-scripts');
      const password = 'a long enough password';
      const newcomer = await openPage(browser);
      await signUp(newcomer.page, { name: 'Nusrat Jahan', email, password });
      await newcomer.page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/signup'));
      await newcomer.close();
      const visit = await openPage(browser, PHONE);
      await visit.page.goto(signInAddress);
      await logIn(visit.page, email, password);
      await visit.page.waitForURL((url) => url.pathname === `/enroll/${courseId}`);
      await visit.page.getByRole('heading', { level: 1, name: words('en').checkoutTitle }).waitFor();
      // The order summary names the course (shortened; its title has the whole name).
      await visit.page.getByTitle(name, { exact: true }).first().waitFor();
      visit.assertNoErrors();
      await visit.close();
    });
  });
}
