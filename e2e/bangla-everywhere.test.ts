import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { NARROW, sidewaysScrolling } from './support/narrow';
import { sql } from './support/database';
import { api, failedToLoad, openRoute, prepareTour, routesFor, signInAs, studentToken, switchLanguage, type Role, type TourData } from './support/tour';
import { menuToggle } from './support/phone';

/**
 * Latin words a Bangla page may show: brands and the names of standards, written so in Bangla too.
 * Anything else in Latin letters must come from the data (course, lesson and person names, emails).
 */
const ALLOWED = new Set([
  'Shikhon',
  'bKash',
  'Nagad',
  'Rocket',
  'SSLCommerz',
  'Stripe',
  'Visa',
  'Mastercard',
  'API',
  'URL',
  'https',
  'PDF',
  'CVC',
  'MM',
  'YY',
  'MP4',
  'CSV',
  'UTF-8',
]);
/** The partner institutions on the home page: company names, as they write them. */
const PARTNERS = ['Nirman Tech', 'Padma Soft', 'Meghna Bank', 'Sonar Telecom', 'Jamuna Books', 'Karnaphuli Labs'];
/** The question template's column names: the help names them as the downloaded file writes them. */
const TEMPLATE_COLUMNS = ['practice'];

/** Texts people and instructors wrote (names, titles, emails, questions...): shown as written, in any script. */
async function dataTexts(): Promise<string[]> {
  const columns: Record<string, string[]> = {
    user: ['name', 'email', 'eduQualification', 'contactEmail', 'phone'],
    course: ['name', 'description', 'instructor', 'instructorEmail', 'targetedPeoples', 'whyNeed', 'reviewNote'],
    lesson: ['title'],
    blog: ['title', 'author', 'description'],
    review: ['title', 'text', 'info', 'name'],
    certificate: ['course', 'number', 'instructor', 'studentName'],
    model_test: ['title', 'description'],
    question: ['text', 'explanation'],
    enrollment: ['courseName', 'email', 'transactionID'],
    inbox_message: ['email', 'subject', 'message', 'name', 'phone'],
    audit_entry: ['actorEmail', 'address', 'targetId'],
    payment: ['transactionRef', 'methodLast4'],
    api_key: ['name', 'prefix'],
    webhook_endpoint: ['url'],
    lesson_video: ['fileName'],
  };
  const found = new Set<string>();
  for (const [table, names] of Object.entries(columns)) {
    for (const name of names) {
      for (const row of await sql<{ value: string | null }>(`SELECT DISTINCT "${name}"::text AS value FROM "${table}"`)) if (row.value) found.add(row.value);
    }
  }
  for (const row of await sql<{ value: string }>('SELECT DISTINCT unnest("keyPoints") AS value FROM course')) found.add(row.value);
  // What people wrote into an action the audit log repeats (a rejected course's reason).
  for (const row of await sql<{ value: string | null }>(`SELECT DISTINCT detail->>'reason' AS value FROM audit_entry`)) if (row.value) found.add(row.value);
  for (const row of await sql<{ value: string }>(`SELECT DISTINCT jsonb_array_elements(options)->>'text' AS value FROM question`))
    if (row.value) found.add(row.value);
  // Longest first, so a name inside a longer title goes with the title.
  return [...found].filter((value) => value.trim().length > 0).sort((a, b) => b.length - a.length);
}

/** Every text the page shows or says: its text nodes, and the names given in attributes (labels, alt texts, titles, placeholders). */
function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const visible = (element: Element) => {
      const style = getComputedStyle(element);
      return style.display !== 'none' && style.visibility !== 'hidden' && (element as HTMLElement).offsetParent !== null;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) => {
        const parent = node.parentElement;
        if (!parent || parent.closest('script, style, noscript, template, [hidden], .katex')) return NodeFilter.FILTER_REJECT;
        // What is marked as another language (the switch to English, named in English) is written in it.
        if (parent.closest('[lang]')?.getAttribute('lang') !== 'bn') return NodeFilter.FILTER_REJECT;
        // Formulas (KaTeX) are written as their authors wrote them.
        return NodeFilter.FILTER_ACCEPT;
      },
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const value = node.textContent?.trim();
      if (value && (visible(node.parentElement!) || node.parentElement!.closest('[aria-live], [role="status"], [role="region"]'))) found.push(value);
    }
    for (const element of Array.from(document.querySelectorAll('[aria-label], [placeholder], [title], [alt], [aria-valuetext], [aria-roledescription]'))) {
      if (element.closest('[lang]')?.getAttribute('lang') !== 'bn') continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt', 'aria-valuetext', 'aria-roledescription']) {
        const value = element.getAttribute(name)?.trim();
        if (value) found.push(value);
      }
    }
    found.push(document.title);
    return found;
  });
}

const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Finds the data texts (and what the visitor typed) inside a shown text, as whole words. */
function dataMatcher(data: string[]) {
  const patterns = data.map((value) => new RegExp(`(?<![A-Za-z0-9])${escape(value)}(?![A-Za-z0-9])`, 'g'));
  return (text: string) => {
    let rest = text;
    // A long text cut short ("Complete Web Develop...") is the start of a data text.
    const cut = /^(.+?)(?:\.\.\.|…)$/s.exec(rest);
    if (cut && data.some((value) => value.startsWith(cut[1].trim()))) return '';
    // A piece of a data text: a search result's description split around the words found.
    if (rest.length >= 8 && data.some((value) => value.includes(rest))) return '';
    data.forEach((value, i) => {
      if (rest.includes(value)) rest = rest.replace(patterns[i], ' ');
    });
    return rest;
  };
}

/** The Latin words (and Latin digits) of `shown` that are neither allowed nor part of a data text. */
function latinLeft(shown: string[], withoutData: (text: string) => string): string[] {
  const left = new Set<string>();
  for (const text of shown) {
    for (const word of withoutData(text).match(/[A-Za-z](?:[A-Za-z0-9'’-]*[A-Za-z0-9])?|[0-9]+/g) ?? []) {
      // A single letter is a label (a, b, c), a unit (p in 240p) or a variable in a formula, not a word.
      if (/^[A-Za-z]$/.test(word) || ALLOWED.has(word)) continue;
      left.add(`"${word}" in "${text.slice(0, 80)}"`);
    }
  }
  return [...left];
}

let browser: Browser;
let data: TourData;
// A student whose name and address are longer than the screen is wide (see prepareTour).
const studentEmail = newEmail('mohammad.abdullah.al.mamun.chowdhury.bhuiyan.class9');
before(async () => {
  browser = await launchBrowser();
  data = await prepareTour(browser, studentEmail);
});
after(() => browser.close());

/**
 * One tour of every page on a 360 px phone for each role, in English and then in Bangla (Bangla words
 * are longer, English ones sometimes are): in both, nothing wider than the screen; in Bangla, nothing
 * shown or named in English.
 */
describe('every page on a 360 px phone, in English and in Bangla', () => {
  for (const role of ['visitor', 'student', 'instructor', 'admin'] as Role[]) {
    const who = role === 'visitor' ? 'signed out' : `as ${role === 'student' ? 'a' : 'an'} ${role}`;
    describe(who, () => {
      const english: string[] = [];
      const tooWide: Record<'en' | 'bn', string[]> = { en: [], bn: [] };
      before(async () => {
        const visit = await openPage(browser, NARROW);
        const { page } = visit;
        await signInAs(page, role, studentEmail);
        const shown = [...PARTNERS, ...TEMPLATE_COLUMNS, ...(await dataTexts())];
        // A name as public lists show it by default: its first part and the last part's initial ("Mohammad B.").
        const shortNames = shown.flatMap((text) => {
          const parts = text.trim().split(/\s+/);
          return parts.length > 1 && /^[A-Za-z]/.test(parts[0]) ? [`${parts[0]} ${parts.at(-1)!.charAt(0)}.`] : [];
        });
        const texts = [...shown, ...shortNames];
        for (const language of ['en', 'bn'] as const) {
          // Whatever language the account was left in, this tour's.
          await switchLanguage(page, language);
          for (const path of routesFor(role, data)) {
            await openRoute(page, path);
            if (await failedToLoad(page)) {
              tooWide[language].push(`${path}: its data could not be loaded`);
              if (language === 'bn') english.push(`${path}: its data could not be loaded`);
            }
            assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${path} is in the chosen language`);
            for (const problem of await sidewaysScrolling(page)) tooWide[language].push(`${path}: ${problem}`);
            if (language === 'en') continue;
            // What the visitor typed (a search, a certificate's number) is shown as typed.
            const address = new URL(path, 'http://localhost');
            const typed = [address.searchParams.get('q'), /^\/certificate\/(.+)$/.exec(address.pathname)?.[1]].filter((value): value is string =>
              Boolean(value),
            );
            const withoutData = dataMatcher([...typed, ...texts]);
            for (const word of latinLeft(await shownTexts(page), withoutData)) english.push(`${path}: ${word}`);
          }
        }
        // Back to English, so the account speaks it again for whoever signs in next.
        await switchLanguage(page, 'en');
        await visit.close();
      });

      it(`fits the screen's width in English, ${who}`, () => {
        assert.deepEqual(tooWide.en, [], 'pages that scroll sideways');
      });

      it(`shows and names nothing in English, ${who}`, () => {
        assert.deepEqual(english, [], `Latin words on Bangla pages:\n${english.join('\n')}`);
      });

      it(`fits the screen's width in Bangla, ${who}`, () => {
        assert.deepEqual(tooWide.bn, [], 'pages that scroll sideways');
      });
    });
  }
});

/** Adds to `found` the Latin words the page shows at this moment (a dialog open, a toast, an error), labelled with `state`. */
async function checkNow(page: Page, state: string, found: string[], typed: string[] = []): Promise<void> {
  // Whatever just appeared (a dialog opening, a toast sliding in) has settled.
  await page.waitForTimeout(300);
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'bn', `${state}: the page is in Bangla`);
  const withoutData = dataMatcher([...typed, ...PARTNERS, ...TEMPLATE_COLUMNS, ...(await dataTexts())]);
  for (const word of latinLeft(await shownTexts(page), withoutData)) found.push(`${state}: ${word}`);
}

/** A Bangla page, signed in as `role`, on a 360 px phone; `act` walks through the states and calls `check` at each. */
async function inBangla(role: Role, act: (page: Page, check: (state: string, typed?: string[]) => Promise<void>) => Promise<void>) {
  const visit = await openPage(browser, { width: 360, height: 740 });
  const { page } = visit;
  await signInAs(page, role, studentEmail);
  await switchLanguage(page, 'bn');
  const found: string[] = [];
  try {
    await act(page, (state, typed = []) => checkNow(page, state, found, typed));
  } finally {
    if (role !== 'visitor' && (await page.evaluate(() => document.documentElement.lang)) === 'bn') await switchLanguage(page, 'en').catch(() => undefined);
    await visit.close();
  }
  assert.deepEqual(found, [], `Latin words on Bangla screens:\n${found.join('\n')}`);
}

const bn = (key: string) => text(bangla, key);
const dialog = (page: Page) => page.locator('[role="dialog"], [role="alertdialog"]').filter({ visible: true }).first();
const toast = (page: Page) => page.locator('[data-scope="toast"][data-part="root"]').first();

describe('dialogs, toasts, errors and later steps in Bangla', () => {
  it('signed out: the introduction, the phone menu, a failed login, forms sent empty', async () => {
    await inBangla('visitor', async (page, check) => {
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

  it('as a student: checkout by bKash and by card, its errors, the payment’s return pages, the account menu and signing out', async () => {
    const [course] = await sql<{ id: string }>(
      `SELECT id FROM course WHERE published AND price > 0 AND "priceBDT" > 0 AND "instructorEmail" <> 'instructor@shikhon.test' ORDER BY name LIMIT 1`,
    );
    await inBangla('student', async (page, check) => {
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

  it('as an admin: the refund dialog and the account confirmations', async () => {
    // A paid enrollment to refund, paid by card through the API.
    const [paid] = await sql<{ id: string }>(
      `SELECT id FROM course WHERE published AND price > 0 AND "instructorEmail" <> 'instructor@shikhon.test' ORDER BY name OFFSET 3 LIMIT 1`,
    );
    await api(
      `mutation ($id: ID!) { purchaseCourse(input: { courseId: $id, provider: STRIPE, paymentMethod: "pm_card_visa" }) { status } }`,
      { id: paid.id },
      await studentToken(studentEmail),
    );
    await inBangla('admin', async (page, check) => {
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

  it('as an instructor: deleting a course asked first, and a course saved without its facts', async () => {
    await inBangla('instructor', async (page, check) => {
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
