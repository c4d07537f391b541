import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, english, expectBanglaOnly, text } from './support/catalogues';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

/** What every page has: the header and the footer. */
const SHELL = ['header.', 'footer.', 'common.', 'account.menuFor', 'account.profile', 'account.learning'];
const bn = (key: string) => text(bangla, key);

describe('the product in Bangla', () => {
  it('shows home, sign-up, a course, checkout, My Courses and the player without English texts', async () => {
    const visit = await openPage(browser);
    const { page } = visit;

    await page.goto('/?lang=bn');
    await expectBanglaOnly(page, [...SHELL, 'home.', 'courseCard.'], ['home.hero.title', 'header.login', 'footer.about']);

    // Sign-up with its Bangla labels.
    await page.goto('/signUp');
    await expectBanglaOnly(page, [...SHELL, 'signUp.', 'login.', 'account.field.', 'account.role.'], ['signUp.title', 'signUp.button', 'account.field.date']);
    await page.getByLabel(bn('account.field.name'), { exact: true }).fill('বাংলা শিক্ষার্থী');
    await page.getByLabel(bn('account.field.email'), { exact: true }).fill(newEmail('bangla'));
    await page.getByLabel(bn('account.field.password'), { exact: true }).fill('a good password');
    await page.getByLabel(bn('account.field.phone'), { exact: true }).fill('+880 1712-345678');
    await page.getByLabel(bn('account.field.date'), { exact: true }).fill('2006-04-12');
    await page.locator('main').getByRole('checkbox').check();
    await page.getByRole('button', { name: bn('signUp.button'), exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/');

    // A paid course's page: its header and footer, and the course page's own texts as far as the catalogue has them.
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL');
    const preview = page
      .getByTestId('course-card')
      .first()
      .getByRole('link', { name: bn('courseCard.preview') });
    const coursePath = (await preview.getAttribute('href'))!;
    const courseId = /\/course\/([0-9a-f-]{36})/.exec(coursePath)![1];
    await page.goto(`/course/${courseId}`);
    await expectBanglaOnly(page, SHELL, ['footer.about'], 'header, footer');
    await expectBanglaOnly(page, ['course.'], []);

    // Checkout: local payment first, then the card form, every label in Bangla.
    await page.goto(`/enroll/${courseId}`);
    await expectBanglaOnly(
      page,
      [...SHELL, 'checkout.', 'payment.'],
      ['checkout.summary.title', 'checkout.summary.total', 'checkout.local.title', 'checkout.local.phone'],
    );
    await page.getByRole('radio', { name: /^বিকাশ \/ নগদ \/ রকেট \/ কার্ড \(SSLCommerz\) — ৳[০-৯,]+$/ }).waitFor();
    await page.getByText(/^আন্তর্জাতিক কার্ড \(Stripe\) — \$[০-৯.]+$/).click();
    await expectBanglaOnly(page, [...SHELL, 'checkout.', 'payment.'], ['checkout.card.title', 'checkout.card.testTitle', 'checkout.sameShipping']);
    await page.getByLabel(bn('checkout.address.billing.line1'), { exact: true }).fill('বাড়ি ১২, রোড ৫, ধানমন্ডি');
    await page.getByLabel(bn('checkout.address.billing.city'), { exact: true }).fill('ঢাকা');
    await page.getByLabel(bn('checkout.address.billing.postalCode'), { exact: true }).fill('1209');
    await page.getByLabel(bn('checkout.card.number'), { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel(bn('checkout.card.expiry'), { exact: true }).fill('12/34');
    await page.getByLabel('CVC', { exact: true }).fill('123');
    await page.getByRole('button', { name: /^এখনই পেমেন্ট করুন \$[০-৯.]+$/ }).click();
    await page.waitForURL('**/mycourses');
    await page.getByText(bn('payment.done'), { exact: true }).waitFor();

    // My Courses and the player.
    await expectBanglaOnly(page, [...SHELL, 'learning.', 'courseCard.'], ['learning.title', 'learning.recommended']);
    const progress = page.getByTestId('enrollment-progress').first();
    assert.match((await progress.textContent())!, /^[০-৯]+টি পাঠের মধ্যে ০টি শেষ$/);
    await page
      .getByRole('link', { name: bn('learning.start') })
      .first()
      .click();
    await page.waitForURL(/\/myCourseplay\//i);
    await expectBanglaOnly(page, [...SHELL, 'player.'], ['player.yourProgress', 'player.next', 'player.previous', 'player.completed']);
    assert.match((await page.getByTestId('progress-text').textContent())!, /^[০-৯]+টি পাঠের মধ্যে ০টি শেষ · ০%$/);
    assert.equal(await page.getByPlaceholder(bn('player.searchLessons')).count(), 1);
    visit.assertNoErrors();
    await visit.close();
  });

  it('switches to Bangla and back to English in place, and keeps the choice', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    const englishTitle = english['login.title'];
    await page.getByRole('heading', { name: englishTitle, exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');

    await page.getByTestId('language-switch').first().click();
    await page.getByRole('heading', { name: bn('login.title'), exact: true }).waitFor();
    await page.getByLabel(bn('account.field.password'), { exact: true }).waitFor();
    await expectBanglaOnly(page, [...SHELL, 'login.', 'account.field.'], ['login.forgotPassword', 'login.createAccount']);

    await page.reload();
    await page.getByRole('button', { name: bn('login.button'), exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn', 'the choice outlives a reload');

    await page.getByTestId('language-switch').first().click();
    await page.getByRole('button', { name: english['login.button'], exact: true }).waitFor();
    await page.getByText(english['login.forgotPassword'], { exact: true }).waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
    assert.equal(await page.getByText(bn('login.createAccount'), { exact: true }).count(), 0);
    visit.assertNoErrors();
    await visit.close();
  });
});
