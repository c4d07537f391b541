import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { logIn, newEmail, signUp } from './support/accounts';
import { baseUrl, expectText, launchBrowser, openPage } from './support/browser';
import { openPhoneMenu, PHONE } from './support/phone';

// The home page's first section, in each language (the English one is the specification's).
const FREE_EN = 'Start your Learning with our Free Courses';
const FREE_BN = 'ফ্রি কোর্স দিয়ে শেখা শুরু করুন';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
after(() => browser.close());

const htmlLang = (page: Page) => page.evaluate(() => document.documentElement.lang);

/**
 * A page as the server renders it. A render that takes longer than the server allows (a busy
 * machine, the renderer's first load) gets the plain page instead; asked again, it comes rendered.
 */
async function renderedPage(path: string, headers: Record<string, string> = {}): Promise<{ res: Response; html: string }> {
  for (let attempt = 1; ; attempt++) {
    const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', ...headers } });
    const html = await res.text();
    if (html.includes('<div id="root" data-visitor=""><') || attempt === 20) return { res, html };
  }
}

describe('Bangla and English', () => {
  it('sends a Bangla page from the server for ?lang=bn: <html lang="bn">, Bangla text, Bengali digits, the phone’s own Bangla face before ours, the choice kept', async () => {
    const { res, html } = await renderedPage('/?lang=bn');
    assert.match(html, /<html lang="bn"/);
    assert.ok(html.includes(FREE_BN), 'the first section has its Bangla title');
    assert.match(html, /দাম: ৳[০-৯]/, 'prices are written taka first, with Bengali digits');
    // A phone with Noto Sans Bengali (every Android phone) downloads nothing; others download ours, not ahead of the scripts.
    assert.match(
      html,
      /@font-face\{font-family:'Shikhon Bangla';[^}]*src:local\('Noto Sans Bengali Regular'\),[^}]*url\(\/assets\/noto-sans-bengali-bengali-400-normal-[^)]+\.woff2\)/,
    );
    assert.ok(!html.includes('as="font"'), 'the font is not preloaded');
    assert.ok(!html.includes(FREE_EN));
    assert.match(res.headers.get('set-cookie') ?? '', /^lang=bn;.*SameSite=Lax/);

    const { html: english } = await renderedPage('/', { 'accept-language': 'en-US,en;q=0.9' });
    assert.match(english, /<html lang="en"/);
    assert.ok(english.includes(FREE_EN));
    assert.ok(!english.includes('as="font"'), 'English pages download no font');
  });

  it('switches to Bangla and back from the header; <html lang> follows and the choice survives a reload', async () => {
    const visit = await openPage(browser);
    const { page } = visit;
    await page.goto('/');
    await expectText(page, FREE_EN);
    assert.equal(await htmlLang(page), 'en');

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'বাংলা' }).click();
    await expectText(page, FREE_BN);
    assert.equal(await htmlLang(page), 'bn');
    assert.match(await page.evaluate(() => getComputedStyle(document.body).fontFamily), /^"?Shikhon Bangla"?,/);
    await page.reload();
    await expectText(page, FREE_BN);
    assert.equal(await htmlLang(page), 'bn');
    await expectText(page, 'কোর্সসমূহ');

    await page.getByRole('navigation', { name: 'প্রধান' }).getByRole('link', { name: 'English' }).click();
    await expectText(page, FREE_EN);
    assert.equal(await htmlLang(page), 'en');
    await page.reload();
    await expectText(page, FREE_EN);
    assert.equal(await htmlLang(page), 'en');
    visit.assertNoErrors();
    await visit.close();
  });

  it('offers the switch in the phone menu too', async () => {
    const visit = await openPage(browser, PHONE);
    const { page } = visit;
    await page.goto('/allCourses');
    const menu = await openPhoneMenu(page);
    await menu.getByRole('link', { name: 'বাংলা' }).click();
    await page.getByRole('heading', { level: 1, name: 'সব কোর্স' }).waitFor();
    assert.equal(await htmlLang(page), 'bn');
    visit.assertNoErrors();
    await visit.close();
  });

  it('keeps a signed-in person’s choice with the account: signing in on another device speaks it', async () => {
    const email = newEmail('bangla');
    const password = 'a long enough password';
    const first = await openPage(browser);
    await signUp(first.page, { name: 'Sadia Islam', email, password });
    await first.page.waitForURL((url) => !url.pathname.toLowerCase().startsWith('/signup'));
    await first.page.goto('/');
    const saved = first.page.waitForResponse((res) => res.url().endsWith('/graphql') && res.request().postData()?.includes('SetLanguage') === true);
    await first.page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'বাংলা' }).click();
    await expectText(first.page, FREE_BN);
    assert.equal((await saved).status(), 200);
    await first.close();

    const second = await openPage(browser);
    await second.page.goto('/login');
    assert.equal(await htmlLang(second.page), 'en');
    await logIn(second.page, email, password);
    await second.page.waitForFunction(() => document.documentElement.lang === 'bn');
    await second.page.goto('/');
    await expectText(second.page, FREE_BN);
    await second.close();
  });
});
