import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { menuToggle } from './support/phone';
import { openRoute } from './support/tour';
import { bn, dialog, inBangla, tourEveryPage, useTour } from './support/bangla-tour';

// visitor: every page on a 360 px phone in English and in Bangla, and its Bangla dialogs, toasts and errors
// (support/bangla-tour.ts).
const tour = useTour();

describe('every page on a 360 px phone, in English and in Bangla', () => tourEveryPage(tour, 'visitor'));

describe('dialogs, toasts, errors and later steps in Bangla', () => {
  it('signed out: the introduction, the phone menu, a failed login, forms sent empty', async () => {
    await inBangla(tour, 'visitor', async (page, check) => {
      await openRoute(page, '/');
      await page.getByRole('link', { name: bn('home.hero.watch') }).click();
      await dialog(page).waitFor();
      await check('the hero’s introduction');
      await page.getByRole('button', { name: bn('home.tour.close') }).click();

      await menuToggle(page, bn('header.openMenu')).click();
      const menu = page.getByRole('navigation', { name: bn('header.phoneNav') });
      await menu.waitFor();
      await check('the phone menu, signed out');
      // Nothing in it that does nothing: every entry is a page of the site, and Support is the footer's Support.
      // (The language switch is a page too, but asking for it would switch the language.)
      for (const href of await menu.locator('a:not([hreflang])').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))) {
        assert.match(href, /^\/[^#]*$/, `the phone menu's entry ${href} leads to a page`);
        assert.equal((await page.request.get(href)).status(), 200, `the phone menu's entry ${href} is a page`);
      }
      assert.equal(
        await menu.getByRole('link', { name: bn('header.support'), exact: true }).getAttribute('href'),
        await page
          .locator('footer')
          .getByRole('link', { name: bn('footer.support'), exact: true })
          .getAttribute('href'),
        'Support leads to the same page from the header and the footer',
      );
      await menuToggle(page, bn('header.closeMenu')).click();

      await openRoute(page, '/login');
      await page.getByRole('button', { name: bn('login.forgotPassword') }).click();
      await dialog(page).waitFor();
      await check('login: forgot password without an email');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      const login = page.getByRole('form', { name: bn('login.title') });
      await login.locator('input[type="email"]').fill('nobody.here@example.com');
      await login.locator('input[type="password"]').fill('not the password');
      const answered = page.waitForResponse((response) => response.url().endsWith('/graphql') && (response.request().postData() ?? '').includes('login'));
      await login.getByRole('button', { name: bn('login.button'), exact: true }).click();
      await answered;
      await check('login: a wrong password', ['nobody.here@example.com']);

      await openRoute(page, '/signUp');
      // The terms agreed to, nothing else written.
      await page.locator('main').getByRole('checkbox').check();
      await page.locator('main form button[type="submit"]').first().click();
      await check('sign-up: submitted empty');

      await openRoute(page, '/contact');
      await page.locator('main form button[type="submit"]').first().click();
      await check('contact: submitted empty');
    });
  });
});
