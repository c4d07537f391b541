import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { failedToLoad, openRoute, prepareTour, routesFor, signInAs, switchLanguage, type Role, type TourData } from './support/tour';

/** A small phone held upright: the narrowest screen the site is made for. */
const NARROW = { width: 360, height: 740 };

let browser: Browser;
let data: TourData;
const studentEmail = newEmail('mohammad.abdullah.al.mamun.chowdhury.bhuiyan.class9');
before(async () => {
  browser = await launchBrowser();
  data = await prepareTour(browser, studentEmail);
});
after(() => browser.close());

/**
 * What needs sideways scrolling on the page: the document when wider than the screen (with the
 * elements that stick out on the right), and any box of the page that scrolls sideways itself,
 * such as a table in a scrolling frame.
 */
function sidewaysScrolling(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const describe = (element: Element) => {
      const id = element.getAttribute('data-testid');
      return `${element.tagName.toLowerCase()}${id ? `[${id}]` : ''} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const found: string[] = [];
    const screen = window.innerWidth;
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const all = Array.from(document.body.querySelectorAll('*'));
    if (width > screen) {
      const out = all.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > screen + 0.5;
      });
      // The deepest ones: their parents stick out because they do.
      const deepest = out.filter((element) => !out.some((other) => other !== element && element.contains(other)));
      found.push(
        `the page is ${width} px wide: ${deepest
          .slice(0, 4)
          .map((element) => `${describe(element)} ends at ${Math.round(element.getBoundingClientRect().right)}`)
          .join('; ')}`,
      );
    }
    for (const element of all) {
      const style = getComputedStyle(element);
      if (!['auto', 'scroll'].includes(style.overflowX) || element.scrollWidth <= element.clientWidth + 1) continue;
      if (element.closest('[role="dialog"], [data-scope="menu"], [data-scope="toast"]')) continue;
      found.push(`${describe(element)} scrolls sideways (${element.scrollWidth} px in ${element.clientWidth} px)`);
    }
    // Every control is within reach: none is cut by the screen's right edge.
    for (const control of Array.from(document.body.querySelectorAll('a, button, input, select, textarea'))) {
      const box = control.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.left >= screen || box.right <= screen + 1) continue;
      found.push(`${describe(control)} is cut at the screen's edge (${Math.round(box.left)} to ${Math.round(box.right)} px)`);
    }
    return found;
  });
}

describe('every page on a 360 px phone', () => {
  // Bangla words are longer than English ones: every page is checked in both languages.
  for (const language of ['en', 'bn'] as const) {
    for (const role of ['visitor', 'student', 'instructor', 'admin'] as Role[]) {
      const who = role === 'visitor' ? 'signed out' : `as ${role === 'student' ? 'a' : 'an'} ${role}`;
      it(`fits the screen's width in ${language === 'en' ? 'English' : 'Bangla'}, ${who}`, async () => {
        const visit = await openPage(browser, NARROW);
        const { page } = visit;
        await signInAs(page, role, studentEmail);
        // Whatever language the account was left in, this run's.
        await switchLanguage(page, language);
        const tooWide: string[] = [];
        for (const path of routesFor(role, data)) {
          await openRoute(page, path);
          if (await failedToLoad(page)) tooWide.push(`${path}: its data could not be loaded`);
          assert.equal(await page.evaluate(() => document.documentElement.lang), language, `${path} is in the chosen language`);
          for (const problem of await sidewaysScrolling(page)) tooWide.push(`${path}: ${problem}`);
        }
        // Back to English, so the account speaks it again for whoever signs in next.
        if (language === 'bn') await switchLanguage(page, 'en');
        assert.deepEqual(tooWide, [], 'pages that scroll sideways');
        await visit.close();
      });
    }
  }
});
