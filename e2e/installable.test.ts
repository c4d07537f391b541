import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { newEmail, signUp } from './support/accounts';
import { openWithProfile, type Visit } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { openPhoneMenu, PHONE, untilKept } from './support/phone';

const bn = (key: string) => text(bangla, key);

let visit: Visit;
let course: { id: string; name: string };
before(async () => {
  // One phone for the whole file, with a profile of its own: a private window cannot install an app.
  visit = await openWithProfile(PHONE);
  const email = newEmail('installable');
  await signUp(visit.page, { name: 'শিক্ষার্থী রাফি', email, password: 'a good password', phone: '+880 1811-490049' });
  await visit.page.waitForURL((url) => url.pathname === '/');
  [course] = await sql<{ id: string; name: string }>(`SELECT id, name FROM course WHERE published ORDER BY name LIMIT 1`);
  // Enrolled as a purchase would (payments have their own tests).
  await sql(
    `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email)
     SELECT u.id, c.id, c.name, c.description, u.email FROM "user" u, course c WHERE u.email = $1 AND c.id = $2`,
    [email, course.id],
  );
});
after(() => visit.close());

describe('the installable app, on a phone in Bangla', () => {
  it('can be installed: the browser finds no installability errors, and the manifest is in Bangla', async () => {
    const { page, context } = visit;
    await page.goto('/?lang=bn');
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: Array<{ errorId: string }> };
    assert.deepEqual(installabilityErrors, []);
    const { url, data } = (await cdp.send('Page.getAppManifest')) as { url: string; data: string };
    assert.match(url, /\/manifest\.webmanifest\?lang=bn$/);
    const manifest = JSON.parse(data) as {
      name: string;
      short_name: string;
      display: string;
      start_url: string;
      icons: Array<{ sizes: string; purpose: string }>;
    };
    assert.equal(manifest.name, 'শিখন');
    assert.equal(manifest.short_name, 'শিখন');
    assert.equal(manifest.display, 'standalone');
    assert.equal(manifest.start_url, '/');
    for (const size of ['192x192', '512x512'])
      assert.ok(
        manifest.icons.some((icon) => icon.sizes === size && icon.purpose === 'maskable'),
        `a maskable icon of ${size}`,
      );
    await cdp.detach();
  });

  it('offers "Install the app" in the menu only once the browser offers to install it', async () => {
    const { page } = visit;
    await page.goto('/');
    const menu = await openPhoneMenu(page, { toggle: bn('header.openMenu'), menu: bn('header.phoneNav') });
    const install = menu.getByRole('button', { name: 'অ্যাপ ইনস্টল করুন' });
    assert.equal(await install.count(), 0);
    // Chromium offers it once the visitor has used the site a while; the test cannot wait for that, so it fires the offer as Chromium would.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => ((window as unknown as { prompted: boolean }).prompted = true),
      });
      window.dispatchEvent(offer);
    });
    await install.waitFor();
    assert.ok(((await install.boundingBox())?.height ?? 0) >= 44, 'a row easy to tap');
    await install.click();
    assert.equal(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted), true, "the browser's install dialog was asked for");
    assert.equal(await install.count(), 0, 'the offer is used up');
  });

  it('reloads a course page and My Courses it opened, with no network', async () => {
    const { page, context } = visit;
    await page.goto(`/course/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    await untilKept(page, `/course/${course.id}`);
    // My Courses, reached inside the app: the page keeps itself, and its list.
    await page.goto('/');
    const menu = await openPhoneMenu(page, { toggle: bn('header.openMenu'), menu: bn('header.phoneNav') });
    await menu.getByRole('link', { name: bn('account.learning') }).click();
    await page.waitForURL((url) => url.pathname === '/mycourses');
    await page.getByTestId('enrollment').filter({ hasText: course.name }).waitFor();
    await untilKept(page, '/mycourses');

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: bn('learning.title') }).waitFor();
    await page.getByTestId('enrollment').filter({ hasText: course.name }).waitFor();
    await page.getByText(bn('learning.keptOffline')).waitFor();

    await page.goto(`/course/${course.id}`);
    await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: course.name }).waitFor();
    await context.setOffline(false);
  });

  it('shows the offline page in Bangla for a page this phone never opened', async () => {
    const { page, context } = visit;
    await context.setOffline(true);
    await page.goto('/about');
    await page.getByRole('heading', { level: 1, name: 'আপনি অফলাইনে আছেন' }).waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'bn');
    await page.getByRole('link', { name: 'আমার কোর্স' }).waitFor();
    await context.setOffline(false);
  });
});
