import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { baseUrl } from './browser';
import { bangla, english, text } from './catalogues';
import { PHONE } from './phone';

export type Language = 'en' | 'bn';

/** What a visitor reads in the header and on the pages these tests visit, in one language. */
export function words(language: Language) {
  const catalogue = language === 'bn' ? bangla : english;
  const say = (key: string) => text(catalogue, key);
  return {
    language,
    other: language === 'bn' ? ('en' as const) : ('bn' as const),
    /** The language switch: the other language's name in that language. */
    otherName: language === 'bn' ? 'English' : 'বাংলা',
    openMenu: say('header.openMenu'),
    closeMenu: say('header.closeMenu'),
    phoneNav: say('header.phoneNav'),
    courses: say('header.courses'),
    support: say('header.support'),
    login: say('header.login'),
    registration: say('header.registration'),
    searchPlaceholder: say('header.searchPlaceholder'),
    search: say('header.search'),
    catalogueTitle: say('catalog.title'),
    supportTitle: say('info.support.title'),
    loginTitle: say('login.title'),
    signUpTitle: say('signUp.title'),
    cardEnroll: say('courseCard.enroll'),
    courseEnroll: say('course.enroll'),
    checkoutTitle: say('checkout.title'),
    /** The search page's heading for `q`. */
    resultsFor: (q: string) => (catalogue['search.resultsFor'] ?? '').replace('{text}', q),
  };
}

/** Whether the page came drawn by the server (a render the server gave up on comes as the plain page, drawn by scripts). */
export const isServerDrawn = (page: Page) => page.evaluate(() => Boolean(document.querySelector('#root > *')));

/**
 * Opens `path` as the server draws it. A render that takes longer than the server allows (a busy
 * machine) gets the plain page instead, which shows nothing without scripts; asked again, it comes drawn.
 */
export async function gotoDrawn(page: Page, path: string, options: { waitUntil?: 'commit' | 'domcontentloaded' | 'load' } = {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    await page.goto(path, { waitUntil: options.waitUntil ?? 'load' });
    await page.waitForSelector('#root', { state: 'attached' });
    if (await isServerDrawn(page)) return;
    assert.ok(attempt < 10, `${path} never came drawn by the server`);
  }
}

/** After following a link: the page it led to, drawn by the server (asked again if it came plain). */
export async function ensureDrawn(page: Page): Promise<void> {
  if (await isServerDrawn(page)) return;
  const { pathname, search } = new URL(page.url());
  await gotoDrawn(page, `${pathname}${search}`);
}

/** A phone (390 px) that runs no JavaScript, reading `language`: a Bangla reader chose it once with `?lang=bn`. */
export async function phoneWithoutScripts(browser: Browser, language: Language): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: PHONE, baseURL: baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  if (language === 'bn') await gotoDrawn(page, '/?lang=bn');
  return { context, page };
}

export interface HeldScripts {
  page: Page;
  context: BrowserContext;
  /** Lets the held script files through (and any asked for later). */
  release(): void;
  /** Whether the scripts have taken the page over. */
  interactive(): Promise<boolean>;
  /** Fails the test when the page logged an error or threw. */
  assertNoErrors(): void;
}

/**
 * A phone whose JavaScript files are held back, as on a slow network where the page's HTML has
 * long been on screen before its scripts arrive; `release()` lets them through.
 */
export async function phoneWithHeldScripts(browser: Browser): Promise<HeldScripts> {
  const context = await browser.newContext({ viewport: PHONE, baseURL: baseUrl, locale: 'en-US' });
  const page = await context.newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.startsWith('/assets/') && url.pathname.endsWith('.js'),
    async (route) => {
      await released;
      await route.continue();
    },
  );
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  return {
    page,
    context,
    release,
    interactive: () => page.evaluate(() => 'interactive' in document.documentElement.dataset),
    assertNoErrors: () => assert.deepEqual(errors, []),
  };
}
