import { describe, it } from 'node:test';
import { menuToggle } from './support/phone';
import { sql } from './support/database';
import { openRoute } from './support/tour';
import { bn, inBangla, toast, tourEveryPage, useTour } from './support/bangla-tour';

// student: every page on a 360 px phone in English and in Bangla, and its Bangla dialogs, toasts and errors
// (support/bangla-tour.ts).
const tour = useTour();

describe('every page on a 360 px phone, in English and in Bangla', () => tourEveryPage(tour, 'student'));

describe('dialogs, toasts, errors and later steps in Bangla', () => {
  it('as a student: checkout by bKash and by card, its errors, the payment’s return pages, the account menu and signing out', async () => {
    const [course] = await sql<{ id: string }>(
      `SELECT id FROM course WHERE published AND price > 0 AND "priceBDT" > 0 AND "instructorEmail" <> 'instructor@shikhon.test' ORDER BY name LIMIT 1`,
    );
    await inBangla(tour, 'student', async (page, check) => {
      await openRoute(page, `/enroll/${course.id}`);
      const mobile = page.locator('input[type="tel"]');
      // The mobile number of the profile is there already.
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('input[type="tel"]')?.value));
      await check('checkout: bKash, Nagad or Rocket chosen, the mobile number from the profile');
      const local = page.getByRole('form', { name: bn('checkout.local.form') });
      await mobile.fill('');
      await local.locator('button[type="submit"]').click();
      await page.getByText(bn('checkout.local.phoneWrong')).waitFor();
      await check('checkout: no mobile number');

      await page.locator('[data-scope="radio-group"][data-part="item"]').nth(1).click();
      const cardForm = page.getByRole('form', { name: bn('checkout.card.title') });
      await cardForm.waitFor();
      await check('checkout: card chosen');
      await cardForm.locator('button[type="submit"]').click();
      await check('checkout: card form sent empty');
      await cardForm.locator('input[autocomplete="billing address-line1"]').fill('House 12, Road 5, Dhanmondi');
      await cardForm.locator('input[autocomplete="billing address-level2"]').fill('Dhaka');
      await cardForm.locator('input[autocomplete="billing postal-code"]').fill('1209');
      await cardForm.locator('input[autocomplete="cc-number"]').fill('4000 0000 0000 0002');
      await cardForm.locator('input[autocomplete="cc-exp"]').fill('12/34');
      await cardForm.locator('input[autocomplete="cc-csc"]').fill('123');
      await cardForm.locator('button[type="submit"]').click();
      await toast(page).waitFor();
      await check('checkout: a declined card', ['House 12, Road 5, Dhanmondi', 'Dhaka']);
      await cardForm.locator('input[autocomplete="cc-number"]').fill('4000 0027 6000 3184');
      await cardForm.locator('button[type="submit"]').click();
      await page.getByRole('button', { name: bn('checkout.auth.fail') }).waitFor();
      await check('checkout: the bank asks to confirm (3-D Secure)', ['House 12, Road 5, Dhanmondi', 'Dhaka']);
      await page.getByRole('button', { name: bn('checkout.auth.fail') }).click();
      await check('checkout: confirmation refused', ['House 12, Road 5, Dhanmondi', 'Dhaka']);

      // bKash through SSLCommerz: its own page (in its own language), then back to Shikhon.
      await page.locator('[data-scope="radio-group"][data-part="item"]').nth(0).click();
      await mobile.fill('০১৭১২৩৪৫৬৭৮');
      await local.locator('button[type="submit"]').click();
      await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
      await page.getByRole('form', { name: 'Nagad' }).getByRole('button', { name: 'Cancel' }).click();
      await page.waitForURL(/\?canceled=true$/);
      await page.waitForLoadState('networkidle');
      await check('back from a cancelled payment');
      await openRoute(page, `/enroll/${course.id}`);
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('input[type="tel"]')?.value));
      await local.locator('button[type="submit"]').click();
      await page.waitForURL(/\/sslcommerz-sandbox\/gateway\//);
      await page.getByRole('form', { name: 'bKash' }).getByRole('button', { name: 'Pay' }).click();
      await page.waitForURL(/\?success=true$/);
      await page.waitForLoadState('networkidle');
      await check('back from a payment that went through');
      await openRoute(page, `/enroll/${course.id}`);
      await check('checkout of a course already bought');

      await openRoute(page, '/mycourses');
      // On a phone the account's items are in the header's menu.
      await menuToggle(page, bn('header.openMenu')).click();
      const menu = page.getByRole('navigation', { name: bn('header.phoneNav') });
      await menu.waitFor();
      await check('the phone menu, signed in');
      await menu.getByRole('button', { name: bn('account.logout'), exact: true }).click();
      await page.waitForURL((url) => url.pathname === '/');
      await page.waitForLoadState('networkidle');
      await check('signed out');
    });
  });
});
