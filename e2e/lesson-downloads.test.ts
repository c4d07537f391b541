import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { makeSampleVideo } from '@shikhon/server/test-support/sample-video.cjs';
import { logIn, newEmail, signUp } from './support/accounts';
import { baseUrl, launchBrowser, openPage } from './support/browser';
import { bangla, text } from './support/catalogues';
import { sql } from './support/database';
import { openPhone, untilKept } from './support/phone';

let browser: Browser;
before(async () => {
  browser = await launchBrowser();
});
// The course this file makes stays unpublished: no other file sees it.
after(() => browser.close());

const bn = (key: string) => text(bangla, key);

async function graphql<T>(query: string, variables: Record<string, unknown>, token?: string): Promise<T> {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data?: T; errors?: unknown };
  if (!body.data) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A course of the demo instructor with one lesson, its video uploaded and made into HLS (240p and audio). */
async function courseWithVideo(): Promise<string> {
  const { login } = await graphql<{ login: { accessToken: string } }>(
    'mutation ($e: String!, $p: String!) { login(email: $e, password: $p) { accessToken } }',
    { e: 'instructor@shikhon.test', p: 'Instructor123!' },
  );
  const { createCourse } = await graphql<{ createCourse: { id: string } }>(
    'mutation ($input: CourseInput!) { createCourse(input: $input) { id } }',
    {
      input: {
        name: `ভগ্নাংশ ডাউনলোড ${Date.now()}`,
        description: 'অর্ধেক, চার ভাগের এক ভাগ।',
        price: 0,
        category: 'PROFESSIONAL',
        lessons: [{ title: 'ভগ্নাংশ কী' }],
      },
    },
    login.accessToken,
  );
  const teacher = await openPage(browser);
  await teacher.page.goto('/login');
  await logIn(teacher.page, 'instructor@shikhon.test', 'Instructor123!');
  await teacher.page.waitForURL((url) => !url.pathname.startsWith('/login'));
  await teacher.page.goto(`/instructor-dashboard/upload-course/${createCourse.id}`);
  const upload = teacher.page.getByTestId('video-upload');
  await upload.getByRole('button', { name: 'Upload video' }).waitFor();
  await teacher.page
    .locator('input[type="file"][aria-label="Upload a video for Lesson 1"]')
    .setInputFiles(makeSampleVideo({ seconds: 12, height: 240, videoBitrate: '300k', fileName: 'fractions-download.mp4' }));
  await upload.getByText('Ready', { exact: true }).waitFor({ timeout: 240_000 });
  await teacher.close();
  return createCourse.id;
}

/** Plays the lesson's video (muted, as a test may; started again until it has its data) until it is past `seconds`. */
const playedPast = (page: Page, seconds: number) =>
  page.waitForFunction(
    (s) => {
      const video = document.querySelector('video');
      if (!video) return false;
      if (video.paused && video.readyState >= 2) {
        video.muted = true;
        void video.play().catch(() => undefined);
      }
      return video.currentTime > s;
    },
    seconds,
    { polling: 200, timeout: 30_000 },
  );

describe('lessons kept on the phone, in Bangla', () => {
  it(
    "an enrolled student downloads a lesson (its size first, then the progress), plays it and marks it done with no network; the completion reaches the server once back online; an expired download and a refunded course's download are taken away",
    { timeout: 400_000 },
    async () => {
      const courseId = await courseWithVideo();
      const visit = await openPhone(browser, { offline: true });
      const { page, context } = visit;
      const email = newEmail('downloads');
      await signUp(page, { name: 'শিক্ষার্থী মিতু', email, password: 'a good password', phone: '+880 1811-490050' });
      await page.waitForURL((url) => url.pathname === '/');
      await sql(
        `INSERT INTO enrollment ("studentId", "courseId", "courseName", "courseDescription", email)
       SELECT u.id, c.id, c.name, c.description, u.email FROM "user" u, course c WHERE u.email = $1 AND c.id = $2`,
        [email, courseId],
      );

      // The site's service worker runs this page (it installs in the background on the first visit).
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 60_000 });
      await page.goto(`/myCoursePlay/${courseId}?lang=bn`);
      await page.getByTestId('hls-player').waitFor();
      // The size comes first, on the button.
      const download = page.getByTestId('lesson-download').getByRole('button', { name: /^ডাউনলোড \([০-৯.,]+ এমবি\)$/ });
      await download.waitFor();
      // 240p is chosen unless the student picks another rendition (this video has no 360p); each shows its size.
      await page.getByRole('radio', { name: /^২৪০p \([০-৯.,]+ এমবি\)$/, checked: true }).waitFor();
      await page.getByRole('radio', { name: /^শুধু অডিও \([০-৯.,]+ এমবি\)$/, checked: false }).waitFor();
      // A slow connection, to see the progress segment by segment.
      await page.route('**/240p/seg_*.ts', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.continue();
      });
      await download.click();
      await page
        .getByTestId('lesson-download')
        .getByText(/^ডাউনলোড হচ্ছে: ([০-৯]+)টির মধ্যে [১-৯][০-৯]*টি অংশ$/)
        .waitFor();
      await page
        .getByTestId('lesson-download')
        .getByText(/^এই পাঠ আপনার ফোনে রাখা আছে/)
        .waitFor({ timeout: 60_000 });

      // No network: the lesson plays from the phone, for 10 seconds of its 12.
      await context.setOffline(true);
      await page.getByTestId('hls-player').waitFor();
      await playedPast(page, 10);

      // Marked done with no network: kept on the phone, sent once the network is back, counted once.
      await page.getByText(bn('player.completed'), { exact: true }).click();
      await page.getByText(bn('player.keptOffline')).waitFor();
      await page.getByRole('checkbox', { name: bn('player.completed'), checked: true }).waitFor();
      const completions = () =>
        sql<{ count: number }>(
          `SELECT count(*)::int AS count FROM lesson_progress p JOIN "user" u ON u.id = p."studentId" WHERE u.email = $1 AND p."completedAt" IS NOT NULL`,
          [email],
        );
      assert.equal((await completions())[0].count, 0, 'nothing reached the server while offline');
      await context.setOffline(false);
      await page.getByTestId('progress-text').filter({ hasText: '১টি পাঠের মধ্যে ১টি শেষ · ১০০%' }).waitFor({ timeout: 30_000 });
      await page.waitForFunction(() => !localStorage.getItem('player:progress-outbox'), undefined, { timeout: 30_000 });
      assert.equal((await completions())[0].count, 1, 'the lesson is done on the server, once');

      // The list of downloads on My Courses: the lesson with its size, and the space used and left.
      await page
        .getByTestId('lesson-download')
        .getByRole('link', { name: bn('download.list') })
        .click();
      await page.waitForURL((url) => url.pathname === '/mycourses');
      await page
        .getByTestId('downloaded-lesson')
        .filter({ hasText: /^ভগ্নাংশ কী.*· [০-৯.,]+ এমবি/ })
        .waitFor();
      // Kept 30 days from today (renewed at every visit online while the enrollment lasts).
      await page
        .getByTestId('kept-until')
        .filter({ hasText: /^[০-৯]+ [^ ]+, [০-৯]{4} পর্যন্ত রাখা থাকবে$/ })
        .waitFor();
      await page
        .getByTestId('storage-space')
        .filter({ hasText: /^এই ফোনে ব্যবহার হয়েছে: [০-৯.,]+ এমবি। খালি আছে: [০-৯.,]+ এমবি।$/ })
        .waitFor();
      await untilKept(page, '/mycourses');

      // Reloaded with no network, My Courses lists it and plays it.
      await context.setOffline(true);
      await page.reload();
      const kept = page.getByTestId('downloaded-lesson').filter({ hasText: 'ভগ্নাংশ কী' });
      await kept.getByRole('button', { name: bn('downloads.watch') }).click();
      await kept.getByTestId('hls-player').waitFor();
      await playedPast(page, 3);

      // Removed, it is gone from the phone.
      await kept.getByRole('button', { name: bn('downloads.remove') }).click();
      await page.getByText(bn('downloads.empty')).waitFor();
      assert.equal(await page.evaluate(async () => (await (await caches.open('shikhon-lessons-v1')).keys()).length), 0, 'nothing of it is left');
      await context.setOffline(false);

      // Downloaded again, then refunded (as a refund ends the enrollment): gone at the next visit online.
      await page.goto(`/myCoursePlay/${courseId}`);
      await download.click();
      await page
        .getByTestId('lesson-download')
        .getByText(/^এই পাঠ আপনার ফোনে রাখা আছে/)
        .waitFor({ timeout: 60_000 });
      // Past its keeping, a download is removed and offered again.
      await page.evaluate(async () => {
        const cache = await caches.open('shikhon-lessons-v1');
        const info = (await cache.keys()).find((request) => request.url.endsWith('/lesson.json'));
        const lesson = (await (await cache.match(info!))!.json()) as object;
        await cache.put(info!, Response.json({ ...lesson, keptUntil: new Date(Date.now() - 1000).toISOString() }));
      });
      await page.reload();
      await download.waitFor();
      assert.equal(await page.evaluate(async () => (await (await caches.open('shikhon-lessons-v1')).keys()).length), 0, 'the expired lesson is gone');
      await download.click();
      await page
        .getByTestId('lesson-download')
        .getByText(/^এই পাঠ আপনার ফোনে রাখা আছে/)
        .waitFor({ timeout: 60_000 });
      await sql(`UPDATE enrollment SET "revokedAt" = now() WHERE "courseId" = $1 AND email = $2`, [courseId, email]);
      await page.goto('/mycourses');
      await page.getByText(bn('downloads.empty')).waitFor();
      assert.equal(await page.getByTestId('downloaded-lesson').count(), 0);
      await visit.close();
    },
  );
});
