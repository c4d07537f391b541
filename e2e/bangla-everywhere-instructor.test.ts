import { describe, it } from 'node:test';
import { openRoute } from './support/tour';
import { bn, dialog, inBangla, tourEveryPage, useTour } from './support/bangla-tour';

// instructor: every page on a 360 px phone in English and in Bangla, and its Bangla dialogs, toasts and errors
// (support/bangla-tour.ts).
const tour = useTour();

describe('every page on a 360 px phone, in English and in Bangla', () => tourEveryPage(tour, 'instructor'));

describe('dialogs, toasts, errors and later steps in Bangla', () => {
  it('as an instructor: deleting a course asked first, and a course saved without its facts', async () => {
    await inBangla(tour, 'instructor', async (page, check) => {
      await openRoute(page, '/instructor-dashboard');
      await page
        .getByRole('button', { name: bn('instructor.delete'), exact: true })
        .first()
        .click();
      await dialog(page).waitFor();
      await check('my courses: delete a course?');
      await page.keyboard.press('Escape');
      await dialog(page).waitFor({ state: 'detached' });

      await openRoute(page, '/instructor-dashboard/upload-course');
      await page.locator('main form button[type="submit"]').first().click();
      await check('new course: saved empty');
    });
  });
});
