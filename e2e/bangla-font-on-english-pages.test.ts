import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

describe('Bangla letters on English pages', () => {
  it('draws the header’s "বাংলা" and the taka sign with the site’s own small Bangla font, whatever fonts the phone has', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    const fontFiles: Array<{ url: string; bytes: number }> = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.woff2')) void response.body().then((body) => fontFiles.push({ url: response.url(), bytes: body.length }));
    });
    await page.goto('/allCourses?section=PROFESSIONAL_SKILL&lang=en');
    await page
      .getByText(/৳[0-9]/)
      .first()
      .waitFor();
    await page.evaluate(() => document.fonts.ready);
    const faces = await page.evaluate(() => {
      const loaded: string[] = [];
      document.fonts.forEach((face) => {
        if (face.status === 'loaded') loaded.push(face.family.replace(/["']/g, ''));
      });
      return loaded;
    });
    assert.ok(faces.includes('Shikhon Bangla Mini'), `loaded faces: ${faces.join(', ')}`);
    assert.ok(faces.includes('Shikhon Taka'), `loaded faces: ${faces.join(', ')}`);
    assert.ok(!faces.includes('Shikhon Bangla'), 'an English page does not download the whole Bangla font');
    assert.ok(
      fontFiles.every((file) => file.bytes < 4096 && file.url.startsWith(new URL(page.url()).origin)),
      `fonts downloaded: ${JSON.stringify(fontFiles)}`,
    );
    const switchFont = await page
      .getByTestId('language-switch')
      .first()
      .evaluate((element) => getComputedStyle(element).fontFamily);
    assert.match(switchFont, /^'?"?Shikhon Bangla Mini/);
    visit.assertNoErrors();
    await visit.close();
  });
});

describe('a page for a record that does not exist', () => {
  it('answers 404, server-rendered, and says so in words', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const path of [`/course/${unknown}`, `/details/${unknown}`, `/blog/${unknown}`]) {
      const response = await fetch(new URL(path, process.env.E2E_BASE_URL), { headers: { accept: 'text/html' } });
      assert.equal(response.status, 404, path);
    }
    const known = await fetch(new URL('/api/courses?limit=1', process.env.E2E_BASE_URL));
    const [course] = (await known.json()) as Array<{ id: string }>;
    assert.equal((await fetch(new URL(`/course/${course.id}`, process.env.E2E_BASE_URL), { headers: { accept: 'text/html' } })).status, 200);

    const visit = await openPage(browser);
    const response = await visit.page.goto(`/course/${unknown}?lang=en`);
    assert.equal(response?.status(), 404);
    await visit.page.getByRole('heading', { level: 1 }).first().waitFor();
    await visit.close();
  });
});
