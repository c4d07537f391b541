import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { newEmail } from './support/accounts';
import { launchBrowser, openPage } from './support/browser';
import { NARROW, sidewaysScrolling } from './support/narrow';
import { failedToLoad, openRoute, prepareTour, routesFor, signInAs, switchLanguage, type Role, type TourData } from './support/tour';

let browser: Browser;
let data: TourData;
// A student whose name and address are longer than the screen is wide (see prepareTour).
const studentEmail = newEmail('mohammad.abdullah.al.mamun.chowdhury.bhuiyan.class9');
before(async () => {
  browser = await launchBrowser();
  data = await prepareTour(browser, studentEmail);
});
after(() => browser.close());

// Bangla words are longer than English ones: every page is checked in both languages. The Bangla
// pages are checked in e2e/bangla-everywhere.test.ts, on its tour of every page in Bangla at 360 px.
describe('every page on a 360 px phone', () => {
  for (const role of ['visitor', 'student', 'instructor', 'admin'] as Role[]) {
    const who = role === 'visitor' ? 'signed out' : `as ${role === 'student' ? 'a' : 'an'} ${role}`;
    it(`fits the screen's width in English, ${who}`, async () => {
      const visit = await openPage(browser, NARROW);
      const { page } = visit;
      await signInAs(page, role, studentEmail);
      // Whatever language the account was left in, this run's.
      await switchLanguage(page, 'en');
      const tooWide: string[] = [];
      for (const path of routesFor(role, data)) {
        await openRoute(page, path);
        if (await failedToLoad(page)) tooWide.push(`${path}: its data could not be loaded`);
        assert.equal(await page.evaluate(() => document.documentElement.lang), 'en', `${path} is in the chosen language`);
        for (const problem of await sidewaysScrolling(page)) tooWide.push(`${path}: ${problem}`);
      }
      assert.deepEqual(tooWide, [], 'pages that scroll sideways');
      await visit.close();
    });
  }
});
