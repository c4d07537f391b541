import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser } from './support/browser';
import { openPhone } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('course pictures', () => {
  it("a picture that fails to load, even before the scripts run, gives way to its category's placeholder", async () => {
    const visit = await openPhone(browser);
    const { page } = visit;
    // The first course the catalogue's first page shows.
    const answer = await fetch(`${process.env.E2E_BASE_URL}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ courses(offset: 0, limit: 20) { items { name photoURL } } }' }),
    });
    const shown = ((await answer.json()) as { data: { courses: { items: Array<{ photoURL: string | null; name: string }> } } }).data.courses.items;
    const gone = shown[0] as { photoURL: string; name: string };
    // A picture further down, of its own (other tests add courses without one, or with the same one).
    const kept = [...shown].reverse().find((course) => course.photoURL && course.photoURL !== gone.photoURL)!;
    await page.route(`**${gone.photoURL}`, (route) => route.fulfill({ status: 404, body: 'gone' }));
    await page.goto('/allCourses');
    const card = page.getByTestId('course-card').filter({ has: page.getByRole('heading', { name: gone.name, exact: true }) });
    const picture = card.getByRole('img', { name: gone.name });
    await page.waitForFunction((name) => {
      const img = Array.from(document.querySelectorAll('img')).find((el) => el.alt === name);
      return img?.getAttribute('src')?.includes('/placeholder-') && img.complete && img.naturalWidth > 0;
    }, gone.name);
    assert.match((await picture.getAttribute('src'))!, /\/media\/courses\/placeholder-(school|professional)\.svg$/);
    // The other pictures, loaded lazily as they scroll into view, keep their own.
    const other = page
      .getByTestId('course-card')
      .filter({ has: page.getByRole('heading', { name: kept.name, exact: true }) })
      .getByRole('img');
    await other.scrollIntoViewIfNeeded();
    await page.waitForFunction((name) => {
      const img = Array.from(document.querySelectorAll('img')).find((el) => el.alt === name);
      return img?.complete === true && img.naturalWidth > 0;
    }, kept.name);
    assert.equal(await other.getAttribute('src'), kept.photoURL);
    await visit.close();
  });
});
