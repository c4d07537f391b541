import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { enrollInFreeCourse, writeReview } from './support/reviews';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Pages of one kind (every course page, every page of the catalogue, a page in either language) are visited once. */
const kindOf = (url: URL) =>
  `${url.pathname.replace(UUID, ':id').toLowerCase()}?${[...url.searchParams.keys()]
    .filter((key) => key !== 'lang')
    .sort()
    .join('&')}`;
/** Files, not pages: pictures, videos and the API. */
const isPage = (url: URL) => url.origin === new URL(baseUrl).origin && !/^\/(media|assets|api|graphql)\b/.test(url.pathname) && !/\.\w+$/.test(url.pathname);

/** Follows every link of the product from the home page; answers each page that showed not-found, with the page linking to it. */
async function crawl(page: Page, limit = 70): Promise<{ broken: string[]; visited: number }> {
  const queue: Array<{ url: string; from: string }> = [{ url: `${baseUrl}/`, from: '(start)' }];
  const seen = new Set<string>([kindOf(new URL(`${baseUrl}/`))]);
  const broken: string[] = [];
  let visited = 0;
  while (queue.length > 0 && visited < limit) {
    const { url, from } = queue.shift()!;
    visited += 1;
    await page.goto(url);
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    if ((await page.getByAltText('Page not found. Go back home').count()) > 0) broken.push(`${url} (linked from ${from})`);
    const hrefs = await page.$$eval('a[href]', (links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const next = new URL(href);
      next.hash = '';
      if (!isPage(next) || seen.has(kindOf(next))) continue;
      seen.add(kindOf(next));
      queue.push({ url: next.href, from: url });
    }
  }
  assert.equal(queue.length, 0, `more than ${limit} kinds of page: ${queue.map((q) => q.url).join(', ')}`);
  return { broken, visited };
}

describe('links', () => {
  it('no link a visitor can follow leads to the not-found page', async () => {
    const visit = await openPage(browser);
    const { broken, visited } = await crawl(visit.page);
    assert.deepEqual(broken, []);
    assert.ok(visited > 15, `only ${visited} pages were found`);
    await visit.close();
  });

  it('no link an admin can follow leads to the not-found page', async () => {
    const visit = await openPage(browser);
    await visit.page.goto('/login');
    await logIn(visit.page, 'admin@shikhon.test', 'Admin123!');
    await visit.page.waitForURL((url) => url.pathname === '/');
    const { broken } = await crawl(visit.page);
    assert.deepEqual(broken, []);
    await visit.close();
  });

  it("the footer's Career, Support and Success Story are real pages", async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const happy = `Happy Learner ${Date.now()}`;
    const unhappy = `Unhappy Learner ${Date.now()}`;
    for (const [name, stars] of [
      [happy, 5],
      [unhappy, 2],
    ] as const) {
      await visit.context.clearCookies();
      await signUp(page, { name, email: newEmail('story'), password: 'a good password' });
      await page.getByRole('button', { name: /Account menu/ }).waitFor();
      await writeReview(page, await enrollInFreeCourse(page, 2), stars, `${name} says: ${stars} stars.`);
    }
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support', level: 1 }).waitFor();
    await page.getByRole('link', { name: '+880 9612-345678' }).waitFor();
    await page.getByRole('form', { name: 'Contact form' }).waitFor();
    await page.goto('/career');
    await page.getByRole('heading', { name: 'Career', level: 1 }).waitFor();
    await page.goto('/success-story');
    await page.getByRole('heading', { name: 'Success Story', level: 1 }).waitFor();
    await page
      .getByTestId('review-card')
      .filter({ hasText: `${happy} says: 5 stars.` })
      .waitFor();
    assert.equal(await page.getByTestId('review-card').filter({ hasText: unhappy }).count(), 0, 'a low rating is no success story');
    assert.equal(await page.getByTestId('review-card').filter({ hasText: 'Best trainers for training' }).count(), 0, 'only real reviews');
    visit.assertNoErrors();
    await visit.close();
  });
});
