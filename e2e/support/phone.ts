import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { openPage, type Visit } from './browser';

/** A phone-sized window: 390 px wide, as a common phone held upright. */
export const PHONE = { width: 390, height: 844 };

export function openPhone(browser: Browser): Promise<Visit> {
  return openPage(browser, PHONE);
}

/** Opens the header's ☰ menu on a phone; answers the menu. */
export async function openPhoneMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
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
