import { describe, it } from 'node:test';
import { sql } from './support/database';
import { api, openRoute, studentToken } from './support/tour';
import { bn, dialog, inBangla, tourEveryPage, useTour } from './support/bangla-tour';

// admin: every page on a 360 px phone in English and in Bangla, and its Bangla dialogs, toasts and errors
// (support/bangla-tour.ts).
const tour = useTour();

describe('every page on a 360 px phone, in English and in Bangla', () => tourEveryPage(tour, 'admin'));

describe('dialogs, toasts, errors and later steps in Bangla', () => {
  it('as an admin: the refund dialog and the account confirmations', async () => {
    // A paid enrollment to refund, paid by card through the API.
    const [paid] = await sql<{ id: string }>(
      `SELECT id FROM course WHERE published AND price > 0 AND "instructorEmail" <> 'instructor@shikhon.test' ORDER BY name OFFSET 3 LIMIT 1`,
    );
    await api(
      `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, provider: STRIPE, paymentMethod: "pm_card_visa" }) { status } }`,
      { id: paid.id },
      await studentToken(tour.studentEmail),
    );
    await inBangla(tour, 'admin', async (page, check) => {
      await openRoute(page, '/admin-dashboard/payments');
      await page
        .getByRole('button', { name: bn('admin.payments.refund'), exact: true })
        .first()
        .click();
      await dialog(page).waitFor();
      await check('payments: the refund dialog');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      await openRoute(page, '/admin-dashboard/all-Student');
      const row = page.getByTestId('user-row').first();
      await row.getByRole('button', { name: bn('admin.users.makeAdmin'), exact: true }).click();
      await dialog(page).waitFor();
      await check('users: make an admin?');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });
      await row.getByRole('button', { name: bn('admin.users.closeAccount'), exact: true }).click();
      await dialog(page).waitFor();
      await check('users: close an account?');
      await page.keyboard.press('Escape');
    });
  });
});
