import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { baseUrl, expectText, firstCourseId, launchBrowser, openPage } from './support/browser';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

async function courseName(id: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/courses/${id}`);
  return ((await res.json()) as { name: string }).name;
}

describe('pages sent with their content', () => {
  it('sends a course page as HTML with the course and its data, and no inline script to run', async () => {
    const id = await firstCourseId();
    const res = await fetch(`${baseUrl}/course/${id}`, { headers: { accept: 'text/html' } });
    const html = await res.text();
    assert.equal(res.status, 200);
    assert.match(html, new RegExp(`<h1[^>]*>${(await courseName(id)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}</h1>`));
    // The page's answers, by operation and variables: the browser draws the page from them again.
    const state = html.match(/<script type="application\/json" id="server-state">(.*?)<\/script>/s)?.[1];
    const answers = JSON.parse(state ?? '{}') as Record<string, { course?: { id: string } }>;
    assert.equal(answers[`CoursePage:${JSON.stringify({ id })}`]?.course?.id, id);
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    assert.deepEqual(
      scripts.filter((tag) => !/\bsrc="/.test(tag) && !/type="application\/json"/.test(tag)),
      [],
      'every script that runs comes from a file (the content security policy allows no inline ones)',
    );
  });

  it('shows the catalogue and the home page to a browser that runs no scripts, with working links', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await expectText(page, 'Studying Online is now much easier');
    await page.getByRole('region', { name: 'Trending Courses' }).getByTestId('course-card').first().waitFor();

    await page.goto('/allCourses');
    await page.getByRole('heading', { level: 1, name: 'All Courses' }).waitFor();
    const card = page.getByTestId('course-card').first();
    const name = (await card.getByRole('heading').textContent())!.trim();
    assert.ok((await page.getByTestId('course-card').count()) > 4);
    await card.getByRole('link').first().click();
    // The first link is Preview, which asks for the course's first free preview lesson.
    await page.waitForURL(/\/course\/[0-9a-f-]{36}(\?preview=first)?$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    await context.close();
  });

  it("draws the home page and a course's page in the theme's colours from their HTML alone: white on blue buttons, blue links", async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const colours = (name: string) =>
      page
        .getByRole('link', { name, exact: true })
        .first()
        .evaluate((link) => {
          const style = getComputedStyle(link);
          return { text: style.color, background: style.backgroundColor };
        });
    await page.goto('/');
    // The theme's blue.600 under white text (5.2:1), and blue.700 for the tour's link.
    assert.deepEqual(await colours('Join Free'), { text: 'rgb(255, 255, 255)', background: 'rgb(37, 99, 235)' });
    assert.deepEqual(await colours('Enroll Now'), { text: 'rgb(255, 255, 255)', background: 'rgb(37, 99, 235)' });
    assert.equal((await colours('Watch how it works')).text, 'rgb(23, 61, 166)');
    await page.goto(`/course/${await firstCourseId()}`);
    assert.deepEqual(await colours('Course Enroll'), { text: 'rgb(255, 255, 255)', background: 'rgb(37, 99, 235)' });
    await context.close();
  });

  it('is taken over by its scripts without drawing anything again: no hydration error, and it reacts', async () => {
    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page } = visit;
    await page.goto('/allCourses');
    await page.getByRole('link', { name: 'Free', exact: true }).click();
    await page.waitForURL(/section=FREE/);
    await expectText(page, 'Start your Learning with our Free Courses');
    await page.goto(`/course/${await firstCourseId()}`);
    await expectText(page, 'Course Tutor');
    visit.assertNoErrors();
    await visit.close();
  });

  it('holds a phone page still while it arrives over a slow network and its scripts take over', async () => {
    const visit = await openPage(browser, { width: 390, height: 844 });
    const { page, context } = visit;
    const network = await context.newCDPSession(page);
    await network.send('Network.enable');
    // Slow enough that each page's HTML arrives, and is drawn, in several pieces.
    await network.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: 50_000, uploadThroughput: 50_000 });
    await page.addInitScript(() => {
      const measured = window as unknown as { layoutShift: number };
      measured.layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Array<{ value: number; hadRecentInput: boolean }>) {
          if (!entry.hadRecentInput) measured.layoutShift += entry.value;
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/allCourses', `/course/${await firstCourseId()}`]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const shift = await page.evaluate(() => (window as unknown as { layoutShift: number }).layoutShift);
      assert.ok(shift < 0.05, `${path} moved while it arrived (layout shift ${shift.toFixed(3)})`);
    }
    visit.assertNoErrors();
    await visit.close();
  });

  it('sends a search typed before the scripts run to the search page', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('search').first().getByLabel('Search courses').fill('physics');
    await page.getByRole('search').first().getByRole('button', { name: 'Search' }).click();
    await page.waitForURL('**/search?q=physics');
    await context.close();
  });

  it("sends the blog, a post, reviews, login and sign-up with their content, and the visitor's Login and Registration", async () => {
    const posts = (await (await fetch(`${baseUrl}/blogs.json`)).json()) as Array<{ _id: string; title: string }>;
    const pages: Array<[string, RegExp]> = [
      ['/blog', new RegExp(posts[0].title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))],
      [`/blog/${posts[0]._id}`, /<h1[^>]*>[^<]+<\/h1>/],
      ['/reviews', /data-testid="review-card"/],
      ['/login', /<button[^>]*type="submit"[^>]*>Login<\/button>/],
      ['/signUp', /Sign Up<\/button>/],
    ];
    for (const [path, content] of pages) {
      const visitor = await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html' } })).text();
      assert.match(visitor, content, `${path} has its content`);
      assert.match(visitor, /<div id="root" data-visitor="">/, `${path} is drawn for a visitor`);
      assert.match(visitor, /href="\/signUp"[^>]*>Registration<\/a>/, `${path} offers Registration`);
      const returning = await (await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', cookie: 'shikhon_signed_in=1' } })).text();
      assert.match(returning, content, `${path} has its content for a returning user`);
      assert.doesNotMatch(returning, />Registration<\/a>/, `${path} offers no Registration to a browser that was signed in`);
    }
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Registration' }).first().waitFor();
    await context.close();
  });

  it('lets the browser send a password itself before the scripts run only as a POST to the server', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseUrl });
    const page = await context.newPage();
    for (const [path, form, button] of [
      ['/login', 'Login', 'Login'],
      ['/signUp', 'Sign up', 'Sign Up'],
    ]) {
      await page.goto(path);
      const sent = page.getByRole('form', { name: form });
      assert.equal(await sent.getAttribute('method'), 'post', `${path}: a form sent by the browser keeps the password out of the address`);
      assert.equal(await sent.getAttribute('action'), path, `${path}: the server's form route takes it (server/src/http/page-forms.ts)`);
      assert.equal(await sent.getByRole('button', { name: button, exact: true }).isDisabled(), false, `${path}: it works without scripts`);
    }
    await context.close();
  });

  it('keeps an email and password typed while the scripts are still loading, and signs in with them', async () => {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    // A slow phone: the page's scripts arrive well after its HTML.
    await page.route('**/assets/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Email', { exact: true }).fill('student@shikhon.test');
    await page.getByLabel('Password', { exact: true }).fill('Student123!');
    assert.equal(await page.evaluate(() => 'interactive' in document.documentElement.dataset), false, 'typed before the scripts took over');
    await page.waitForSelector('html[data-interactive]');
    assert.equal(await page.getByLabel('Email', { exact: true }).inputValue(), 'student@shikhon.test');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('link', { name: 'Continue learning' }).waitFor();
    await context.close();
  });

  it('never shows a signed-in user Login or Registration while the page arrives', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill('student@shikhon.test');
    await page.getByLabel('Password', { exact: true }).fill('Student123!');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('button', { name: 'Account menu for Demo Student' }).waitFor();
    await page.addInitScript(() => {
      const seen = window as unknown as { sawRegistration: boolean };
      seen.sawRegistration = false;
      const look = () => {
        if ([...Array.from(document.querySelectorAll('header a'))].some((a) => a.textContent === 'Registration')) seen.sawRegistration = true;
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true });
    });
    for (const path of ['/', '/blog', '/reviews']) {
      await page.goto(path);
      await page.getByRole('button', { name: 'Account menu for Demo Student' }).waitFor();
      assert.equal(await page.evaluate(() => (window as unknown as { sawRegistration: boolean }).sawRegistration), false, `${path} showed Registration`);
    }
    visit.assertNoErrors();
    await visit.close();
  });

  it("a visitor's page keeps its Login and Registration as the scripts take it over, with no hydration error", async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    for (const path of ['/login', '/signUp', '/blog', '/reviews']) {
      await page.goto(path);
      await page.getByRole('link', { name: 'Registration' }).first().waitFor();
    }
    await page.getByRole('link', { name: 'Login' }).first().click();
    await page.waitForURL('**/login');
    visit.assertNoErrors();
    await visit.close();
  });
});
