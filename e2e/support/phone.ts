import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { openPage, type Visit } from './browser';

/** A phone-sized window: 390 px wide, as a common phone held upright. */
export const PHONE = { width: 390, height: 844 };

/** A phone's window; `offline: true` lets the site's service worker in (tests of working offline). */
export function openPhone(browser: Browser, options: { offline?: boolean } = {}): Promise<Visit> {
  return openPage(browser, PHONE, options);
}

/**
 * The header's ☰ toggle on a phone: the <summary> of a <details> element, so it opens and closes
 * the menu with no script. Once the scripts run it is named "Open menu" or "Close menu" (`name`).
 */
export function menuToggle(page: Page, name?: string) {
  const toggle = page.locator('header details > summary');
  return name ? toggle.and(page.getByLabel(name, { exact: true })) : toggle;
}

/** Opens the header's ☰ menu on a phone; answers the menu. */
export async function openPhoneMenu(page: Page, { toggle = 'Open menu', menu: name = 'Mobile' } = {}) {
  await menuToggle(page, toggle).click();
  const menu = page.getByRole('navigation', { name });
  await menu.waitFor();
  return menu;
}

/** Taps `name` in the phone menu, after checking it is a row at least 44 px tall. */
export async function tapInPhoneMenu(page: Page, name: string) {
  const menu = await openPhoneMenu(page);
  const item = menu.getByRole('link', { name, exact: true }).or(menu.getByRole('button', { name, exact: true }));
  const box = (await item.boundingBox())!;
  assert.ok(box.height >= 44, `${name} is ${box.height} px tall`);
  await item.click();
}

/** Fails when the page is wider than the phone: nothing should need sideways scrolling. */
export async function assertNoSidewaysScroll(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(width <= PHONE.width, `the page is ${width} px wide`);
}

/**
 * Waits until the phone's cache holds the page at `address`. Polled from here: `waitForFunction`
 * takes a promise its predicate returns as a true answer, and would not wait at all.
 */
export async function untilKept(page: Page, address: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await page.evaluate(async (asked) => Boolean(await caches.match(asked, { ignoreVary: true })), address))) {
    if (Date.now() > deadline) throw new Error(`${address} was not kept on the phone within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
